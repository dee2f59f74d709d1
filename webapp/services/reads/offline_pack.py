"""The offline pack: what a staff phone keeps of its event to play any match without the server.

Entrants and their members (with registered characters), each started phase's brackets with
the feeding structure (which match's winner or loser goes to which slot), match titles, the
games already played (characters, stage, side), the rule set and the title's roster and stages.
The phone stores it in IndexedDB and refreshes it on every sync.
"""
from datetime import datetime, timezone

from ...extensions import db
from ...models import Event, MatchRow
from ...tournament.entry_kinds import ENTRY_KINDS
from ...tournament.play.actions import ACTIONS
from ...tournament.play.penalties import EFFECTS
from ..matches import play
from ..setup import game_catalogue
from ..setup.rules import rules_for
from . import desk_notes

STARTED = ("running", "done")


def visible_events(user) -> list[Event]:
    """The events whose pack this person may keep: a staff member's own event; for the desk, running ones."""
    query = db.session.query(Event).order_by(Event.id)
    if not user.is_desk:
        return query.filter(Event.id == user.event_id).all() if user.event_id else []
    return [e for e in query if any(p.status == "running" for p in e.phases)]


def may_keep(user, event: Event) -> bool:
    """Staff of this event (or the desk)."""
    return bool(user.is_desk or user.event_id in (None, event.id))


def pack(event: Event, title) -> dict:
    """The event's pack as JSON-ready data; title(match) gives a match's name in words."""
    rules, game = _rules(event), game_catalogue.event_title(event)
    names = {e.id: e.name for e in event.entrants}
    return {"id": event.id, "slug": event.slug, "name": event.name, "ruleset": event.ruleset,
            "rounds_to_win": rules.rounds_to_win if rules else 2, "double_ko": bool(rules and rules.double_ko),
            "character_lock": bool(rules and rules.character_lock),
            "coin_toss_required": list(rules.coin_toss_required) if rules else [],
            "stage_rule": rules.stage_rule if rules else "agreement",
            "side_rule": rules.side_rule if rules else "agreement",
            **title_data(game),
            "entrant_kind": event.entrant_kind, "team_size": event.team_size, "kinds": kind_table(),
            "made_at": datetime.now(timezone.utc).isoformat(),
            "entrants": {str(e.id): _entrant(e) for e in event.entrants},
            "phases": [_phase(p, title, names) for p in sorted(event.phases, key=lambda p: p.position)
                       if p.status in STARTED]}


def title_data(title) -> dict:
    """The event's title as the offline form offers it, the same as online: the stored values of its
    characters (あいうえお order) and stages, each named per page language, with what finds a character."""
    characters = title.character_values()
    return {"game": game_catalogue.pack(title), "roster": characters, "stages": title.stage_values(),
            "stage_names": {lang: {s.en: s.name(lang) for s in title.stages} for lang in ("ja", "en")},
            "character_names": {lang: {c: title.character(c).name(lang) for c in characters} for lang in ("ja", "en")},
            "character_search": {c: " ".join(title.character(c).names()) for c in characters}}


def _rules(event: Event, phase=None):
    """The event's built rules (the score choices offline are the same as online)."""
    return rules_for(event, phase)


def _entrant(entrant) -> dict:
    members = [{"id": m.id, "name": m.name, "character": m.character}
               for m in sorted(entrant.members, key=lambda m: m.position)]
    return {"id": entrant.id, "name": entrant.name, "dq": entrant.dq, "members": members}


def _phase(phase, title, names: dict) -> dict:
    return {"id": phase.id, "name": phase.name, "status": phase.status, "match_type": phase.match_type,
            "brackets": [{"id": b.id, "label": b.label, "matches": [_match(m, title, names) for m in
                                                                  sorted(b.matches, key=lambda m: m.id)]}
                         for b in phase.brackets]}


def _match(match: MatchRow, title, names: dict) -> dict:
    return {**_as_the_server_has_it(match, names),
            "id": match.id, "key": match.key, "title": title(match), "side": match.side, "round": match.round,
            "slots": [match.slot_a, match.slot_b], "winner": match.winner_id, "loser": match.loser_id,
            "status": match.status, "winner_to": match.winner_to, "loser_to": match.loser_to,
            "version": match.version, "slots_version": match.slots_version,
            "actions": len(match.actions or []), "best_of": play.best_of_for(match), "plays": _plays(match),
            "rules": rules_model(_rules(match.bracket.phase.event, match.bracket.phase), match.bracket.phase.match_type,
                                 play.best_of_for(match))}


def _as_the_server_has_it(match: MatchRow, names: dict) -> dict:
    """The match's play as the server has it now (voids, the desk's ruling, a referee's decision and all,
    which the recorded plays alone do not say), whether it waits for the desk's ruling, and what the desk
    did to it in words (desk_notes.py): the offline page starts from these, as the online page does."""
    state = play.state_of(match) if match.actions and match.slot_a and match.slot_b else None
    return {"model": match_model(state) if state is not None else None, "ruling": bool(state and state.ruling),
            "notes": desk_notes.notes(match, state, names)}


# What the offline form's defaults read of each recorded action (each action says its own).
PLAY_FIELDS = {action.kind: action.offline_fields for action in ACTIONS.values() if action.offline_fields}


def kind_table() -> dict:
    """The match-play kinds as the phone's model reads them (static/js/match_model.js), from the
    entry kinds' registry: a kind the registry gains reaches the phone without a list to edit there."""
    return {kind.name: {"offline_form": kind.offline_form, "fields": list(kind.offline_fields)}
            for kind in ENTRY_KINDS.values() if kind.play}


def does(effect: str) -> str:
    """What a penalty effect does to the match, as the domain applies it (its effect function's name:
    "member_out" for a DQ for the day as for a member put out), so the phone's model follows the domain."""
    apply = EFFECTS.get(effect, (None, None))[1]
    return apply.__name__.removeprefix("effect_") if apply else ""


def _plays(match: MatchRow) -> list:
    """The games, toss and named players already recorded, each at its step of the match (position): the
    offline page replays them to know the match as the server has it (the next game's number, the set's
    score) and tells this phone's own entries the pack already holds (those at an earlier step)."""
    return [{"kind": a["kind"], "position": i, **{k: a.get(k) for k in PLAY_FIELDS[a["kind"]]}}
            for i, a in enumerate(match.actions or []) if a.get("kind") in PLAY_FIELDS]


def rules_model(rules, match_type: str, best_of: int) -> dict:
    """What static/js/match_model.js needs of the rule set to project a match."""
    per_set = match_type in ("best_of", "point_format")  # point format: games per member's set
    return {"match_type": match_type, "games_to_win": best_of // 2 + 1 if per_set else 1,
            "rounds_to_win": rules.rounds_to_win, "character_lock": rules.character_lock,
            "character_rule": rules.character_rule, "double_ko": rules.double_ko_rule,
            "coin_toss_required": list(rules.coin_toss_required),
            "stage_rule": rules.stage_rule, "side_rule": rules.side_rule,
            "team_size": rules.team_size, "roll_call": rules.roll_call, "decider": rules.decider,
            "hidden_order": rules.hidden_order, **game_shape(rules),
            "penalties": [{"kind": k, "effect": e, "does": does(e), "name": rules.penalty_names.get(k, "")}
                          for k, e in rules.penalties.items()]}


def game_shape(rules) -> dict:
    """The game's own shape as the phone's form draws it: what the score counts, characters a side in order,
    whether 1P/2P exists, the stage striking rules."""
    striking = rules.stage_striking if rules.stage_rule == "striking" else None
    return {"score_unit": rules.score_unit, "stocks": rules.stocks, "characters_per_side": rules.characters_per_side,
            "character_order": rules.character_order, "sides": rules.sides,
            "stage_striking": striking.as_settings() if striking else None}


def match_model(state) -> dict:
    """The server's state of a match as the phone's model starts from it (match_model.js)."""
    sides = ("a", "b")
    toss = state.toss
    setup = state.setup
    return {"type": setup.match_type, "rules": rules_model(state.rules, setup.match_type, setup.best_of),
            "kinds": kind_table(),
            "score": list(state.score), "finished": state.finished, "winner": state.winner,
            "members": {s: [{"id": m.id, "name": m.name, "character": m.character} for m in state.setup.members(s)]
                        for s in sides},
            "out": {s: list(state.side(s).out) for s in sides},
            "current": {s: state.side(s).current for s in sides},
            "absent": {s: sorted(state.side(s).absent) for s in sides},
            "permitted": {s: {str(k): v for k, v in state.side(s).permitted.items()} for s in sides},
            "acts": {s: state.side(s).offences for s in sides},
            "awarded": {s: state.side(s).awarded for s in sides},
            "toss": {"winner": toss.winner, "choice": toss.choice, "side_of_winner": toss.side_of_winner or ""}
            if toss is not None else None,
            "games": [{"char_a": g.char_a, "char_b": g.char_b, "stage": g.stage, "side_a": g.side_a,
                       "member_a": g.member_a, "member_b": g.member_b, "winner": g.winner,
                       "rounds_a": g.rounds_a, "rounds_b": g.rounds_b} for g in state.games],
            "blind": state.blind,
            "sets": [{"winner": x["winner"], "decider": x["decider"], "until": x["until"]} for x in state.sets],
            "played": {s: [i for i, why in state.side(s).out.items() if why == "set"] for s in sides}}
