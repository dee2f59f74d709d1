"""A player's own pages, opened by their personal link: "my event", withdraw, self check-in.

The link sets the player cookie and sends the phone on to the page without the token in its
address (so it does not linger in the history or a referrer). Every page and action here runs
only for the entrant of the live link in the cookie (web/player.player_required)."""
from flask import Blueprint, g, redirect, url_for

from ..extensions import db
from ..services import accounts, player_links
from ..web.player import player_required, set_player_cookie
from . import render

bp = Blueprint("player", __name__)


@bp.route("/e/<slug>/me/<token>")
def open_link(slug, token):
    """A personal link: keep it on this phone, then the player's page."""
    event = accounts.event_by_slug(slug)
    link = player_links.link_for(token[:100])
    if link is None or link.event_id != event.id:
        return render("player/link_gone.html", event=event), 404
    player_links.seen(link)
    db.session.commit()
    response = redirect(url_for("player.mine", slug=event.slug))
    response.headers["Cache-Control"] = "no-store"
    return set_player_cookie(response, token[:100], event.id)


@bp.route("/e/<slug>/me")
@player_required
def mine(slug):
    """My event: my next match, my station and call, my results, my place on the waitlist."""
    from ..services import my_event

    page = my_event.page(g.player_event, g.player_link)
    return render("player/mine.html", "_partials/player_mine.html", event=g.player_event, mine=page)
