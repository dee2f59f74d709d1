"""Which played set each entrant of a set came from, and goes to: the bracket's links as sets.

Byes and void resets are not sets (nobody met anybody there), so a link through one is followed
on: an entrant given a bye in losers round 1 came from the winners set they lost, and goes to
the set after the bye. The OBF export writes these as entrant1PrevSetID / entrant1NextSetID.
"""
from ...tournament import bracket as bracket_engine
from ..exports.match_records import UNPLAYED

SLOTS = ("a", "b")


class Links:
    """A bracket's links between its played matches (by key)."""

    def __init__(self, matches):
        self.by_key = {m.key: m for m in matches}
        self.feeders = bracket_engine.feeders_index((m.key, m.winner_to, m.loser_to) for m in matches)

    def previous(self, key: str, slot: int, depth: int = 0) -> str | None:
        """The played set whose winner or loser fills this slot, through byes; None for a first set."""
        source = self.feeders.get((key, slot))
        if source is None or depth > 64:
            return None
        feeder = self.by_key.get(source[0])
        if feeder is None:
            return None
        if feeder.status not in UNPLAYED:
            return feeder.key
        for other in (0, 1):  # a bye passes on the one entrant its other slot held
            found = self.previous(feeder.key, other, depth + 1)
            if found is not None:
                return found
        return None

    def following(self, target, depth: int = 0) -> str | None:
        """The played set a link leads to, through byes (a void reset leads nowhere)."""
        if target is None or depth > 64:
            return None
        match = self.by_key.get(target[0])
        if match is None or match.status == "void":
            return None
        if match.status == "bye":
            return self.following(match.winner_to, depth + 1)
        return match.key

    def next_of(self, match, side: str) -> str | None:
        """Where the entrant of this side went after a decided set (None: placed, or not decided)."""
        entrant = match.slot_a if side == "a" else match.slot_b
        if match.winner_id is None or entrant is None:
            return None
        link = match.winner_to if entrant == match.winner_id else match.loser_to
        return self.following(link)
