"""Two phones entering the same best-of match, each from what it last saw of it plus its own entries.

A phone's next entry goes at the step after what it knows (the server's entries when it last looked,
then its own live ones made since), and the game it shows is counted the same way, as the staff page
and the offline pack count them (unsent_view.js, offline_pack.js). Tests read back, per entry, the step
and the game number its phone showed.
"""
import itertools
import uuid
from dataclasses import dataclass, field

REFUSED = ("rejected", "conflict")
_seq = itertools.count(1)


@dataclass
class Phone:
    device: str
    user_id: int
    offline: bool = False                       # sends as the offline pack page does (players named)
    view: list = field(default_factory=list)    # the match's entries when this phone last looked
    made: list = field(default_factory=list)    # every entry made here, oldest first
    outbox: list = field(default_factory=list)  # entries without a final answer yet (sent again until one)
    answer: dict = field(default_factory=dict)  # op_id -> the last answer this phone got

    def looks(self, actions: list) -> None:
        """The page (or the pack) is drawn again from the server's match."""
        self.view = list(actions or [])

    def own_since_view(self) -> list[dict]:
        """This phone's entries past what it saw of the server, not refused (as far as it knows)."""
        return [op for op in self.made if op["payload"]["position"] >= len(self.view)
                and self.answer.get(op["op_id"]) not in REFUSED]

    def games_known(self) -> list[dict]:
        """The games as this phone has them: the server's when it looked, then its own."""
        own = [{"kind": op["kind"], **op["payload"]} for op in self.own_since_view()]
        return [a for a in self.view + own if a["kind"] == "report_game"]

    def decided(self, games_to_win: int) -> bool:
        wins = [sum(g.get("winner") == side for g in self.games_known()) for side in "ab"]
        return max(wins) >= games_to_win

    def enter_game(self, match, payload: dict) -> dict:
        """One game queued at the step this phone puts it, with the game number it shows."""
        position = len(self.view) + len(self.own_since_view())
        game = len(self.games_known()) + 1
        full = {**payload, "position": position}
        if self.offline:
            full["slots"] = {"a": match.slot_a, "b": match.slot_b}
        op = {"op_id": str(uuid.uuid4()), "device_id": self.device, "seq": next(_seq), "kind": "report_game",
              "match_id": match.id, "base_version": match.slots_version, "payload": full, "shown_game": game}
        self.made.append(op)
        self.outbox.append(op)
        return op


def wire(op: dict) -> dict:
    """The entry as the outbox sends it (the test's own bookkeeping left out)."""
    return {k: v for k, v in op.items() if k != "shown_game"}


def game_number_at(actions: list, position: int) -> int | None:
    """The number of the game recorded at this step (1 for the first), None when the step is no game."""
    if position >= len(actions) or actions[position].get("kind") != "report_game":
        return None
    return sum(a.get("kind") == "report_game" for a in actions[:position]) + 1
