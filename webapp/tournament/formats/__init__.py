"""Registry of bracket formats, plus the seeding helpers they share.

A format is a class with a ``name`` and a translatable ``label``, registered with
``@register``; the registry keeps one instance. It provides
``generate(entrants, **options) -> Bracket`` and
``placements(bracket) -> list[Placement]``. Adding a format touches one module.

``"groups"`` is registered too, as a *phase* format: its ``generate`` returns a list of
brackets (one per group, each with the inner format's name and a label "A", "B"...), so
``generate("groups", ...)`` returns a list; ``generate_phase`` always returns a list and
is what a service should call when it does not care which kind it got.
"""
from __future__ import annotations

from ..bracket import Bracket, Entrant, Placement
from ..errors import N_, BracketError
from ..registry import Registry, load_modules

FORMATS = Registry("format", make=lambda cls: cls())
register = FORMATS.register


class Format:
    """Base of every format: a name, a minimum entrant count, generate and placements."""

    name = ""
    label = ""
    min_entrants = 2
    multi = False  # True: generate returns a list of brackets (a phase of groups)
    template_only = False  # True: made by an event template (it needs the template's routing)
    needs_scores = False  # True: placements read the games' scores and withdrawals too
    pairs_as_played = False  # True: a round's matches are made when the round before ends (Swiss)

    def generate(self, entrants, **options):
        """Build a settled bracket (byes advanced) from the entrants."""
        raise NotImplementedError

    def placements(self, bracket):
        """Settled places for a bracket of this format."""
        raise NotImplementedError


def get_format(name) -> Format:
    """The registered format, or a BracketError listing the known ones."""
    try:
        return FORMATS[name]
    except KeyError:
        raise BracketError("bracket.unknown_format",
                           N_("Unknown bracket format %(format)s; choose one of %(known)s."),
                           format=name, known=", ".join(sorted(FORMATS))) from None


def generate(format_name, entrants, **options):
    """Build a bracket of the named format (a list of brackets for "groups")."""
    return get_format(format_name).generate(list(entrants), **options)


def generate_phase(format_name, entrants, **options) -> list[Bracket]:
    """Always a list: one bracket, or one per group."""
    out = generate(format_name, entrants, **options)
    return out if isinstance(out, list) else [out]


# ---------------------------------------------------------------- shared helpers

def validate_entrants(entrants, minimum, format_name) -> list[Entrant]:
    """Check count, ids and seeds (unique, 1..N); return the entrants in seed order."""
    n = len(entrants)
    if n < minimum:
        raise BracketError("bracket.too_few_entrants",
                           N_("A %(format)s bracket needs at least %(minimum)s entrants; it has %(count)s."),
                           format=format_name, minimum=minimum, count=n)
    ids, seeds = set(), set()
    for e in entrants:
        if e.id in ids:
            raise BracketError("bracket.duplicate_entrant",
                               N_("Entrant %(entrant)s is listed twice; remove the duplicate."),
                               entrant=e.id)
        if e.seed in seeds:
            raise BracketError("bracket.duplicate_seed",
                               N_("Seed %(seed)s is given to two entrants; every seed must be unique."),
                               seed=e.seed)
        if not 1 <= e.seed <= n:
            raise BracketError("bracket.seed_out_of_range",
                               N_("Seed %(seed)s is out of range; seeds must run from 1 to %(count)s."),
                               seed=e.seed, count=n)
        ids.add(e.id)
        seeds.add(e.seed)
    return sorted(entrants, key=lambda e: e.seed)


def bad_option(format_name, option, value, allowed):
    """The error for an option value a format does not accept."""
    return BracketError("bracket.bad_option",
                        N_("Option %(option)s=%(value)s is not valid for %(format)s; use %(allowed)s."),
                        format=format_name, option=option, value=value, allowed=allowed)


def check_options(format_name, options, allowed):
    """Raise for an option name the format does not know (catches typos early)."""
    for name in options:
        if name not in allowed:
            raise bad_option(format_name, name, options[name], "one of " + ", ".join(sorted(allowed)))


def bracket_order(size) -> list[int]:
    """Seeds in bracket position order for a power-of-two size: 1, 8, 4, 5, 2, 7, 3, 6."""
    order = [1]
    while len(order) < size:
        n = 2 * len(order)
        order = [x for s in order for x in (s, n + 1 - s)]
    return order


def power_of_two(n) -> int:
    """The smallest power of two >= n (and >= 2)."""
    size = 2
    while size < n:
        size *= 2
    return size


def entrant_map(entrants) -> dict:
    """Entrants keyed by id, in the order given."""
    return {e.id: Entrant(e.id, e.seed, e.tier) for e in entrants}


# import the format modules so each registers itself
load_modules(__name__, __path__)


def placements(bracket: Bracket, **context) -> list[Placement]:
    """Settled places, best first; computed by the bracket's format. ``context``: what a format
    with ``needs_scores`` reads besides the bracket (``scores``, ``withdrawn``)."""
    fmt = get_format(bracket.format)
    return fmt.placements(bracket, **context) if context and fmt.needs_scores else fmt.placements(bracket)
