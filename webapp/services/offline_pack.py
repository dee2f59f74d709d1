"""The offline pack: what a staff phone keeps of its event to play any match without the server.

Entrants and their members (with registered characters), each started phase's brackets with
the feeding structure (which match's winner or loser goes to which slot), match titles, the
games already played (characters, stage, side), the rule set and the title's roster and stages. The phone stores it in IndexedDB and refreshes it on every sync.
"""
from datetime import datetime, timezone

from .. import gamedata
from ..extensions import db
from ..models import Event, MatchRow
from . import play

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
    rules = _rules(event)
    return {"id": event.id, "slug": event.slug, "name": event.name, "ruleset": event.ruleset,
            "rounds_to_win": rules.rounds_to_win if rules else 2, "double_ko": bool(rules and rules.double_ko),
            "character_lock": bool(rules and rules.character_lock),
            "coin_toss_required": list(rules.coin_toss_required) if rules else [],
            "stage_rule": rules.stage_rule if rules else "agreement", "side_rule": rules.side_rule if rules else "agreement",
            "roster": gamedata.characters_for(event.game, event.ruleset),
            "stages": gamedata.stages_for(event.game, event.ruleset),
            "entrant_kind": event.entrant_kind, "team_size": event.team_size,
            "made_at": datetime.now(timezone.utc).isoformat(),
            "entrants": {str(e.id): _entrant(e) for e in event.entrants},
            "phases": [_phase(p, title) for p in sorted(event.phases, key=lambda p: p.position)
                       if p.status in STARTED]}


def _rules(event: Event):
    """The event's rule set (the score choices offline are the same as online), if it has one."""
    from ..tournament.rulesets import get_ruleset
    try:
        return get_ruleset(event.ruleset) if event.ruleset else None
    except (KeyError, LookupError):
        return None


def _entrant(entrant) -> dict:
    members = [{"id": m.id, "name": m.name, "character": m.character}
               for m in sorted(entrant.members, key=lambda m: m.position)]
    return {"id": entrant.id, "name": entrant.name, "dq": entrant.dq, "members": members}


def _phase(phase, title) -> dict:
    return {"id": phase.id, "name": phase.name, "status": phase.status, "match_type": phase.match_type,
            "brackets": [{"id": b.id, "label": b.label, "matches": [_match(m, title) for m in
                                                                  sorted(b.matches, key=lambda m: m.id)]}
                         for b in phase.brackets]}


def _match(match: MatchRow, title) -> dict:
    return {"id": match.id, "key": match.key, "title": title(match), "side": match.side, "round": match.round,
            "slots": [match.slot_a, match.slot_b], "winner": match.winner_id, "loser": match.loser_id,
            "status": match.status, "winner_to": match.winner_to, "loser_to": match.loser_to,
            "version": match.version, "slots_version": match.slots_version,
            "actions": len(match.actions or []), "best_of": play.best_of_for(match), "plays": _plays(match)}


PLAY_FIELDS = {"report_game": ("char_a", "char_b", "stage", "side_a"), "name_player": ("side", "member_id"),
               "coin_toss": ("winner", "choice", "side_of_winner")}


def _plays(match: MatchRow) -> list:
    """The games and named players already recorded, for the offline form's defaults (last game's characters)."""
    return [{"kind": a["kind"], **{k: a.get(k) for k in PLAY_FIELDS[a["kind"]]}}
            for a in match.actions or [] if a.get("kind") in PLAY_FIELDS]
