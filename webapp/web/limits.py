"""How large a request body each route takes, refused before a byte of it is read; and an
address holding a NUL, refused in words before any page asks the database with it.

One table serves both the app (a before_request check on the declared length, and
Werkzeug's own cap on what a route reads) and the server's buffering front
(webapp/venue/front.py), which never reads a body its route would refuse.
"""
import os

from flask import Flask, current_app, jsonify, request
from flask_babel import gettext
from werkzeug.exceptions import BadRequest, HTTPException, RequestEntityTooLarge

from .pages import render

KB = 1024
MB = 1024 * KB

# Route kind → (environment variable, default bytes). docs/security.md lists them.
BODY_LIMITS = {
    "signin": ("TAIKAI_MAX_SIGNIN_BYTES", 8 * KB),  # a name and a password, or a PIN
    "csv": ("TAIKAI_MAX_CSV_BYTES", 2 * MB + 64 * KB),  # the 2 MB entrant file and its form
    "mirror": ("TAIKAI_MAX_MIRROR_BYTES", 16 * MB),  # one event's whole public copy
    "sync": ("TAIKAI_MAX_SYNC_BYTES", 1 * MB),  # a batch of at most 200 entries
    "form": ("TAIKAI_MAX_FORM_BYTES", 256 * KB),  # every other form
}
ROUTE_KINDS = {
    "auth.login": "signin", "auth.staff_pin": "signin", "auth.password": "signin", "auth.logout": "signin",
    "desk.add_entrants": "csv", "desk_builder.submit": "csv", "desk_builder.preview": "csv",
    "desk_event_files.from_file": "csv",  # an event file (at most 64 KB, services/setup/event_files) and a sheet
    "mirror_api.api_push": "mirror",
    "sync.push": "sync", "sync.received": "sync",
}
# Routes answered with JSON (the phone's outbox, the venue's mirror pusher), not a page.
JSON_KINDS = {"sync", "mirror"}


def configured_limits() -> dict[str, int]:
    """The byte limit of each route kind, from the environment or the defaults."""
    limits = {}
    for kind, (variable, default) in BODY_LIMITS.items():
        value = os.environ.get(variable, "").strip()
        limits[kind] = int(value) if value else default
    return limits


def route_kind(app: Flask, path: str, method: str) -> str:
    """The kind of the route a path goes to ("form" when it goes nowhere)."""
    try:
        endpoint, _ = app.url_map.bind("localhost").match(path, method)
    except HTTPException:
        return "form"  # a 404/405/redirect: answered without reading the body anyway
    return ROUTE_KINDS.get(endpoint, "form")


def body_limit(app: Flask, path: str, method: str) -> int:
    """How many body bytes a request to this path may carry."""
    return app.config["BODY_LIMITS"][route_kind(app, path, method)]


def readable_size(size: int) -> str:
    """8 KB, 2 MB: how people read a limit."""
    if size >= MB:
        return f"{size / MB:.0f} MB"
    return f"{max(1, round(size / KB))} KB"


def init_limits(app: Flask) -> None:
    """Set the limits, check each request's declared length first, answer 413 in words."""
    app.config.setdefault("BODY_LIMITS", configured_limits())
    # Form fields held in memory and parts per form: Werkzeug refuses more with a 413 too.
    app.config.setdefault("MAX_FORM_MEMORY_SIZE", 512 * KB)
    app.config.setdefault("MAX_FORM_PARTS", 1000)
    # First of all hooks: CSRF protection reads the form, and nothing may read before this check.
    app.before_request_funcs.setdefault(None, []).insert(0, _refuse_oversized)
    app.before_request_funcs[None].insert(1, _refuse_nul_address)
    app.before_request_funcs[None].insert(2, _refuse_nul_fields)
    app.register_error_handler(RequestEntityTooLarge, _too_large)
    app.register_error_handler(NulInAddress, _nul_in_address)
    app.register_error_handler(NulInFields, _nul_in_fields)


def _refuse_oversized():
    limit = current_app.config["BODY_LIMITS"][_kind()]
    # Werkzeug checks this before it reads (declared length), and stops a chunked body there.
    request.max_content_length = limit
    if request.content_length is not None and request.content_length > limit:
        raise RequestEntityTooLarge()


def _refuse_nul_address():
    """No page takes a NUL in its address, and PostgreSQL refuses one in any text it is asked
    about: a stranger's /e/%00 was a 500 there. (Entries are refused by name: payloads.py.)"""
    if "\x00" in request.path:  # (a query's NUL reaches no query: sign-in's next= is checked apart)
        raise NulInAddress()


class NulInAddress(BadRequest):
    """An address holding a NUL (answered by _nul_in_address)."""


def _nul_in_address(_error):
    words = gettext("This address holds a character no page of taikai uses (NUL).")
    if request.path.startswith("/api/"):
        return jsonify({"error": "400", "message": words}), 400
    return render("error.html", code=400, words=words), 400


def _refuse_nul_fields():
    """No form field nor JSON text holding a NUL reaches a view (PostgreSQL refuses NUL in text:
    a sign-up name with one was a 500). The phones' entries are refused one by one instead, each
    by name (sync/schemas.py, services/entries/payloads.py), so a batch is never lost for one."""
    if request.method in ("GET", "HEAD", "OPTIONS") or request.path.startswith("/sync/"):
        return
    if request.is_json:
        if _holds_nul(request.get_json(silent=True)):
            raise NulInFields()
    elif any("\x00" in key or "\x00" in value for key, value in request.form.items(multi=True)):
        raise NulInFields()


def _holds_nul(value) -> bool:
    """Whether any text in a JSON value (keys too) holds a NUL; a loop, not recursion."""
    pending = [value]
    while pending:
        item = pending.pop()
        if isinstance(item, str) and "\x00" in item:
            return True
        if isinstance(item, dict):
            pending.extend(item.keys())
            pending.extend(item.values())
        elif isinstance(item, list):
            pending.extend(item)
    return False


class NulInFields(BadRequest):
    """A form field or JSON text holding a NUL (answered by _nul_in_fields)."""


def _nul_in_fields(_error):
    words = gettext("What you typed holds an invisible control character (NUL) that taikai cannot keep: "
                    "remove it (type the text again) and send again.")
    if request.is_json or _kind() in JSON_KINDS or request.path.startswith("/api/"):
        return jsonify({"error": "nul", "message": words}), 422
    return render("error.html", code=422, words=words), 422


def _kind() -> str:
    return ROUTE_KINDS.get(request.endpoint or "", "form")


def _too_large(error):
    kind = _kind()
    size = readable_size(current_app.config["BODY_LIMITS"][kind])
    if kind == "csv":
        message = gettext("The file is larger than %(size)s.", size=size)
    elif kind == "sync":
        message = gettext("These entries are larger than %(size)s together: send fewer at a time.", size=size)
    else:
        message = gettext("What was sent is larger than %(size)s, the most this page takes.", size=size)
    if kind in JSON_KINDS:
        limit = current_app.config["BODY_LIMITS"][kind]
        return jsonify({"error": "too_large", "message": message, "limit": limit}), 413
    return render("error.html", code=413, description=message), 413
