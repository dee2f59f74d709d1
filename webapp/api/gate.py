"""What every /api/v1/ request passes: the throttle, CORS for GET, the ETag, JSON errors.

The throttle counts a client's requests in a moving window (Redis when REDIS_URL is set, as the
sign-in throttle); a signed-in person (the desk, a referee's phone) is never counted, so a
stranger polling hard slows only themselves. TAIKAI_API_RATE sets the window ("300 per minute").
"""
import hashlib
import json
import math
import os
import time

from flask import jsonify, make_response, request
from flask_login import current_user
from limits import parse

from ..web.clients import client_key
from ..web.shared_store import windows as shared_windows
from .blueprint import bp

DEFAULT_RATE = "300 per minute"


def rate():
    return parse(os.environ.get("TAIKAI_API_RATE") or DEFAULT_RATE)


def _throttle():
    if request.method == "OPTIONS" or current_user.is_authenticated:
        return None
    windows = shared_windows()
    who = client_key()
    if windows.hit(rate(), "api", who):
        return None
    reset = windows.get_window_stats(rate(), "api", who).reset_time
    seconds = max(1, math.ceil(reset - time.time()))
    response = jsonify({"error": "429", "message": f"too many requests: wait {seconds} seconds"})
    response.status_code = 429
    response.headers["Retry-After"] = str(seconds)
    return response


def _cors(response):
    """Any site may read (GET); nothing else is offered to another origin."""
    response.headers["Access-Control-Allow-Origin"] = "*"
    response.headers["Access-Control-Allow-Methods"] = "GET, HEAD, OPTIONS"
    response.headers["Access-Control-Allow-Headers"] = "If-None-Match"
    response.headers["Access-Control-Expose-Headers"] = "ETag, Retry-After"
    response.headers["Vary"] = "Accept-Encoding, Accept-Language"
    return response


def tag(stamp: tuple | None, lang: str) -> str:
    """An ETag from a page's stamp (what, id, created, version), the route and its arguments."""
    raw = ":".join(str(p) for p in (*(stamp or ()), request.endpoint, sorted((request.view_args or {}).items()), lang))
    return hashlib.sha1(raw.encode()).hexdigest()[:24]


def seen(etag: str) -> bool:
    """The client holds this version already (compression appends ":gzip" and the like)."""
    return any(t.split(":")[0] == etag for t in request.if_none_match)


def not_modified(etag: str):
    response = make_response("", 304)
    response.set_etag(etag)
    return response


def encode(data) -> str:
    """The answer's JSON text (dates as ISO text)."""
    return json.dumps(data, ensure_ascii=False, sort_keys=True, default=str)


def answer(data, etag: str | None = None):
    """JSON (data, or its text already encoded) with its ETag (from the stamp, or else a digest
    of the body) and no-cache."""
    body = data if isinstance(data, str) else encode(data)
    etag = etag or hashlib.sha1(body.encode()).hexdigest()[:24]
    if seen(etag):
        return not_modified(etag)
    response = make_response(body)
    response.headers["Content-Type"] = "application/json"
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def problem(code: int, message: str):
    return jsonify({"error": str(code), "message": message}), code


# On the blueprint once, when this module is first imported (an app made twice registers it twice).
bp.before_request(_throttle)
bp.after_request(_cors)
