"""Turning known problems into messages for people, and HTTP error pages."""
from flask import Flask
from flask_babel import gettext

from ..i18n import translate_violation
from ..schemas import ValidationError, first_error
from ..services import ServiceError
from ..tournament.errors import RuleViolation
from . import render


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


def _page(code: int):
    def handler(error):
        page = render("error.html", code=code, description=getattr(error, "description", ""))
        # Keep the exception's own headers (a 405's Allow list).
        headers = [(k, v) for k, v in error.get_headers() if k != "Content-Type"] if hasattr(error, "get_headers") else []
        return page, code, headers
    return handler
