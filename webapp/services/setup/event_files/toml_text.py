"""The event file as text: reading TOML, finding the line of a setting, and writing the file.

tomllib keeps no positions, so a refusal's line is found again in the text: the line that sets
the key under the table it belongs to (``[[phases]]`` counted), else that table's header.
The writer knows the spec's shape (scalars, lists of scalars, small tables, the phase list):
no TOML library is needed to write it.
"""
import datetime
import json
import re
import tomllib

from ....tournament.errors import N_
from ... import ServiceError

MAX_BYTES = 64 * 1024
# An event file nests at most [[phases]] > [phases.rules] > a list of small tables; a file nested
# deeper is refused by a scan before tomllib (which recurses once per level) reads it.
MAX_DEPTH = 8
_HEADER = re.compile(r"^\s*(\[\[?)\s*([A-Za-z0-9_.\-\s]+?)\s*\]\]?\s*(#.*)?$")
_KEY = re.compile(r"^\s*([A-Za-z0-9_\-]+)\s*(\.\s*([A-Za-z0-9_\-]+)\s*)?=")


def parse(text: str) -> dict:
    """TOML text into a dict; a file that is not TOML is refused with its line."""
    if len(text.encode("utf-8", "surrogatepass")) > MAX_BYTES:
        raise ServiceError("eventfile.too_big", N_("The file is larger than %(kb)s KB: it cannot be an event file."),
                           kb=MAX_BYTES // 1024)
    if nesting(text) > MAX_DEPTH:
        raise ServiceError("eventfile.too_deep",
                           N_("The file nests lists or tables more than %(depth)s deep: an event file never does."),
                           depth=MAX_DEPTH)
    try:
        return tomllib.loads(text)
    except tomllib.TOMLDecodeError as problem:
        found = re.search(r"line (\d+)", str(problem))
        raise ServiceError("eventfile.not_toml", N_("Line %(line)s: this is not a TOML line (%(problem)s)."),
                           line=found.group(1) if found else "?",
                           problem=re.sub(r"\s*\(at .*\)$", "", str(problem))) from None


def nesting(text: str) -> int:
    """How deep the file's lists and inline tables nest (outside strings and comments), counted
    only until it passes MAX_DEPTH: one pass, no recursion."""
    depth = deepest = at = 0
    while at < len(text) and deepest <= MAX_DEPTH:
        ch = text[at]
        if ch == "#":
            at = _after(text, at, "\n")
            continue
        if ch in "\"'":
            quote = text[at:at + 3] if text[at:at + 3] in ('"""', "'''") else ch
            at = _string_end(text, at + len(quote), quote)
            continue
        depth = depth + 1 if ch in "[{" else max(0, depth - 1) if ch in "]}" else depth
        deepest, at = max(deepest, depth), at + 1
    return deepest


def _after(text: str, start: int, end: str) -> int:
    found = text.find(end, start)
    return len(text) if found < 0 else found + len(end)


def _string_end(text: str, at: int, quote: str) -> int:
    """Where a string that opened before ``at`` ends (a one-line string ends at its line at most)."""
    while at < len(text):
        ch = text[at]
        if ch == "\\" and quote[0] == '"':
            at += 2
            continue
        if text.startswith(quote, at):
            return at + len(quote)
        if ch == "\n" and len(quote) == 1:
            return at + 1
        at += 1
    return at


def line_of(text: str | None, path: tuple) -> int | None:
    """The line (from 1) that sets ``path`` (("phases", 1, "best_of"): the second phase's best_of),
    or the nearest line above it in the file's structure (the key holding it, its table's header)."""
    if not text:
        return None
    table, counts, best, best_len = (), {}, None, 0
    for number, line in enumerate(text.splitlines(), start=1):
        header, key = _HEADER.match(line), _KEY.match(line)
        if header:
            names = tuple(part.strip() for part in header.group(2).split("."))
            if header.group(1) == "[[":
                counts[names] = counts.get(names, -1) + 1
            full = table = _indexed(names, counts)
        elif key:
            full = table + tuple(k for k in (key.group(1), key.group(3)) if k)
        else:
            continue
        if len(full) > best_len and path[:len(full)] == full:
            best, best_len = number, len(full)
    return best


def _indexed(names: tuple, counts: dict) -> tuple:
    """A table header's path with the current item of each array of tables in it."""
    out = ()
    for n in range(1, len(names) + 1):
        out += (names[n - 1],)
        if names[:n] in counts:
            out += (counts[names[:n]],)
    return out


def _value(value) -> str:
    """One TOML value: a basic string, a number, a boolean, a date, a list or an inline table."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, datetime.date):
        return value.isoformat()
    if isinstance(value, str):
        return json.dumps(value, ensure_ascii=False).replace("\x7f", "\\u007f")
    if isinstance(value, list | tuple):
        return "[" + ", ".join(_value(v) for v in value) + "]"
    if isinstance(value, dict):
        return "{ " + ", ".join(f"{_key(k)} = {_value(v)}" for k, v in value.items()) + " }"
    raise TypeError(f"no TOML for {type(value).__name__}")


def _key(key: str) -> str:
    return key if re.fullmatch(r"[A-Za-z0-9_\-]+", key) else json.dumps(key, ensure_ascii=False)


def _lines(values: dict, skip=()) -> list[str]:
    return [f"{_key(k)} = {_value(v)}" for k, v in values.items() if k not in skip and v is not None]


def write(spec: dict, comments: dict | None = None) -> str:
    """The spec as a TOML file: the event's keys, [rules], one [[phases]] table per phase, then one
    [[timetable]] table per line of the timetable.

    ``comments`` ({key: text}) puts a comment line above a top-level key."""
    comments = comments or {}
    out = ["# taikai event file: see docs/event-files.md", ""]
    for key, value in spec.items():
        if key in ("rules", "phases", "timetable") or value is None:
            continue
        if key in comments:
            out.append(f"# {comments[key]}")
        out.append(f"{_key(key)} = {_value(value)}")
    if spec.get("rules"):
        out += ["", "[rules]", *_lines(spec["rules"])]
    for phase in spec.get("phases") or []:
        out += ["", "[[phases]]", *_lines(phase, skip=("rules",))]
        if phase.get("rules"):
            out += ["[phases.rules]", *_lines(phase["rules"])]
    for line in spec.get("timetable") or []:
        out += ["", "[[timetable]]", *_lines(line)]
    return "\n".join(out) + "\n"
