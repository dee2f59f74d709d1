"""A player's own pages, opened by their personal link: "my event", withdraw, self check-in.

The link sets the player cookie and sends the phone on to the page without the token in its
address (so it does not linger in the history or a referrer). Every page and action here runs
only for the entrant of the live link in the cookie (web/player.player_required); the actions
are POSTs with the form's CSRF token."""
from datetime import datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, current_app, flash, g, redirect, request, url_for
from flask_babel import gettext as _

from ...extensions import db
from ...models import Signup
from ...services import ServiceError
from ...services.accounts import users as accounts
from ...services.players import event_facts, my_event, player_links, self_checkin, signups
from ...web.player import player_required, set_player_cookie
from .. import render
from ..changes import run_change
from ..errors import problem_message

bp = Blueprint("player", __name__)


@bp.route("/e/<slug>/me/<token>")
def open_link(slug, token):
    """A personal link: keep it on this phone, then the player's page."""
    event = accounts.event_by_slug(slug)
    link = player_links.link_for(token[:100])
    if link is None or link.event_id != event.id:
        return render("player/link_gone.html", event=event), 404
    link_id = link.id
    db.session.commit()  # the read ends here: the note below is a transaction of its own
    player_links.seen(link_id)
    db.session.commit()
    response = redirect(url_for("player.mine", slug=event.slug))
    response.headers["Cache-Control"] = "no-store"
    return set_player_cookie(response, token[:100], event.id)


def _local_now():
    return datetime.now(ZoneInfo(current_app.config["BABEL_DEFAULT_TIMEZONE"])).time()


def _page(problem: str | None = None, code: str = "", status: int = 200):
    event = g.player_event
    mine = my_event.page(event, g.player_link)
    refusal = self_checkin.window_refusal(event, _local_now())
    context = {"event": event, "mine": mine, "problem": problem, "code": code,
               "checkin_note": problem_message(refusal) if refusal else None, "facts": event_facts.facts(event)}
    return render("player/mine.html", "_partials/player_mine.html", **context), status


@bp.route("/e/<slug>/me")
@player_required
def mine(slug):
    """My event: my next match, my station and call, my results, my place on the waitlist."""
    return _page()


@bp.route("/e/<slug>/me/checkin", methods=["GET", "POST"])
@player_required
def checkin(slug):
    """Check in with the reception's code (the QR at reception opens this with the code filled in)."""
    code = (request.values.get("code") or "")[:20]
    if request.method == "GET" or g.player is None:
        return _page(code=code)
    try:
        self_checkin.check_in(g.player_event, g.player, code, _local_now())
    except ServiceError as problem:
        db.session.rollback()
        return _page(problem_message(problem), code, 422)
    flash(_("You are checked in. Wait for your match to be called on this page."), "ok")
    return redirect(url_for("player.mine", slug=g.player_event.slug))


@bp.route("/e/<slug>/me/withdraw", methods=["POST"])
@player_required
def withdraw(slug):
    """Withdraw from the event (or leave the waitlist); the first in line gets the place."""
    event, link = g.player_event, g.player_link
    signup = db.session.get(Signup, link.signup_id) if link.signup_id else None
    if run_change(lambda: signups.withdraw(event, signup, g.player)):
        flash(_("You have withdrawn. Thank you for telling us."), "ok")
    return redirect(url_for("player.mine", slug=event.slug))
