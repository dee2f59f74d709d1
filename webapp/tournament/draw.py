"""Verifiable draws: a permutation anyone can recompute from the published seed.

Algorithm ("taikai-draw-v1"), deliberately simple so it can be re-implemented in any
language (Python's ``random`` is not used: its generator is an implementation detail,
not a published standard):

    a = list(items)                      # in the order given (write it down too)
    for i from len(a) - 1 down to 1:
        h = SHA-256 of the UTF-8 text  seed + ":" + str(i)
        j = (h read as a big-endian unsigned integer) mod (i + 1)
        swap a[i] and a[j]

That is Fisher-Yates driven by a hash instead of a generator; with a 256-bit number the
modulo bias is below 2^-250, i.e. none in practice. The seed is made at the desk with
``new_seed`` (or announced in advance) and recorded with the inputs and the result.
"""
from __future__ import annotations

import hashlib
import secrets
from dataclasses import dataclass, field

from .formats import bracket_order, power_of_two

ALGORITHM = "taikai-draw-v1"
ALGORITHM_TEXT = (
    "taikai-draw-v1: a = inputs in the given order; for i = len(a)-1 down to 1: "
    "j = int(SHA-256(seed + ':' + str(i)) as big-endian hex) mod (i + 1); swap a[i], a[j]."
)


@dataclass(frozen=True)
class DrawRecord:
    """What to publish so anyone can check a draw."""

    seed: str
    inputs: list
    result: list
    algorithm_text: str = field(default=ALGORITHM_TEXT)

    def verify(self) -> bool:
        """True when recomputing the draw from seed and inputs gives the recorded result."""
        return draw(self.inputs, self.seed) == list(self.result)


def swap_index(seed: str, i: int) -> int:
    """The partner index for step ``i``: SHA-256(seed:i) mod (i + 1)."""
    digest = hashlib.sha256(f"{seed}:{i}".encode("utf-8")).hexdigest()
    return int(digest, 16) % (i + 1)


def draw(items, seed: str) -> list:
    """The reproducible permutation of ``items`` for ``seed`` (see the module doc)."""
    a = list(items)
    for i in range(len(a) - 1, 0, -1):
        j = swap_index(seed, i)
        a[i], a[j] = a[j], a[i]
    return a


def new_seed() -> str:
    """A fresh unpredictable seed: 16 hex digits from the OS's secure generator."""
    return secrets.token_hex(8)


def make_draw(items, seed: str | None = None) -> DrawRecord:
    """Draw ``items`` (with a new seed unless one is given) and keep the record."""
    seed = seed if seed is not None else new_seed()
    return DrawRecord(seed, list(items), draw(items, seed))


def reproduction_instructions(record: DrawRecord) -> str:
    """A short Python 3 snippet anyone can run to check the recorded draw."""
    return (
        "# Check the draw: run with Python 3, standard library only.\n"
        "import hashlib\n"
        f"seed = {record.seed!r}\n"
        f"a = {list(record.inputs)!r}\n"
        "for i in range(len(a) - 1, 0, -1):\n"
        "    j = int(hashlib.sha256(f'{seed}:{i}'.encode()).hexdigest(), 16) % (i + 1)\n"
        "    a[i], a[j] = a[j], a[i]\n"
        "print(a)\n"
        f"# expected: {list(record.result)!r}\n"
    )


def best8_positions(drawn) -> list:
    """Entrants in bracket-seed order so that drawn position k sits on bracket line k.

    Lines are the first-round slots top to bottom: for 8, drawn 1 v 2 is quarterfinal 1,
    3 v 4 QF2, 5 v 6 QF3, 7 v 8 QF4; QF1/QF2 winners meet in semifinal 1. Give the k-th
    returned entrant seed k and ``single_elimination`` puts it on its drawn line. For a
    count that is not a power of two the byes keep their usual lines (phantom seeds) and
    the drawn entrants fill the real lines in order.
    """
    n = len(drawn)
    order = bracket_order(power_of_two(n))
    real_lines = [s for s in order if s <= n]  # seeds on lines that hold a real entrant
    seeded = [None] * n
    for entrant, seed in zip(drawn, real_lines, strict=True):
        seeded[seed - 1] = entrant
    return seeded
