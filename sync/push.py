"""The one push: a batch of entries read from a pushed request body, applied, and each outcome
answered in words.

Every author pushes the same way: a staff phone (/sync/ops, api.py), the desk taking a shared
phone's entries (/sync/received, received.py) and a player's own report (/e/<slug>/me/sync,
players.py). Each route reads the body as every push reads it (read_signed_in / read_body, on the
/sync blueprint here), then apply_batch validates each raw entry, submits all, never loses one and
never answers 500; present gives each outcome as the phone reads it, in the reader's language.
"""
from flask import Blueprint, current_app, jsonify, request
from flask_babel import gettext as _
from flask_login import current_user
from flask_wtf.csrf import validate_csrf
from wtforms.validators import ValidationError as WTFValidationError

from webapp.extensions import csrf
from webapp.operations.log import Outcome, undone_entries
from webapp.operations.submit import submit_many
from webapp.services.entries.entry import Entry
from webapp.tournament.errors import N_
from webapp.web.i18n import translate_violation

from .schemas import BadBody, ValidationError, load_operation, read_json

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


def present(outcome: Outcome) -> dict:
    """The outcome as the phone reads it, its message in the reader's language."""
    data = outcome.to_dict()
    data["message"] = translate_violation(outcome) if outcome.message else None
    if outcome.undone:   # a later void undid this entry: the reason in the reader's language
        data["undone"] = {**outcome.undone, "message": translate_violation(_Said(outcome.undone))}
    return data


class _Said:
    """A stored {code, message, params} read like a violation for translation."""

    def __init__(self, said: dict):
        self.message, self.params = said.get("message") or "", said.get("params") or {}


def undone_for(device_id: str, user_id: int) -> list[dict]:
    """This person's entries from the device that a later void undid (each with the reason), for its next sync.
    Read inside a sync batch's transaction too (log.undone_entries flushes what it undid)."""
    return [present(outcome) for outcome in undone_entries(device_id, user_id)]


def apply_batch(raws: list, device_id: str, user, also=None) -> list[dict]:
    """One outcome per raw operation, in order; malformed ones are logged as rejected.
    `also`: a write made in the batch's transaction (the phone's sync noted)."""
    ops, answers = [], []
    for raw in raws:
        op, answer = _load(raw, device_id)
        answers.append(answer)
        if op is not None:
            ops.append(op)
    outcomes = iter(submit_many(ops, user, also=also, read_after=False))  # answered from the outcomes
    return [present(answer or next(outcomes)) for answer in answers]


def _load(raw, device_id: str) -> tuple[Entry | None, Outcome | None]:
    """(the entry to submit, None), or (None, an outcome given without touching the log)."""
    raw = raw if isinstance(raw, dict) else {"value": raw}
    try:
        return Entry.from_wire(load_operation(raw)), None
    except ValidationError as problem:
        fields = ", ".join(sorted(map(str, problem.normalized_messages())))
    op_id = raw.get("op_id") if isinstance(raw.get("op_id"), str) else ""
    if not 8 <= len(op_id) <= 64 or not op_id.isprintable():
        return None, Outcome(op_id[:64], "rejected", "op.malformed",
                                        N_("This entry is malformed (%(fields)s) and has no usable id."),
                                        {"fields": fields})
    kind = raw.get("kind") if isinstance(raw.get("kind"), str) and raw["kind"].isprintable() else ""
    failure = ("op.malformed", N_("This entry is malformed: check %(fields)s."), {"fields": fields})
    # ascii(): escapes NUL and the like
    return Entry(op_id=op_id, kind=kind[:40] or "?", device_id=device_id, payload={"raw": ascii(raw)[:2000]},
                 failure=failure), None
