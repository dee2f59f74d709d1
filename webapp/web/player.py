"""The player's cookie: set when a personal link is opened, read by the player's own pages.

Never a staff or desk session (Flask-Login knows nothing of it): `player_required` lets a view
run only for the entrant whose live link is in the cookie, for the event in its address, and
puts that link on `g.player_link` (`g.player` is its entrant, None while the sign-up waits).
"""
from functools import wraps

from flask import Response, abort, g, request
from flask_babel import gettext as _

from ..extensions import db
from ..models import Entrant, Event
from ..services.players import player_links
from .pages import render


def set_player_cookie(response: Response, token: str, event_id: int) -> Response:
    """Keep this link on the phone: HttpOnly, SameSite=Lax, Secure under https (security.py)."""
    value = player_links.cookie_with(request.cookies.get(player_links.COOKIE), token, event_id)
    response.set_cookie(player_links.COOKIE, value, max_age=player_links.COOKIE_SECONDS, httponly=True,
                        samesite="Lax", secure=request.is_secure)
    return response


def current_link(event: Event):
    """The live link of this request's player cookie for this event, or None."""
    return player_links.link_from_cookie(request.cookies.get(player_links.COOKIE), event.id)


def player_required(view):
    """Only the player whose link is in the cookie, on their own event's pages (by slug).

    Without a live link (none, revoked, another event's) the answer is 403: the page says to
    open the personal link again."""
    @wraps(view)
    def wrapper(*args, **kwargs):
        slug = (request.view_args or {}).get("slug")
        event = db.session.query(Event).filter_by(slug=slug).one_or_none() if slug else None
        if event is None:
            abort(404)
        link = current_link(event)
        if link is None:
            return _no_link()
        g.player_event, g.player_link = event, link
        g.player = db.session.get(Entrant, link.entrant_id) if link.entrant_id else None
        return view(*args, **kwargs)
    return wrapper


def _no_link():
    words = _("This page is a player's own page. Open your personal link again (the card from the desk, or "
              "the page after signing up), or ask the desk for a new one.")
    return render("error.html", code=403, words=words), 403
