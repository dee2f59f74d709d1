"""Age groups and the hours by which minors must have left the venue (風営法).

Under Japan's 風営法 an amusement arcade must see players under 16 out by 18:00, and players
under 18 by 22:00 unless a guardian is with them. Events held elsewhere use the same hours
when the venue asks. These are the defaults, in this one place; an event may set its own
(``event.settings["curfews"]``, "HH:MM" per age group). An entrant's age group is
``Entrant.age_group``: "" (adult or not said), "u18" or "u16".
"""
from __future__ import annotations

from .errors import N_, RuleViolation

AGE_GROUPS = ("u18", "u16")
LABELS = {"": N_("18 or over (or not said)"), "u18": N_("Under 18"), "u16": N_("Under 16")}
DEFAULT_CURFEWS = {"u16": "18:00", "u18": "22:00"}


def curfew_for(age_group: str, curfews: dict | None = None) -> str | None:
    """The "HH:MM" by which an entrant of this age group must be out (None: no curfew)."""
    if age_group not in AGE_GROUPS:
        return None
    return (curfews or {}).get(age_group) or DEFAULT_CURFEWS[age_group]


_WORDS = {"u16": ("u16", "under16", "16歳未満", "16才未満", "中学生"),
          "u18": ("u18", "under18", "18歳未満", "18才未満", "未成年", "高校生"),
          "": ("", "-", "adult", "18+", "成人", "一般", "大人")}


def age_group_of(text: str) -> str | None:
    """A sheet's or form's age cell as an age group: "U16", "18歳未満", an age in years ("15");
    None when it cannot be read."""
    key = "".join(str(text or "").split()).lower().replace("＿", "").replace("_", "").replace("-", "") or ""
    if key.isdigit() or (key.endswith(("歳", "才")) and key[:-1].isdigit()):
        age = int(key.rstrip("歳才"))
        return "u16" if age < 16 else "u18" if age < 18 else ""
    return next((group for group, words in _WORDS.items()
                 if key in {w.replace("-", "") for w in words}), None)


def read_age(text: str, line: int) -> str:
    """An import's age cell as an age group, or a refusal naming the line."""
    group = age_group_of(text)
    if group is None:
        raise RuleViolation("entrants.age_group", N_("Line %(line)s: the age “%(value)s” cannot be read; write an "
                                                     "age, U18 or U16, or leave it empty."), line=line,
                            value=str(text)[:20])
    return group
