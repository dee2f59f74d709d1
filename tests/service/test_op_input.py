"""The sync path's fast input checks say exactly what the plain ones said."""
import random
import sys
import unicodedata

from sync.schemas import MAX_DEPTH, _depth
from webapp.services.entries import payloads as op_input


def _plain_controls(value, path="payload"):
    """The check as first written: a category lookup per character, a path per value."""
    def has(text):
        return any(unicodedata.category(c) == "Cc" and c not in op_input.ALLOWED_CONTROLS for c in text)
    stack = [(path, value)]
    while stack:
        where, item = stack.pop()
        if isinstance(item, str) and has(item):
            return where
        if isinstance(item, dict):
            for key, inner in item.items():
                if isinstance(key, str) and has(key):
                    return where
                stack.append((f"{where}.{key}" if where else str(key), inner))
        elif isinstance(item, list):
            stack.extend((f"{where}[{n}]", inner) for n, inner in enumerate(item))
    return None


def _plain_depth(value):
    deepest, stack = 0, [(value, 1)]
    while stack:
        item, depth = stack.pop()
        deepest = max(deepest, depth)
        if depth <= MAX_DEPTH and isinstance(item, (dict, list)):
            stack.extend((inner, depth + 1) for inner in (item.values() if isinstance(item, dict) else item))
    return deepest


def test_the_control_pattern_is_unicode_category_cc_less_line_breaks_and_tabs():
    for code in range(sys.maxunicode + 1):
        c = chr(code)
        expected = unicodedata.category(c) == "Cc" and c not in op_input.ALLOWED_CONTROLS
        assert op_input._has_control(c) == expected, hex(code)


def _payload(rng, depth=0):
    pick = rng.random()
    if depth > 4 or pick < 0.4:
        return rng.choice(["仁", "ok", "a\x00b", "\n\t", "x\x85", 3, None, True, "闘技場", "\x7f"])
    if pick < 0.7:
        return [_payload(rng, depth + 1) for _ in range(rng.randint(0, 3))]
    return {rng.choice(["a", "b", "k\x01", "stage", "名前"]) + str(n): _payload(rng, depth + 1)
            for n in range(rng.randint(0, 3))}


def test_control_characters_are_found_at_the_same_path_as_before():
    rng = random.Random(7)
    for _ in range(3000):
        payload = _payload(rng)
        for path in ("", "payload"):
            assert op_input.control_characters_in(payload, path) == _plain_controls(payload, path), payload


def test_depth_is_counted_as_before():
    rng = random.Random(11)
    samples = [_payload(rng) for _ in range(2000)]
    samples += [[[]], {}, 1, [[[[1]]]], {"a": {"b": []}}]
    deep = []
    for _ in range(MAX_DEPTH + 5):
        deep = [deep, {"x": 1}]
    samples.append(deep)
    for sample in samples:
        assert _depth(sample) == _plain_depth(sample), sample
