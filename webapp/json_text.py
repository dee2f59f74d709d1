"""The text of the database's JSON columns: orjson, which reads and writes a sync batch's rows (each
match's games, each entry's payload) in a fraction of the standard library's time; the standard
library for the rare value orjson refuses (an integer beyond 64 bits, a lone surrogate), as before."""
import json

import orjson


def dumps(value) -> str:
    """A column's value as JSON text (keys that are not text written as text, as the standard library does)."""
    try:
        return orjson.dumps(value, option=orjson.OPT_NON_STR_KEYS).decode()
    except TypeError:  # orjson.JSONEncodeError
        return json.dumps(value)


def loads(text):
    """A column's JSON text (or bytes, as PostgreSQL's driver hands it) as a value."""
    try:
        return orjson.loads(text)
    except orjson.JSONDecodeError:
        return json.loads(bytes(text) if isinstance(text, memoryview) else text)
