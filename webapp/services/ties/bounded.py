"""One HTTP request to start.gg or Challonge, bounded as a whole: a deadline for the call (an HTTP
client's timeout counts per read, so an answer dripping a byte a second would hold a worker for ever)
and a size (an answer of gigabytes would fill the memory). What it answered is parsed here once: the
JSON body, or None when it is not JSON. The token travels in the request only: nothing here logs it,
and no message made here carries the address it was sent to."""
import json
import logging
import re
import time

import httpx

from .answers import Malformed, Unreachable

MAX_ANSWER = 8 * 1024 * 1024  # an event of 500 entrants answers in well under 1 MB
DEADLINE = 20.0               # seconds for a whole call: connect, send, the whole answer
_KEY = re.compile(r"(api_key=)[^&\s\"']*")


class _NoKeyInLogs(logging.Filter):
    """httpx logs each request's address at INFO: Challonge's key travels in it (``api_key``), so
    the key is hidden from the line before any handler sees it."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        if "api_key=" in text:
            record.msg, record.args = _KEY.sub(r"\1[hidden]", text), ()
        return True


logging.getLogger("httpx").addFilter(_NoKeyInLogs())


def request(method: str, url: str, deadline: float | None = None, **kwargs) -> tuple[int, object]:
    """(status, the JSON body or None), or Unreachable (no answer in time) / Malformed (too large)."""
    deadline = deadline or DEADLINE
    until = time.monotonic() + deadline
    try:
        with httpx.stream(method, url, timeout=httpx.Timeout(min(10.0, deadline)), **kwargs) as answer:
            raw = _read(answer, until)
    except httpx.HTTPError as failure:
        raise Unreachable(type(failure).__name__) from None
    return answer.status_code, _json(raw)


def _read(answer: httpx.Response, until: float) -> bytes:
    raw = bytearray()
    for chunk in answer.iter_bytes():
        raw += chunk
        if len(raw) > MAX_ANSWER:
            raise Malformed(f"answer larger than {MAX_ANSWER // (1024 * 1024)} MB")
        if time.monotonic() > until:
            raise Unreachable("slow answer")
    return bytes(raw)


def _json(raw: bytes):
    try:
        return json.loads(raw)
    except (ValueError, RecursionError):  # not JSON, or nested deeper than the parser goes
        return None


def words(value, limit: int = 300) -> str:
    """A service's own words, as text of a sane length (they are shown to the desk and kept)."""
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)[:limit]
    return "".join(c for c in text if c.isprintable())[:limit]
