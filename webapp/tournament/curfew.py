"""Age groups and the hours by which minors must have left the venue.

An arcade (風営法 第22条第1項第5号) may not admit anyone under 18 from 22:00; each prefecture's
ordinance sets an earlier hour for those under 16, and most let an under-16 stay until 22:00 with a
guardian (保護者同伴). Tokyo (東京都 風営法施行条例 第8条) keeps under-16s out from 18:00; Osaka
(大阪府青少年健全育成条例 第24条) from 19:00, and from 22:00 with a guardian, for arcades, bowling
alleys, karaoke and manga/internet cafés. Under 18 the hour is 22:00 everywhere, with no exception
for a guardian. docs/curfews.md says which pages were read and what they say.

These hours are facts per prefecture, in this one place (``HOURS``); an event chooses its prefecture
and may set its own hours (``event.settings["curfews"]``: "prefecture" and "HH:MM" per age group).
An entrant's age group is ``Entrant.age_group``: "" (adult or not said), "u18", "u16", or "u16g"
(under 16 with a guardian, marked at the desk). Events held elsewhere than an arcade use the same
hours when the venue asks.
"""
from __future__ import annotations

from .errors import N_, RuleViolation

AGE_GROUPS = ("u18", "u16", "u16g")
UNDER_16 = ("u16", "u16g")
LABELS = {"": N_("18 or over (or not said)"), "u18": N_("Under 18"), "u16": N_("Under 16"),
          "u16g": N_("Under 16, with a guardian")}
PREFECTURES = ("", "tokyo", "osaka")
PREFECTURE_LABELS = {"": N_("Elsewhere (most prefectures: under 16 by 18:00)"), "tokyo": N_("Tokyo"),
                     "osaka": N_("Osaka")}
HOURS = {
    "": {"u16": "18:00", "u16g": "22:00", "u18": "22:00"},
    "tokyo": {"u16": "18:00", "u16g": "22:00", "u18": "22:00"},
    "osaka": {"u16": "19:00", "u16g": "22:00", "u18": "22:00"},
}
DEFAULT_CURFEWS = HOURS[""]


def defaults(prefecture: str = "") -> dict:
    """The hours per age group where the event is held (an unknown prefecture: the common hours)."""
    return HOURS.get(prefecture or "", DEFAULT_CURFEWS)


def curfew_for(age_group: str, curfews: dict | None = None) -> str | None:
    """The "HH:MM" by which an entrant of this age group must be out (None: no curfew); ``curfews``:
    the event's own (its "prefecture" and any hour it changes)."""
    if age_group not in AGE_GROUPS:
        return None
    own = curfews or {}
    return own.get(age_group) or defaults(own.get("prefecture", ""))[age_group]


def with_guardian(age_group: str, guardian: bool) -> str:
    """An under-16's age group with or without a guardian (others are what they were)."""
    if age_group not in UNDER_16:
        return age_group
    return "u16g" if guardian else "u16"


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
