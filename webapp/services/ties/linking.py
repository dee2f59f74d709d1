"""Reading an event from start.gg and building the same bracket in taikai (issue 39.1, 39.2).

``read`` asks start.gg for the event (videogame with its characters and stages, phases and phase groups,
entrants with seeds and participants) and every set of its phase group with where each slot comes from.
``build`` makes the entrants and the phase, generates taikai's bracket from start.gg's seeds and pairs
every match with its set by the shape of the two brackets (``shapes``); when start.gg holds what taikai
cannot build (another format, a bracket whose players move otherwise) it says so and nothing is
created. An event of several phase groups or phases (pools, then a top cut) is built by ``pools``.
Characters and stages are matched to the game catalogue by name; what did not match is kept for the desk.
"""
import unicodedata

from ...extensions import db
from ...models import Event, TieLink
from ...tournament.errors import N_
from .. import ServiceError
from ..entrants import entrant_lists
from ..matches import brackets
from ..setup import events, game_catalogue
from . import links, pairing, pools, startgg_api

FORMATS = {"SINGLE_ELIMINATION": "single_elimination", "DOUBLE_ELIMINATION": "double_elimination"}


def read(link: TieLink, url: str = startgg_api.URL) -> dict:
    """The event as start.gg holds it: its one phase group's sets, or its phases (pools.py builds those);
    refused in words when start.gg has no such event, too many entrants, or no bracket made yet."""
    found = startgg_api.call(link.token, startgg_api.EVENT, {"slug": link.slug}, url=url).get("event")
    if not found:
        raise ServiceError("tie.no_event", N_("start.gg has no event at that address, or the token cannot read it."))
    people = sorted(_entrants(found), key=lambda e: (e.get("initialSeedNum") or 10**6))
    out = {"id": found["id"], "videogame": _videogame(found.get("videogame")),
           "entrants": [{"id": e["id"], "name": _name(e)} for e in people]}
    phases = sorted(found.get("phases") or [], key=lambda p: (p.get("phaseOrder") or 0))
    groups = [g for p in phases for g in _groups(p)]
    if not phases or not _groups(phases[0]):  # an event still registering: its bracket is not made yet
        raise ServiceError("tie.no_bracket", N_("start.gg's event has no bracket yet: make its phases and pools "
                                                "on start.gg, then link it again."))
    if len(phases) == 1 and len(groups) == 1:
        return {**out, "format": _format(groups[0], phases[0]), "phase_name": phases[0].get("name") or "",
                "sets": _group_sets(link, groups[0]["id"], url)}
    return {**out, "phases": [_phase(link, p, url) for p in phases]}


def _entrants(found: dict) -> list[dict]:
    """The event's entrants, all of them or a refusal: never the first page quietly taken for the whole."""
    listed = found.get("entrants") or {}
    total = (listed.get("pageInfo") or {}).get("total") or 0
    nodes = listed.get("nodes") or []
    if max(total, len(nodes)) > startgg_api.MAX_ENTRANTS:
        raise ServiceError("tie.too_many", N_("start.gg lists %(count)s entrants: taikai links an event of at most "
                                              "%(max)s."), count=max(total, len(nodes)), max=startgg_api.MAX_ENTRANTS)
    return nodes


def shown(text, limit: int = 100) -> str:
    """A name a service sent, as taikai keeps it: text without control or invisible characters, cut to
    the column (tie_id.local: 100). Markup stays text: every page escapes it."""
    return "".join(c for c in str(text or "") if unicodedata.category(c) not in ("Cc", "Cf"))[:limit]


def _videogame(game: dict | None) -> dict:
    """start.gg's videogame: its id, characters and stages as {id, name} (names kept as text)."""
    game = game or {}
    listed = {kind: [{"id": i["id"], "name": shown(i.get("name"))} for i in game.get(kind) or []]
              for kind in ("characters", "stages")}
    return {"id": game.get("id") or "", **listed}


def _groups(phase: dict) -> list[dict]:
    """A start.gg phase's groups (its pools, or its one bracket)."""
    return (phase.get("phaseGroups") or {}).get("nodes") or []


def _phase(link: TieLink, phase: dict, url: str) -> dict:
    """One of several phases: its groups with their sets, and its seeds (pools.plan reads them)."""
    groups = _groups(phase)
    return {"id": str(phase["id"]), "name": phase.get("name") or "",
            "format": _format(groups[0] if groups else {}, phase),
            "groups": [{"id": str(g["id"]), "format": _format(g, phase), "sets": _group_sets(link, g["id"], url)}
                       for g in groups],
            "seeds": pools.read_seeds(link, str(phase["id"]), url)}


def _format(group: dict, phase: dict) -> str:
    kind = group.get("bracketType") or phase.get("bracketType")
    if kind not in FORMATS:
        raise ServiceError("tie.format", N_("start.gg's bracket is %(format)s, which taikai cannot build the same "
                                            "way (single and double elimination only)."), format=kind)
    return FORMATS[kind]


def _group_sets(link: TieLink, group_id, url: str) -> dict:
    sets, page, pages = [], 1, 1
    while page <= pages:
        answer = startgg_api.call(link.token, startgg_api.GROUP_SETS, {"groupId": group_id, "page": page},
                                  url=url).get("phaseGroup") or {}
        sets += (answer.get("sets") or {}).get("nodes") or []
        pages = startgg_api.pages(answer, "sets")
        page += 1
    return {str(s["id"]): _their_slots(s) for s in sets}


def build(event: Event, link: TieLink, remote: dict) -> dict:
    """Make the entrants and the bracket, pair every match with its set; or refuse with nothing made."""
    if event.entrants or event.phases:
        raise ServiceError("tie.not_empty", N_("Link start.gg to a new event: this one already has entrants or "
                                               "phases."))
    _take_the_game(event, remote.get("videogame") or {})
    if "phases" in remote:
        built = pools.build(event, link, remote)
        remember(link, remote, {}, {})
        return built
    people = remote["entrants"]
    savepoint = db.session.begin_nested()
    rows = [{"name": e["name"], "seed": n, "members": []} for n, e in enumerate(people, start=1)]
    added = entrant_lists.add_entrants(event, rows)
    phase = events.add_phase(event, remote["phase_name"] or link.service, remote["format"])
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    matched, ours_left, theirs_left = _follow_drops(phase, remote["sets"])
    if ours_left or theirs_left:
        savepoint.rollback()
        raise ServiceError("tie.shape", N_("start.gg's bracket moves players differently from taikai's "
                                           "(%(count)s sets differ): taikai cannot follow it."),
                           count=len(ours_left) + len(theirs_left))
    savepoint.commit()
    remember(link, remote, matched, {e.id: str(p["id"]) for e, p in zip(added, people, strict=True)})
    return {"entrants": len(added), "sets": len(matched)}


def rebuild(event: Event, link: TieLink, remote: dict) -> dict:
    """Read again before the day starts: the entrants and seeds as they are there now, the bracket built
    again; what changed ({"added": names, "removed": names, "moved": seeds that changed}). Once a match
    has been played (or entered at all) the bracket stays as it is."""
    if any(m.winner_id is not None or m.actions for p in event.phases for b in p.brackets for m in b.matches):
        raise ServiceError("tie.started", N_("Matches have been played: start.gg is no longer read in. Change "
                                             "entrants at the desk."))
    before = {t.remote: int(t.local) for t in link.ids if t.kind == "entrant"}
    seeds = {e.id: (e.name, e.seed) for e in event.entrants}
    now = {e["id"]: (e["name"], n) for n, e in enumerate(remote["entrants"], start=1)}
    changes = {"added": [now[r][0] for r in now if r not in before],
               "removed": [seeds[i][0] for r, i in before.items() if r not in now and i in seeds],
               "moved": sum(1 for r, i in before.items() if r in now and i in seeds and seeds[i][1] != now[r][1])}
    if not any(changes.values()):
        return changes
    for row in [t for t in link.ids if t.kind in ("match", "entrant", *pools.KINDS)]:
        db.session.delete(row)
    link.ids_version = (link.ids_version or 0) + 1
    event.phases.clear()
    db.session.flush()
    event.entrants.clear()
    db.session.flush()
    build(event, link, remote)
    return changes


def _take_the_game(event: Event, game: dict) -> None:
    """An event without a game takes start.gg's videogame when the catalogue knows its id."""
    if event.game or not game.get("id"):
        return
    for title in game_catalogue.all_titles():
        if title.startgg_id and str(title.startgg_id) == str(game["id"]):
            event.game = title.key
            return


def _name(entrant: dict) -> str:
    """Its name as start.gg shows it (without invisible characters: a tag's zero-width space is not a name)."""
    return shown(entrant.get("name") or next((p.get("gamerTag") for p in entrant.get("participants") or []), ""),
                 1000) or "?"


def _follow_drops(phase, sets: dict) -> tuple[dict, list, list]:
    """Pair the phase's one bracket with the service's sets (pairing.follow_drops)."""
    nodes = {m.id: m for b in phase.brackets for m in b.matches}
    seed_of = {e.id: n for n, e in enumerate(sorted(phase.event.entrants, key=lambda e: e.seed), start=1)}
    matched, left = pairing.follow_drops(nodes, sets, pairing.origins_by(seed_of.get))
    return matched, [None] * left, []


def _their_slots(one: dict) -> list:
    """A start.gg set's two slots as origins: ("seed", n), ("winner"|"loser", set id) or None."""
    out = []
    for slot in (one.get("slots") or [])[:2]:
        kind = slot.get("prereqType")
        if kind == "set" and slot.get("prereqId"):
            out.append(("winner" if int(slot.get("prereqPlacement") or 1) == 1 else "loser", str(slot["prereqId"])))
        elif kind == "seed" and (slot.get("seed") or {}).get("seedNum"):
            out.append(("seed", int(slot["seed"]["seedNum"])))
        else:
            out.append(None)
    return out


def remember(link: TieLink, remote: dict, matched: dict, entrants: dict) -> None:
    """Keep the ids on both sides: sets, entrants, characters and stages (a mirrored copy's too: mirrored)."""
    game = remote.get("videogame") or {}
    link.remote_id, link.videogame_id = remote["id"], str(game.get("id") or "")
    links.remember(link, "match", matched)
    links.remember(link, "entrant", entrants)
    title = game_catalogue.event_title(db.session.get(Event, link.event_id))
    for kind, find in (("character", title.character), ("stage", title.stage)):
        known, unmatched = {}, {}
        for item in game.get(kind + "s") or []:
            entry = find(item.get("name"))
            if entry is not None:
                known[entry.key] = item["id"]
            else:
                unmatched[item.get("name") or "?"] = item["id"]
        links.remember(link, kind, known)
        links.remember(link, "unmatched_" + kind, unmatched)
