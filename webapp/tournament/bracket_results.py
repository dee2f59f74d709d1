"""Results in a bracket: settling byes, recording, correcting, reopening and undoing walkovers.

Every walk follows the matches' ``winner_to``/``loser_to`` links under the conventions in
bracket.py's docstring. Pure stdlib.
"""
from __future__ import annotations

from .bracket import DECIDED, Bracket, Correction, Match
from .errors import N_, BracketError

# ---------------------------------------------------------------- settling and advancing

def _slot_known(b: Bracket, m: Match, slot: int) -> bool:
    """True once we know who fills the slot, or that nobody ever will."""
    if m.slots[slot] is not None:
        return True
    f = b.feeder(m.key, slot)
    return f is None or b.matches[f[0]].status in DECIDED


def _settle(b: Bracket, m: Match) -> bool:
    """Recompute an undecided match's status; True if it just got decided without play."""
    if m.status in DECIDED:
        return False
    if m.conditional:
        return _settle_conditional(b, m)
    if not (_slot_known(b, m, 0) and _slot_known(b, m, 1)):
        m.status = "pending"
        return False
    a, c = m.slots
    if a is not None and c is not None:
        m.status = "ready"
        return False
    m.winner, m.loser = (a if a is not None else c), None
    m.status = "bye" if m.winner is not None else "void"
    return True


def _settle_conditional(b: Bracket, m: Match) -> bool:
    """A reset-style match: void when the entrant with the extra life won the feeder."""
    f = b.matches[b.feeder(m.key, 0)[0]]
    if f.status not in DECIDED:
        m.status = "pending"
        return False
    if f.loser is None or f.winner == f.slots[0]:
        m.status, m.winner, m.loser = "void", f.winner, f.loser
        return True
    m.status = "ready"
    return False


def _advance(b: Bracket, start: Match, changed: list) -> None:
    """Send a decided match's winner and loser on, settling byes as they appear."""
    work = [start]
    while work:
        m = work.pop()
        for link, who in ((m.winner_to, m.winner), (m.loser_to, m.loser)):
            if link is None:
                continue
            t = b.matches[link[0]]
            t.slots[link[1]] = who
            changed.append(t.key)
            if _settle(b, t):
                work.append(t)


def start(b: Bracket) -> Bracket:
    """Settle a freshly built bracket: statuses, and byes advanced (formats call this)."""
    for m in b.matches.values():
        if _settle(b, m):
            _advance(b, m, [])
    return b


# ---------------------------------------------------------------- recording

def _check_playable(m: Match, winner_id) -> None:
    """Raise unless the match is ready and ``winner_id`` plays in it."""
    if m.status in DECIDED:
        raise BracketError("bracket.already_decided",
                           N_("Match %(key)s already has a result; use a correction to change it."),
                           key=m.key)
    if m.status != "ready":
        raise BracketError("bracket.match_not_ready",
                           N_("Match %(key)s cannot be played yet: wait until both entrants are known."),
                           key=m.key)
    _check_participant(m, winner_id)


def _check_participant(m: Match, winner_id) -> None:
    """Raise unless ``winner_id`` is in one of the match's slots."""
    if winner_id is None or winner_id not in m.slots:
        raise BracketError("bracket.not_a_participant",
                           N_("Entrant %(entrant)s does not play in match %(key)s; pick one of its two entrants."),
                           key=m.key, entrant=winner_id)


def _decide(m: Match, winner_id, walkover: bool) -> None:
    """Store a played result on the match."""
    m.winner = winner_id
    m.loser = m.slots[1] if m.slots[0] == winner_id else m.slots[0]
    m.status = "done"
    m.walkover = bool(walkover)


def record_result(bracket: Bracket, key, winner_id, walkover=False) -> list[str]:
    """Record a result; returns the keys of every match whose state changed."""
    m = bracket.match(key)
    _check_playable(m, winner_id)
    _decide(m, winner_id, walkover)
    changed = [key]
    _advance(bracket, m, changed)
    return list(dict.fromkeys(changed))


def _downstream(b: Bracket, m: Match) -> list[Match]:
    """Matches whose state rests on ``m``'s result, in walk order (``m`` excluded)."""
    seen: dict[str, Match] = {}
    work = [m]
    while work:
        x = work.pop()
        for link in (x.winner_to, x.loser_to):
            if link is None or link[0] in seen:
                continue
            t = b.matches[link[0]]
            seen[t.key] = t
            # a decided target loses its result too, so whatever it fed is affected
            if t.status in DECIDED:
                work.append(t)
    return list(seen.values())


def correct_result(bracket: Bracket, key, winner_id, cascade=False, walkover=False) -> Correction:
    """Change a played match's winner and reopen everything downstream that depended on it."""
    m = bracket.match(key)
    if m.status != "done":
        raise _not_correctable(m)
    _check_participant(m, winner_id)
    if winner_id == m.winner:
        m.walkover = bool(walkover)
        return Correction([], [], [key])
    affected, played = _reopenable(bracket, m, key, cascade)
    _reopen(bracket, m, affected)
    _decide(m, winner_id, walkover)
    changed = [key] + [t.key for t in affected]
    _advance(bracket, m, changed)
    return Correction([t.key for t in affected], played, list(dict.fromkeys(changed)))


def _not_correctable(m: Match) -> BracketError:
    """Why a match without a played result cannot be corrected: a bye or void, or no result yet."""
    if m.status in DECIDED:
        return BracketError("bracket.not_played",
                            N_("Match %(key)s was not played (bye or not needed); there is nothing to correct."),
                            key=m.key)
    return BracketError("bracket.not_decided",
                        N_("Match %(key)s has no result yet; record the result instead of correcting it."),
                        key=m.key)


def _reopenable(bracket: Bracket, m, key, cascade: bool) -> tuple[list, list]:
    """The matches a changed result reopens, and which of them were played (refused unless cascade)."""
    affected = _downstream(bracket, m)
    played = [t.key for t in affected if t.status == "done"]
    if played and not cascade:
        raise BracketError(
            "bracket.downstream_played",
            N_("Match %(key)s cannot be corrected: %(matches)s already played with the old result. "
               "Correct those first, or confirm reopening them."),
            key=key, matches=", ".join(played), keys=played)
    return affected, played


def reopen_result(bracket: Bracket, key, cascade=False) -> Correction:
    """Take a played match's result back (a void sent it back to play); downstream reopens."""
    m = bracket.match(key)
    if m.status != "done":
        raise BracketError("bracket.not_decided",
                           N_("Match %(key)s has no result yet; record the result instead of correcting it."),
                           key=key)
    affected, played = _reopenable(bracket, m, key, cascade)
    _reopen(bracket, m, affected)
    m.winner = m.loser = None
    m.walkover = False
    m.status = "ready"
    return Correction([t.key for t in affected], played, [key] + [t.key for t in affected])


def undo_walkover(bracket: Bracket, key) -> list[str]:
    """Take a walkover back (the match is ready again) while nothing it fed was really played."""
    m = bracket.match(key)
    if m.status != "done" or not m.walkover:
        raise BracketError("bracket.not_walkover", N_("Match %(key)s was not a walkover."), key=key)
    affected = _downstream(bracket, m)
    played = [t.key for t in affected if t.status == "done" and not t.walkover]
    if played:
        raise BracketError("bracket.undo_played",
                           N_("The walkover of %(key)s cannot be undone: %(matches)s already played after it."),
                           key=key, matches=", ".join(played), keys=played)
    _reopen(bracket, m, affected)
    m.winner = m.loser = None
    m.walkover = False
    m.status = "ready"
    return [key] + [t.key for t in affected]


def _reopen(b: Bracket, m: Match, affected: list[Match]) -> None:
    """Clear results of the affected matches and the slots fed from ``m`` or from them."""
    sources = [m] + [t for t in affected if t.status in DECIDED]
    for t in affected:
        t.winner = t.loser = None
        t.walkover = False
        t.status = "pending"
    for x in sources:
        for link in (x.winner_to, x.loser_to):
            if link is not None:
                b.matches[link[0]].slots[link[1]] = None
