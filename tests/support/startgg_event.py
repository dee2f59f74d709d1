"""A taikai event and the same event on the start.gg stand-in, linked: every match its set, every entrant
its entrant, the title's characters and stages their ids (tests of the report queue, issue 39)."""
from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events, game_catalogue
from webapp.services.ties import links

UNPLAYED = ("bye", "void")


def played_event(fmt: str = "double_elimination", players: int = 8, game: str = "ssbu"):
    """(event, phase): a started 1on1 phase of ``players`` entrants."""
    event = events.create_event(f"スマブラ {fmt}", "standard_1on1", game=game)
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "本戦", fmt)
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def catalogue_ids(event) -> tuple[dict, dict]:
    """start.gg's ids for the title's characters (the catalogue's, else made up) and stages (made up)."""
    title = game_catalogue.event_title(event)
    characters = {c.key: c.startgg_id or 90000 + n for n, c in enumerate(title.characters)}
    stages = {s.key: 500 + n for n, s in enumerate(title.stages)}
    return characters, stages


def on_standin(gg, event, phase, token: str | None = None):
    """Put the phase on the stand-in as start.gg holds it and link the event; returns the link."""
    characters, stages = catalogue_ids(event)
    title = game_catalogue.event_title(event)
    matches = [m for b in phase.brackets for m in b.matches if m.status not in UNPLAYED]
    set_ids = {m.key: 70000 + n for n, m in enumerate(matches)}
    entrant_ids = {e.id: 8000 + e.id for e in event.entrants}
    group = {"id": 3100, "displayIdentifier": "1", "bracketType": "DOUBLE_ELIMINATION"}
    gg.event = {"id": 1200, "slug": "tournament/taikai-test/event/ultimate-singles", "name": event.name,
                "videogame": {"id": 1386, "name": title.name_en, "displayName": title.name_en,
                              "characters": [{"id": i, "name": k} for k, i in characters.items()],
                              "stages": [{"id": i, "name": k} for k, i in stages.items()]},
                "phases": [{"id": 2100, "name": phase.name, "bracketType": "DOUBLE_ELIMINATION",
                            "phaseGroups": {"nodes": [group]}}],
                "entrants": {"nodes": [{"id": entrant_ids[e.id], "name": e.name, "initialSeedNum": e.seed,
                                        "participants": [{"id": entrant_ids[e.id] + 1, "gamerTag": e.name}]}
                                       for e in event.entrants]}}
    for m in matches:
        gg.sets[set_ids[m.key]] = _set(m, set_ids[m.key], group["id"], entrant_ids)
        gg.routes[set_ids[m.key]] = {role: (set_ids[to[0]], int(to[1]))
                                     for role, to in (("winner", m.winner_to), ("loser", m.loser_to))
                                     if to and to[0] in set_ids}
    link = links.link(event, "startgg", gg.event["slug"], token or gg.token)
    links.remember(link, "match", {m.id: set_ids[m.key] for m in matches})
    links.remember(link, "entrant", entrant_ids)
    links.remember(link, "character", characters)
    links.remember(link, "stage", stages)
    db.session.commit()
    return link


def _set(match, set_id: int, group_id: int, entrant_ids: dict) -> dict:
    first = match.round == 1 and match.side == "W"
    slots = [{"entrant": {"id": entrant_ids[e]} if first and e else None, "standing": None,
              "prereqType": "seed" if first else "set", "prereqId": None, "prereqPlacement": None}
             for e in (match.slot_a, match.slot_b)]
    return {"id": set_id, "group": group_id, "round": match.round if match.side != "L" else -match.round,
            "identifier": match.key, "fullRoundText": "", "state": 1, "winnerId": None, "games": [],
            "slots": slots}


def taikai_bodies(link) -> dict[str, dict | None]:
    """What taikai holds for every linked set, in the queue's shape (None: undecided)."""
    from webapp.models import MatchRow
    from webapp.services.reads import standings
    from webapp.services.ties import queue, results

    ids, out = queue.ids_of(link), {}
    names = standings.names(link.event_id)
    for t in link.ids:
        if t.kind == "match":
            out[t.remote] = results.body_of(db.session.get(MatchRow, int(t.local)), names, ids)
    return out


def standin_bodies(gg) -> dict[str, dict | None]:
    """What the stand-in holds for every set, read through start.gg's answer shape."""
    from webapp.services.ties import results
    out = {}
    for set_id, one in gg.sets.items():
        shaped = {**one, "games": [{**g, "stage": g["stage"]} for g in one["games"]]}
        out[str(set_id)] = results.held(shaped)
    return out
