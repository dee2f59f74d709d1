"""The /sync blueprint and the reading of a pushed request body, shared by the routes of api.py
(/ops, /seen, /outcomes), received.py (/received) and players.py (a player's /e/<slug>/me/sync)."""
from flask import Blueprint, current_app, jsonify, request
from flask_babel import gettext as _
from flask_login import current_user
from flask_wtf.csrf import validate_csrf
from wtforms.validators import ValidationError as WTFValidationError

from webapp.extensions import csrf

from .schemas import BadBody, ValidationError, read_json

bp = Blueprint("sync", __name__, url_prefix="/sync")
csrf.exempt(bp)  # checked in push() after the sign-in check


def unauthorized():
    """The answer to any /sync call without a valid session (signed out on this phone, by the desk,
    or by a new PIN): a JSON 401 in words, never a redirect to a sign-in page, checked before the
    CSRF token and the body, so the phone shows "sign in to send" and keeps its entries."""
    return jsonify({"error": "auth", "message": _("Sign in to send")}), 401


def read_signed_in(schema):
    """The body of a signed-in person's request, or the answer refusing it: 401 without a session
    (checked before the CSRF token, so an expired session reads as "sign in", not as a bad token),
    400 for a bad token or unusable JSON, 422 for a body the schema refuses."""
    if not current_user.is_authenticated:
        return None, unauthorized()
    return read_body(schema)


def read_body(schema):
    """A request body checked as every push checks it (its author already known): 400 for a bad
    CSRF token or unusable JSON, 422 for a body the schema refuses."""
    try:
        if current_app.config.get("WTF_CSRF_ENABLED", True):
            validate_csrf(request.headers.get("X-CSRFToken", ""))
    except WTFValidationError:
        return None, (jsonify({"error": "csrf", "message": "reload the page"}), 400)
    try:
        return schema.load(read_json(request.get_data())), None
    except BadBody as problem:
        return None, (jsonify({"error": "json", "message": f"the body is not usable JSON: {problem}"}), 400)
    except ValidationError as problem:
        return None, (jsonify({"errors": problem.normalized_messages()}), 422)
