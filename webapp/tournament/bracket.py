"""Bracket core: entrants, matches, their links and placements (results: bracket_results.py).

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

    def with_feeders(self, feeders: dict) -> Bracket:
        """This bracket reading its reverse links from ``feeders`` (the whole bracket's
        ``feeders_index``) rather than from the matches it holds."""
        self._feeders = feeders
        return self

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
    return feeders_index((m.key, m.winner_to, m.loser_to) for m in matches.values())


def feeders_index(links) -> dict:
    """Reverse links from (key, winner_to, loser_to) triples: (target key, slot) -> (source key, role).

    A bracket's links never change once it is built, so a caller may keep this for as
    long as the bracket lives and hand it to ``partial``.
    """
    index = {}
    for key, winner_to, loser_to in links:
        if winner_to is not None:
            index[(winner_to[0], winner_to[1])] = (key, "winner")
        if loser_to is not None:
            index[(loser_to[0], loser_to[1])] = (key, "loser")
    return index


def partial(format: str, options: dict, matches: dict, feeders: dict, label: str = "") -> Bracket:
    """A bracket holding only some of its matches, for recording one result.

    ``matches`` holds at least ``neighbourhood(...)`` of the match to record; a mapping
    whose ``__missing__`` fetches any other match lets a walk go on past it (a bye or a
    void handed on further). ``feeders`` is the whole bracket's ``feeders_index``. Only
    ``record_result`` (and what it calls) may be used on it: the listing methods
    (``ready_matches``, ``finished``, ``rounds``, placements) see the held matches alone.
    """
    return Bracket(format, options, {}, matches, label).with_feeders(feeders)


def neighbourhood(key, winner_to, loser_to, feeders: dict) -> list[str]:
    """The matches a result on match ``key`` reads: itself, the (at most two) matches it
    feeds, and the other matches feeding those (is their other slot known yet?)."""
    keys = [key]
    for link in (winner_to, loser_to):
        if link is None:
            continue
        keys.append(link[0])
        keys += [f[0] for f in (feeders.get((link[0], 0)), feeders.get((link[0], 1))) if f is not None]
    return list(dict.fromkeys(keys))


# ---------------------------------------------------------------- placements

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
