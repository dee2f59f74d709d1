"""A reading in kana as the stream writes it in Latin letters ("うめはら" -> "Umehara").

Entrants and members carry a kana reading (for sorting and search); a stream overlay and the
stream tool show a romaji line under a Japanese name for viewers abroad. jaconv (kept, pure
Python, no dictionary) converts kana; what is not kana (a name typed in Latin letters) is kept.
"""
import re

import jaconv

_KANA = re.compile(r"[\u3040-\u30ff\uff66-\uff9f]")


def romaji(reading: str) -> str:
    """The reading in Latin letters with each word capitalised; "" when there is no kana in it."""
    text = (reading or "").strip()
    if not _KANA.search(text):
        return ""
    hira = jaconv.kata2hira(jaconv.h2z(text, kana=True, ascii=False, digit=False))
    latin = jaconv.kana2alphabet(hira).replace("-", "")  # "ー" comes out as "-": a long vowel, dropped
    latin = _KANA.sub("", latin)  # a kana jaconv has no spelling for is left out, never shown raw
    return " ".join(word[:1].upper() + word[1:] for word in latin.split())
