"""The public sign-up page of an event: name, reading, a team's members, the event's own questions.

A sign-up that worked keeps the personal link on this phone (the player cookie) and shows the
player's page; a refusal is said next to the field it is about. The POST is throttled per address
(web/throttle.py) and the service caps sign-ups per address."""
from datetime import datetime
from zoneinfo import ZoneInfo

from flask import Blueprint, abort, current_app, g, make_response, request, url_for
from flask_babel import gettext as _

from ...extensions import db
from ...models import Entrant, Signup
from ...services.accounts import users as accounts
from ...services.players import event_facts, my_event, signup_codes, signups
from ...web import device
from ...web.clients import keyed_client
from ...web.player import current_link, set_player_cookie
from .. import render
from ..errors import problem_message

bp = Blueprint("signup", __name__)


def venue_now() -> datetime:
    """Now at the venue (its clock on the wall), as the desk's closing time is written."""
    return datetime.now(ZoneInfo(current_app.config["BABEL_DEFAULT_TIMEZONE"])).replace(tzinfo=None)


def _form(event) -> dict:
    """The posted form as the service reads it."""
    members = [(request.form.get(f"member-{i}", ""), request.form.get(f"member_reading-{i}", ""))
               for i in range(1, event.team_size + 1)] if event.team_size > 1 else []
    questions = signups.settings(event).questions
    answers = {q: request.form.get(f"q-{i}", "") for i, q in enumerate(questions, 1)}
    return {"name": request.form.get("name", ""), "reading": request.form.get("reading", ""),
            "members": members, "answers": answers}


def _field_id(event, field: str) -> str:
    """The form's field a problem belongs next to ("q-<question>" → "q-<its number>")."""
    if field.startswith("q-"):
        questions = signups.settings(event).questions
        return f"q-{questions.index(field[2:]) + 1}" if field[2:] in questions else ""
    return field


@bp.route("/e/<slug>/signup", methods=["GET", "POST"])
def form(slug):
    """Sign up; with a place the player is entered, past the cap they wait in line."""
    event = accounts.event_by_slug(slug)
    problem, field = None, ""
    if request.method == "POST":
        try:
            onsite = bool(g.get("signup_onsite"))
            if not onsite:
                signup_codes.refuse_invalid(event, request.form.get("code", ""))
            signup, token = signups.sign_up(event, _form(event), keyed_client("signup"), venue_now(), onsite)
            db.session.commit()
            return _signed_up(event, signup, token)
        except signups.SignupProblem as refused:
            db.session.rollback()
            problem, field = problem_message(refused), _field_id(event, refused.field)
    setting = signups.settings(event)
    closed = signups.closed_problem(event, venue_now())
    context = {"event": event, "setting": setting, "is_open": closed is None,
               "closed_words": problem_message(closed) if closed else "",
               "closes": signups.closing(setting.closes_at), "problem": problem, "field": field, "form": request.form,
               "taken": signups.taken(event), "waiting": len(signups.waiting(event)),
               "facts": event_facts.facts(event), "phone_holds": _phone_holds(event)}
    context["code"] = (request.form.get("code") or request.args.get("code") or "")[:12]
    response = make_response(render("player/signup.html", **context), 422 if problem else 200)
    return device.give(response)


def _phone_holds(event) -> str | None:
    """The name whose page this phone already opens for the event: a friend signing up on it takes the
    phone's page over, so the first one is told to keep their link (their name, or None)."""
    link = current_link(event)
    if link is None:
        return None
    held = db.session.get(Entrant, link.entrant_id) if link.entrant_id else None
    held = held or (db.session.get(Signup, link.signup_id) if link.signup_id else None)
    return held.name if held else None


@bp.route("/e/<slug>/calendar.ics")
def calendar(slug):
    """The event as a calendar entry (add-to-calendar), in the venue's zone."""
    event = accounts.event_by_slug(slug)
    words = {"checkin": _("Check-in"), "fee": _("Fee")}
    body = event_facts.ics(event, url_for("signup.form", slug=event.slug, _external=True), words,
                           current_app.config["BABEL_DEFAULT_TIMEZONE"])
    if body is None:
        abort(404)  # no date set: nothing to put in a calendar (the page shows no link)
    response = make_response(body)
    response.headers["Content-Type"] = "text/calendar; charset=utf-8"
    response.headers["Content-Disposition"] = f'attachment; filename="{event.slug}.ics"'
    return response


def _signed_up(event, signup, token: str):
    """Done: the personal link to keep (and its QR, for another phone), kept on this phone too."""
    from ...venue.views import qr_svg
    from ..desk.signin import phone_base

    base = phone_base()
    path = url_for("player.open_link", slug=event.slug, token=token)
    url = base.rstrip("/") + path if base else url_for("player.open_link", slug=event.slug, token=token,
                                                        _external=True)
    page = render("player/signed_up.html", event=event, signup=signup, url=url,
                  qr=qr_svg(url, _("Your personal link")), place=my_event.waitlist_place(signup))
    response = make_response(page)
    response.headers["Cache-Control"] = "no-store"
    return set_player_cookie(response, token, event.id)
