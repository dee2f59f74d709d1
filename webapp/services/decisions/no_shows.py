"""No-shows: what a walkover would do, the automatic walkovers, and taking a walkover back.

An automatic walkover is made only where the desk turned them on for the phase. Each is a
logged ``record_winner`` entry (device "auto-walkover", made by operations/desk.walk_over), so
the log replays it; a station it frees is filled by auto-call in the same transaction, as after
any result. Taking a
walkover back is a logged ``undo_walkover`` desk entry, allowed while nothing it fed has
been played (or is being played): the match is ready again and goes back to the queue.
"""
from dataclasses import dataclass

from ...extensions import db
from ...models import Entrant, Event, MatchRow
from ...tournament import bracket as bracket_engine
from ...tournament import bracket_results
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..entries import access
from ..matches import bracket_rows


@dataclass
class WalkoverEffect:
    """What a walkover decides: the winner's next match, and the loser's (None: out of the phase)."""

    winner: int
    loser: int
    winner_next: MatchRow | None
    loser_next: MatchRow | None


def effect(match: MatchRow, winner: int) -> WalkoverEffect:
    """Where each side goes if ``winner`` wins this match by walkover (said before it is confirmed)."""
    rows = {m.key: m for m in match.bracket.matches}
    loser = match.slot_b if winner == match.slot_a else match.slot_a
    follow = lambda link: rows.get(link[0]) if link else None  # noqa: E731 - a link is (key, slot)
    return WalkoverEffect(winner, loser, follow(match.winner_to), follow(match.loser_to))


def wanted(event: Event) -> bool:
    """Some running phase of the event has automatic walkovers on."""
    return any(p.status == "running" and (p.calling or {}).get("auto_walkover") for p in event.phases)


def recent(event: Event) -> list[MatchRow]:
    """The walkovers of the running phases, latest first, that could still be taken back."""
    found = [m for p in event.phases if p.status == "running" for b in p.brackets for m in b.matches
             if m.status == "done" and m.walkover and m.loser_id is not None]
    return sorted((m for m in found if undo_refusal(m) is None), key=lambda m: m.updated_at, reverse=True)


def undo_refusal(match: MatchRow) -> ServiceError | None:
    """Why this walkover cannot be taken back now (None: it can)."""
    if match.status != "done" or not match.walkover:
        return ServiceError("walkover.none", N_("This match was not a walkover."))
    loser = db.session.get(Entrant, match.loser_id) if match.loser_id else None
    if loser is not None and loser.dq:
        return ServiceError("walkover.dq", N_("%(name)s is disqualified: undo the disqualification instead."),
                            name=loser.name)
    after = _after(match)
    if any(m.status == "done" and not m.walkover or m.actions for m in after):
        return ServiceError("walkover.played", N_("This walkover cannot be undone: a match after it has been played."))
    return None


def _after(match: MatchRow) -> list[MatchRow]:
    """The matches whose state rests on this one's result (the walk the bracket reopens)."""
    rows = {m.key: m for m in match.bracket.matches}
    seen: dict[str, MatchRow] = {}
    work = [match]
    while work:
        current = work.pop()
        for link in (current.winner_to, current.loser_to):
            if not link or link[0] in seen:
                continue
            seen[link[0]] = target = rows[link[0]]
            if target.status in bracket_engine.DECIDED:
                work.append(target)
    return list(seen.values())


def undo_walkover(match: MatchRow, user=None) -> list[MatchRow]:
    """Take a walkover back: the match is ready again, off its station, back in the queue."""
    access.check_desk(user)
    refusal = undo_refusal(match)
    if refusal is not None:
        raise refusal
    bracket = bracket_rows.load(match.bracket)
    keys = bracket_results.undo_walkover(bracket, match.key)
    changed = bracket_rows.save(bracket, match.bracket, keys)
    for row in [match] + [m for m in changed if m.status != "ready"]:  # a call to a match reopened is off
        row.station, row.called_at = "", None
    match.bracket.phase.status = "running"
    audit.record("match.undo_walkover", user, match.bracket.phase.event_id, match=match.id,
                 reopened=[m.id for m in changed])
    return changed
