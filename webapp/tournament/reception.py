"""KGP2025 reception (RULES.md B): entry categories and what each pays at the door, per day."""
from __future__ import annotations

from dataclasses import dataclass

from .errors import N_, RuleViolation

DRINK_YEN = 700
REENTRY_YEN = 600
CLOAKROOM_YEN = 500


@dataclass(frozen=True)
class Category:
    """An entry category and its door prices in yen (entry, the one-drink charge)."""

    code: str
    label: str
    entry_yen: int
    drink_yen: int
    free_reentry: bool = False


CATEGORIES = {c.code: c for c in (
    Category("player", N_("Player"), 5100, DRINK_YEN),
    Category("spectator", N_("Spectator"), 5100, DRINK_YEN),
    Category("equipment", N_("Equipment provider"), 3800, DRINK_YEN),
    Category("staff", N_("Staff"), 0, 0, free_reentry=True),
    Category("media", N_("Media"), 0, 0, free_reentry=True),
)}


def door_total(category: str, days: int = 1, reentries: int = 0, cloakroom: int = 0,
               stage_finalist: bool = False) -> int:
    """Yen due at the door: entry and drink per day, re-entries, cloakroom uses."""
    cat = CATEGORIES.get(category)
    if cat is None:
        raise RuleViolation("reception.category", N_("Unknown entry category %(code)s."), code=category)
    free = cat.free_reentry or stage_finalist  # players confirmed for the stage finals re-enter free
    return (cat.entry_yen + cat.drink_yen) * days + (0 if free else REENTRY_YEN * reentries) \
        + CLOAKROOM_YEN * cloakroom


def reception_info(category: str = "player", days: int = 1, **extra) -> dict:
    """What the desk stores with an entrant at reception."""
    return {"category": category, "days": days, "due_yen": door_total(category, days, **extra)}
