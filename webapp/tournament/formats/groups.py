"""Groups: split entrants into groups A, B, ... each run as its own bracket.

Registered as "groups", a phase format: ``generate("groups", entrants, group_count=14,
inner_format="double_elimination", grand_final="none")`` returns a list of brackets,
one per group, each of the inner format (so ``placements`` of a group works as usual)
and labelled "A", "B", ... Assignment is snake seeding by default (1..G to A..G, then
G+1..2G back from G to A, ...), or a list of lists of entrant ids given by a draw, in
which case each list's order is the group's seeding. Uneven counts leave some groups
one entrant short (a 3-entrant double elimination works).
"""
from __future__ import annotations

import string

from ..bracket import Entrant
from ..errors import N_, BracketError
from . import Format, get_format, register, validate_entrants


def snake(seeded, group_count) -> list[list]:
    """Snake order: seeds 1..G into groups 1..G, then G+1..2G back from G to 1, ..."""
    groups = [[] for _ in range(group_count)]
    for i, e in enumerate(seeded):
        lap, pos = divmod(i, group_count)
        groups[pos if lap % 2 == 0 else group_count - 1 - pos].append(e)
    return groups


def drawn(seeded, assignment) -> list[list]:
    """Groups from a draw: every entrant id exactly once across the lists."""
    by_id = {e.id: e for e in seeded}
    listed = [i for group in assignment for i in group]
    if sorted(listed, key=str) != sorted(by_id, key=str) or len(set(listed)) != len(listed):
        raise BracketError("bracket.bad_assignment",
                           N_("The group draw must list every entrant exactly once."))
    return [[by_id[i] for i in group] for group in assignment]


def label(i) -> str:
    """Group label: A..Z, then AA, AB, ..."""
    letters = string.ascii_uppercase
    return letters[i] if i < 26 else letters[i // 26 - 1] + letters[i % 26]


def generate_groups(entrants, group_count, inner_format, assignment="snake", **inner_options) -> list:
    """One bracket per group, labelled "A", "B", ...; seeds renumbered within each group."""
    seeded = validate_entrants(list(entrants), 1, "groups")
    if isinstance(assignment, str):
        if assignment != "snake" or not 1 <= group_count <= len(seeded):
            raise BracketError("bracket.bad_group_count",
                               N_("Cannot split %(count)s entrants into %(groups)s groups "
                                  "(assignment %(assignment)s)."),
                               count=len(seeded), groups=group_count, assignment=assignment)
        groups = snake(seeded, group_count)
    else:
        groups = drawn(seeded, assignment)
        if len(groups) != group_count:
            raise BracketError("bracket.bad_group_count",
                               N_("The draw has %(drawn)s groups but %(groups)s were asked for."),
                               drawn=len(groups), groups=group_count)
    fmt = get_format(inner_format)
    out = []
    losers_side = set(inner_options.pop("losers_side", ()))  # entered on the losers side: each group's own
    for i, members in enumerate(groups):
        local = [Entrant(e.id, n + 1, e.tier) for n, e in enumerate(members)]
        own = {"losers_side": [e.id for e in members if e.id in losers_side]} if losers_side else {}
        b = fmt.generate(local, **inner_options, **own)
        b.label = label(i)
        out.append(b)
    return out


@register
class Groups(Format):
    """Phase format: ``generate`` returns a list of group brackets (see module doc)."""

    name = "groups"
    label = N_("Group stage")

    min_entrants = 2
    multi = True

    def generate(self, entrants, group_count=2, inner_format="double_elimination",
                 assignment="snake", **inner_options):
        """The groups of this phase, one bracket each."""
        return generate_groups(entrants, group_count, inner_format, assignment, **inner_options)

    def placements(self, bracket):
        """Group brackets carry their inner format's name; a "groups" bracket does not exist."""
        raise BracketError("bracket.phase_format",
                           N_("Placements are per group: ask each group's bracket."))
