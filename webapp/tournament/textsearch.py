"""Japanese-aware name folding for search and sorting (full/half width, kana, case)."""
import unicodedata

from .errors import N_, RuleViolation

_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}
# A wave dash typed one way finds it typed the other (〜 U+301C, ～ U+FF5E and ASCII ~).
_FOLD_MORE = {**_KATAKANA_TO_HIRAGANA, 0x301C: "~", 0xFF5E: "~"}


def fold(text: str) -> str:
    """NFKC, katakana as hiragana, case-folded, invisible characters dropped: 'ﾀﾛｳ', 'タロウ' and 'たろう'
    fold alike, and 'Alpha' with a zero-width space folds as 'Alpha' (one name, compared once)."""
    text = unicodedata.normalize("NFKC", (text or "").translate(_FOLD_MORE)).translate(_FOLD_MORE)
    return "".join(ch for ch in text if unicodedata.category(ch) != "Cf").casefold().strip()


def name_problem(text: str) -> str:
    """Why a name cannot be kept as typed: "control" (NUL, BEL, ESC, a line break…), "format" (an
    invisible or direction-changing character: zero-width space, RLO, isolates…), or "" when it can."""
    categories = {unicodedata.category(ch) for ch in text or ""}
    return "control" if "Cc" in categories else ("format" if "Cf" in categories else "")


def sort_key(name: str, reading: str = "") -> tuple:
    """Sort by the reading when given (kana: あいうえお順), else by the folded name."""
    return (fold(reading or name), name)


def entrant_sort_key(entrant) -> tuple:
    """An entrant's place in あいうえお order."""
    return sort_key(entrant.name, entrant.reading)


def entrant_texts(entrant) -> list[str]:
    """Everything a person may type to find an entrant: name, reading, members' names and readings."""
    texts = [entrant.name, entrant.reading]
    for member in entrant.members:
        texts += [member.name, getattr(member, "reading", "")]
    return [t for t in texts if t]


def matches(query: str, *texts: str) -> bool:
    """True when the folded query occurs in any of the folded texts."""
    needle = fold(query)
    return bool(needle) and any(needle in fold(t) for t in texts)


fold_name = fold  # the one fold every name comparison uses (duplicates, search, history)
_NAME_REFUSALS = {
    "control": ("entrants.name_control", N_(
        "%(name)s holds a control character (a line break, tab, NUL or similar) that a name cannot have: "
        "type the name again without it.")),
    "format": ("entrants.name_invisible", N_(
        "%(name)s holds an invisible character (zero-width space, direction mark or similar) that a name "
        "cannot have: type the name again without it.")),
}


def normalise_name(text: str) -> str:
    """A name as stored (NFKC, trimmed), or a RuleViolation naming the rule it breaks."""
    problem = name_problem(text)
    if problem:
        code, message = _NAME_REFUSALS[problem]
        raise RuleViolation(code, message, name="".join(ch for ch in text if ch.isprintable()).strip())
    return unicodedata.normalize("NFKC", text).strip()
