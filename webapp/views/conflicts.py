"""The desk's conflict queue (/desk/conflicts): both versions side by side, and a decision."""
import uuid

from flask import Blueprint, abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ..auth import desk_required
from ..extensions import db
from ..models import Conflict, MatchRow, Operation, User
from ..services import conflicts, held, operations, standings
from ..services.sheets import translate_outcome
from . import render
from .match_titles import match_title

bp = Blueprint("conflicts", __name__, url_prefix="/desk/conflicts")


@bp.before_request
@desk_required
def _guard():
    """Only the desk decides conflicts."""
    return None


@bp.route("/")
def queue():
    """Open conflicts, oldest first, each with both versions."""
    items = [conflicts.describe(c) for c in conflicts.open_conflicts()]
    names = {}
    for item in items:
        names.update(standings.names(item["match"].bracket.phase.event_id))
    return render("desk/conflicts.html", items=items, entrants=names, waiting=_waiting())


def _waiting() -> list[dict]:
    """Held entries grouped by match and device, oldest first, with the match's title."""
    groups: dict = {}
    for row in held.waiting_entries():
        group = groups.get((row.match_id, row.device_id))
        if group is None:
            match = db.session.get(MatchRow, row.match_id)
            user = db.session.get(User, row.user_id) if row.user_id else None
            group = groups[(row.match_id, row.device_id)] = {
                "match": match, "title": match_title(match), "count": 0, "named": conflicts.named_in(row),
                "author": (user.display_name or user.username) if user else "—"}
        group["count"] += 1
    return list(groups.values())
