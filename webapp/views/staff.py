"""Staff pages on phones: pick an event and a match, enter it game by game."""
from flask import Blueprint, abort
from flask_login import current_user

from ..auth import staff_required
from ..extensions import db
from ..models import Event, MatchRow
from ..services import accounts, standings
from . import render

bp = Blueprint("staff", __name__, url_prefix="/staff")


@bp.before_request
@staff_required
def _guard():
    """Every staff page needs a signed-in staff or desk account."""
    return None


def _visible_events():
    query = db.session.query(Event).order_by(Event.id.desc())
    if not current_user.is_desk and current_user.event_id:
        query = query.filter(Event.id == current_user.event_id)
    return query.all()


@bp.route("/")
def home():
    """The events this person may enter results for."""
    return render("staff/home.html", events=_visible_events())


@bp.route("/e/<slug>")
def event(slug):
    """Matches ready to play (and in play), by station, with big buttons."""
    event = accounts.event_by_slug(slug)
    if not current_user.is_desk and current_user.event_id not in (None, event.id):
        abort(403)
    ready = [m for p in event.phases if p.status == "running" for b in p.brackets for m in b.matches
             if m.status == "ready"]
    return render("staff/event.html", event=event, matches=ready, entrants=standings.names(event.id))
