"""Turning known problems into messages for people, and HTTP error pages."""
from flask import Flask, current_app, jsonify, request
from flask_babel import gettext
from flask_wtf.csrf import CSRFError
from sqlalchemy.exc import OperationalError
from werkzeug.exceptions import HTTPException

from ..services import NotFound, ServiceError
from ..tournament.errors import RuleViolation
from ..web.auth import local_path
from ..web.i18n import translate_violation
from . import render
from .forms import ValidationError, first_error


def problem_message(problem: Exception) -> str | None:
    """The translated message for a problem a person can fix, or None if unknown."""
    if isinstance(problem, (RuleViolation, ServiceError)):
        return translate_violation(problem)
    if isinstance(problem, ValidationError):
        return gettext("Please check the form: %(problem)s", problem=first_error(problem))
    return None


def init_error_pages(app: Flask) -> None:
    """Friendly pages for 400/403/404/405/413 and 500."""
    for code in (400, 403, 404, 405, 413, 500):
        app.register_error_handler(code, _page(code))
    app.register_error_handler(NotFound, _page(404))  # a service found nothing: the same 404 page
    app.register_error_handler(OperationalError, _database_away)
    app.register_error_handler(CSRFError, _form_expired)


def _form_expired(_error):
    """A form whose token this phone's session does not hold (a page kept from before a sign-in
    changed, or a forged post): nothing was done, and the page says so, with a button to open the form's
    page again (a fresh token) when that address is a page."""
    if request.path.startswith(("/sync/", "/api/")):
        return jsonify({"error": "csrf", "message": "reload the page"}), 400
    words = gettext("This page was out of date, so nothing was sent: open it again, enter it and send it.")
    again = local_path(request.full_path.rstrip("?"), "") if _opens_again(request.path) else ""
    return render("error.html", code=400, words=words, again=again), 400


def _opens_again(path: str) -> bool:
    try:
        current_app.url_map.bind_to_environ(request.environ).match(path, method="GET")
    except HTTPException:  # no such page, or this address only takes posts
        return False
    return True


def _database_away(_error):
    """The database is restarting or gone for a moment (issue 41): nothing was committed; the phones'
    outbox sends again on a 503 "busy" (as /sync's document promises), a person is told in words."""
    from ..extensions import db

    try:
        db.session.rollback()
    except OperationalError:
        db.session.remove()  # the connection is gone with the server: the next request takes a new one
    words = gettext("The server's database is not answering for a moment. Nothing was lost: try again shortly.")
    if request.path.startswith(("/sync/", "/api/")):
        return jsonify({"error": "busy", "message": "try again"}), 503, {"Retry-After": "5"}
    return render("error.html", code=503, words=words), 503, {"Retry-After": "5"}


def _page(code: int):
    def handler(error):
        if request.path.startswith(("/sync/", "/api/")):  # the APIs answer in JSON, as their documents say
            return jsonify({"error": str(code), "message": getattr(error, "description", "") or str(code)}), code, \
                _headers(error)
        page = render("error.html", code=code, description=getattr(error, "description", ""))
        return page, code, _headers(error)
    return handler


def _headers(error) -> list:
    """The exception's own headers (a 405's Allow list), but its content type."""
    given = error.get_headers() if hasattr(error, "get_headers") else []
    return [(k, v) for k, v in given if k != "Content-Type"]
