"""The text of the database's JSON columns: orjson, which reads and writes a sync batch's rows (each
match's games, each entry's payload) in a fraction of the standard library's time; the standard
library for the rare value orjson refuses (an integer beyond 64 bits, a lone surrogate), so a column
reads back as it always did (tests/service/test_json_text.py's property).

Such text is written after one space, which JSON allows and orjson never writes: reading it, orjson
would turn an integer beyond 64 bits into a float, so the standard library reads it back instead.
Text written before orjson read these columns is read by orjson too (it cannot tell): an integer beyond
64 bits in it would read back as a float; no column of ours holds one (ids stop at DB_ID_MAX).
One difference is kept: a NaN or an infinity is written as null (the standard library wrote NaN, which
PostgreSQL's json refuses, so no column may rely on it; the forms that take a number refuse them).
"""
import json

import orjson

_BY_THE_STANDARD_LIBRARY = (" ", b" ")


def dumps(value) -> str:
    """A column's value as JSON text (keys that are not text written as text, as the standard library does)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return " " + json.dumps(value)


def loads(text):
    """A column's JSON text (or bytes, as PostgreSQL's driver hands it) as a value."""
    if isinstance(text, memoryview):
        text = bytes(text)
    if text[:1] not in _BY_THE_STANDARD_LIBRARY:
        try:
            return orjson.loads(text)
        except orjson.JSONDecodeError:  # text the standard library wrote before (a lone surrogate's escape)
            pass
    return json.loads(text)


def key_of(value) -> bytes | str:
    """The same text for equal values, whatever their keys' order: a cache key made of a JSON value."""
    try:
        return orjson.dumps(value, option=orjson.OPT_SORT_KEYS | orjson.OPT_NON_STR_KEYS)
    except TypeError:  # orjson.JSONEncodeError: as dumps
        return json.dumps(value, sort_keys=True)
