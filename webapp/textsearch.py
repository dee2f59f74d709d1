"""Japanese-aware name folding for search and sorting (full/half width, kana, case)."""
import unicodedata

_KATAKANA_TO_HIRAGANA = {code: code - 0x60 for code in range(0x30A1, 0x30F7)}


def fold(text: str) -> str:
    """NFKC, katakana as hiragana, case-folded: 'ﾀﾛｳ', 'タロウ' and 'たろう' fold alike."""
    return unicodedata.normalize("NFKC", text or "").translate(_KATAKANA_TO_HIRAGANA).casefold().strip()


def sort_key(name: str, reading: str = "") -> tuple:
    """Sort by the reading when given (kana), else by the folded name."""
    return (fold(reading or name), name)


def matches(query: str, *texts: str) -> bool:
    """True when the folded query occurs in any of the folded texts."""
    needle = fold(query)
    return bool(needle) and any(needle in fold(t) for t in texts)
