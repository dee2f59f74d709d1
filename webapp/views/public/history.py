"""A player's history across the events of this taikai (public): placings, matches, characters."""
import math
import time

from flask import Blueprint, request
from flask_babel import format_date
from flask_babel import gettext as _
from flask_login import current_user
from limits import parse

from ...services.reads import player_history
from ...web.clients import client_key
from ...web.shared_store import windows as shared_windows
from .. import render

bp = Blueprint("history", __name__)
SEARCHES = parse("30 per minute")  # a person looks up a few players; a stranger's loop waits


def _too_many():
    """A stranger searching too fast waits (signed-in staff never do), told in words how long."""
    if current_user.is_authenticated or request.args.get("name") is None:
        return None
    windows = shared_windows()
    if windows.hit(SEARCHES, "player_search", client_key()):
        return None
    reset = windows.get_window_stats(SEARCHES, "player_search", client_key()).reset_time
    seconds = max(1, math.ceil(reset - time.time()))
    page = render("error.html", code=429, description=_("Too many searches: wait %(n)s seconds and search again.",
                                                     n=seconds))
    return page, 429, {"Retry-After": str(seconds)}


@bp.route("/player")
def player():
    """?name= (and ?reading=): the player's events, newest first; without a name, the search form."""
    refused = _too_many()
    if refused is not None:
        return refused
    name = request.args.get("name", "").replace("\x00", "").strip()[:120]
    reading = request.args.get("reading", "").replace("\x00", "").strip()[:120]
    found = player_history.history(name, reading) if name else []
    days = {a.event.id: format_date(a.event.day, "long") for a in found if a.event.day}
    similar = player_history.suggestions(name) if name and not found else []
    return render("public/player_history.html", name=name, reading=reading, found=found, days=days,
                  similar=similar)
