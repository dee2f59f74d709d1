"""Bracket core: entrants, matches, result recording, corrections and placements.

Format-agnostic: a format module (``formats/``) only builds the matches and their
``winner_to``/``loser_to`` links; everything here walks those links. Pure stdlib.

Conventions every format follows:
- a slot that is ``None`` and has no feeding match is empty for good (a bye);
- a slot fed by a decided match that sent nobody is empty for good too;
- insertion order of ``Bracket.matches`` is a topological order (feeders first);
- a match with ``conditional="reset"`` is fed by one match whose slot 0 holds the entrant
  with the extra life: if that entrant wins the feeder, the conditional match becomes
  ``void`` and carries the feeder's winner/loser on, so its own ``winner_to`` and the
  placements read the same way whether it was played or not.
"""
from __future__ import annotations

from dataclasses import asdict, dataclass, field

from .errors import N_, BracketError

DECIDED = frozenset({"done", "bye", "void"})


@dataclass
class Entrant:
    """One entrant of a bracket (player or team), seeded 1..N."""

    id: int
    seed: int
    tier: int = 0


@dataclass
class Match:
    """One pairing in a bracket; links say where its winner and loser go."""

    key: str
    side: str
    round: int
    index: int
    slots: list
    winner_to: tuple | None = None
    loser_to: tuple | None = None
    winner: int | None = None
    loser: int | None = None
    status: str = "pending"
    walkover: bool = False
    conditional: str | None = None

    @property
    def decided(self) -> bool:
        """True once the match needs nothing more (played, bye or void)."""
        return self.status in DECIDED


@dataclass
class Placement:
    """A settled final place; ``rank_to > rank`` for a shared band (5-6)."""

    entrant_id: int
    rank: int
    rank_to: int


@dataclass
class Correction:
    """What a correction touched: downstream matches reopened, those already played."""

    reopened: list
    played: list
    changed: list = field(default_factory=list)


@dataclass
class Bracket:
    """A whole bracket: its entrants and matches, keyed and in display order."""

    format: str
    options: dict
    entrants: dict
    matches: dict
    label: str = ""
    _feeders: dict | None = field(default=None, init=False, repr=False, compare=False)

    def match(self, key) -> Match:
        """The match with this key, or a BracketError naming the key."""
        try:
            return self.matches[key]
        except KeyError:
            raise BracketError("bracket.unknown_match",
                               N_("There is no match %(key)s in this bracket."), key=key) from None

    def ready_matches(self) -> list[Match]:
        """Matches that can be played now, in display order."""
        return [m for m in self.matches.values() if m.status == "ready"]

    def rounds(self, side) -> list[list[Match]]:
        """The matches of one side grouped by round, for rendering."""
        grouped: dict[int, list[Match]] = {}
        for m in self.matches.values():
            if m.side == side:
                grouped.setdefault(m.round, []).append(m)
        return [sorted(grouped[r], key=lambda m: m.index) for r in sorted(grouped)]

    @property
    def finished(self) -> bool:
        """True when no match is left to play (for stop_at_top: the top 4 are known)."""
        return all(m.status in DECIDED for m in self.matches.values())

    def feeder(self, key, slot) -> tuple | None:
        """(feeding match key, "winner" | "loser") for a slot, or None if seeded directly."""
        if self._feeders is None:
            self._feeders = _index_feeders(self.matches)
        return self._feeders.get((key, slot))

    def to_dict(self) -> dict:
        """A JSON-able dict (tuples become lists); ``from_dict`` reverses it."""
        return {
            "format": self.format,
            "options": _jsonable(self.options),
            "label": self.label,
            "entrants": [asdict(e) for e in self.entrants.values()],
            "matches": [_jsonable(asdict(m)) for m in self.matches.values()],
        }

    @classmethod
    def from_dict(cls, d) -> "Bracket":
        """Rebuild a bracket saved with ``to_dict`` (or from stored Match rows)."""
        entrants = {e["id"]: Entrant(**e) for e in d["entrants"]}
        matches = {}
        names = Match.__dataclass_fields__
        for row in d["matches"]:
            row = {k: v for k, v in row.items() if k in names}  # stored rows may carry more columns
            row["slots"] = list(row["slots"])
            for link in ("winner_to", "loser_to"):
                if row.get(link) is not None:
                    row[link] = tuple(row[link])
            matches[row["key"]] = Match(**row)
        return cls(d["format"], dict(d.get("options") or {}), entrants, matches,
                   d.get("label", ""))


def _jsonable(value):
    """Tuples to lists, recursively, so json.dumps/loads round-trips to equal data."""
    if isinstance(value, dict):
        return {k: _jsonable(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [_jsonable(v) for v in value]
    return value


def _index_feeders(matches) -> dict:
    """Reverse links: (target key, slot) -> (source key, role); built once per bracket."""
    index = {}
    for m in matches.values():
        if m.winner_to is not None:
            index[(m.winner_to[0], m.winner_to[1])] = (m.key, "winner")
        if m.loser_to is not None:
            index[(m.loser_to[0], m.loser_to[1])] = (m.key, "loser")
    return index


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
        code, msg = (("bracket.not_played", N_("Match %(key)s was not played (bye or not needed); there is nothing to correct."))
                     if m.status in DECIDED else
                     ("bracket.not_decided", N_("Match %(key)s has no result yet; record the result instead of correcting it.")))
        raise BracketError(code, msg, key=key)
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


# ---------------------------------------------------------------- placements

def placements(bracket: Bracket) -> list[Placement]:
    """Settled places, best first; computed by the bracket's format."""
    from .formats import get_format  # late import: formats import this module
    return get_format(bracket.format).placements(bracket)


def ranked_bands(bands, first_rank=1) -> list[Placement]:
    """Turn bands (best first) of (size, settled ids) into placements with shared ranks."""
    out, rank = [], first_rank
    for size, ids in bands:
        out.extend(Placement(i, rank, rank + size - 1) for i in ids if i is not None)
        rank += size
    return out


def real_matches(b: Bracket) -> set[str]:
    """Keys of matches that will get two real entrants (played or to be played)."""
    real: dict[tuple, bool] = {}
    out = set()
    for m in b.matches.values():  # topological order: feeders are already known
        for slot in (0, 1):
            f = b.feeder(m.key, slot)
            if f is None:
                real[(m.key, slot)] = m.slots[slot] is not None
            elif f[1] == "winner":
                real[(m.key, slot)] = real[(f[0], 0)] or real[(f[0], 1)]
            else:
                real[(m.key, slot)] = f[0] in out
        if real[(m.key, 0)] and real[(m.key, 1)]:
            out.add(m.key)
    return out
