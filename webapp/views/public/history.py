"""A player's history across the events of this taikai (public): placings, matches, characters."""
from flask import Blueprint, request
from flask_babel import format_date

from ...services.reads import player_history
from .. import render

bp = Blueprint("history", __name__)


@bp.route("/player")
def player():
    """?name= (and ?reading=): the player's events, newest first; without a name, the search form."""
    name = request.args.get("name", "").replace("\x00", "").strip()[:120]
    reading = request.args.get("reading", "").replace("\x00", "").strip()[:120]
    found = player_history.history(name, reading) if name else []
    days = {a.event.id: format_date(a.event.day, "long") for a in found if a.event.day}
    similar = player_history.suggestions(name) if name and not found else []
    return render("public/player_history.html", name=name, reading=reading, found=found, days=days,
                  similar=similar)
