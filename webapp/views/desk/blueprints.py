"""What every desk blueprint shares: a desk account before any of its views runs, an event or a 404."""
from flask import Blueprint, abort

from ...extensions import db
from ...models import Event
from ...web.auth import desk_required


def desk_blueprint(name: str, import_name: str, url_prefix: str = "/desk") -> Blueprint:
    """A blueprint whose every page needs a desk account (a stranger is sent to sign in, staff get 403)."""
    bp = Blueprint(name, import_name, url_prefix=url_prefix)
    bp.before_request(desk_required(_let_through))
    return bp


def _let_through():
    """The desk account passed: the view answers."""
    return None


def event_or_404(event_id: int) -> Event:
    """The event the address names."""
    return db.session.get(Event, event_id) or abort(404)
