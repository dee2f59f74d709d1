"""The call screen for a projector and a player's own next match: public, no sign-in, self-updating."""
from flask import Blueprint, abort

from ...extensions import db
from ...models import Entrant
from ...services.accounts import users as accounts
from ...services.day import stations
from ...services.players import finder as player_views
from ...services.reads import standings
from .. import render

bp = Blueprint("projector", __name__)

QUEUE_SHOWN = 8  # the next matches the screen has room for at 5 m


@bp.route("/e/<slug>/calls")
def calls(slug):
    """Called matches with their station and minutes since the call, then the next in the queue."""
    event = accounts.event_by_slug(slug)
    board = [v for v in stations.board(event) if v.match is not None]
    regular, stream = stations.queue(event)
    return render("public/projector.html", "_partials/projector_calls.html", event=event, board=board,
                  upcoming=(stream + regular)[:QUEUE_SHOWN], entrants=standings.names(event.id))


@bp.route("/e/<slug>/p/<int:entrant_id>")
def player(slug, entrant_id):
    """One entrant's next match: waiting, called (go to station N) or playing; an estimated start."""
    event = accounts.event_by_slug(slug)
    entrant = db.session.get(Entrant, entrant_id)
    if entrant is None or entrant.event_id != event.id:
        abort(404)
    view = player_views.view(event, entrant)
    match = view.current or view.upcoming
    state = "out" if view.out else stations.match_state(match) if match is not None else "none"
    wait = stations.estimated_wait(event, view.current) if view.current is not None else None
    return render("public/player_next.html", "_partials/player_next.html", event=event, p=view, match=match,
                  state=state, wait=wait)
