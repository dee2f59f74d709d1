"""Desk: the public sign-up (open or closed, the cap, the waitlist), players' personal links
(printed cards with a QR, a new card, revoking one) and the reception's self check-in code."""
from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Entrant, Event, PlayerLink
from ...services import ServiceError
from ...services.players import desk_waitlist, player_links, self_checkin, signup_codes, signups
from ...tournament.errors import N_
from ...tournament.textsearch import entrant_sort_key
from .. import render
from ..changes import run_change
from .blueprints import desk_blueprint, event_or_404
from .signin import phone_base

bp = desk_blueprint("desk_players", __name__)


def _external(endpoint: str, **values) -> str:
    """An address for a player's phone: the venue's address on the venue laptop, else this site's."""
    base = phone_base()
    return base.rstrip("/") + url_for(endpoint, **values) if base else url_for(endpoint, _external=True, **values)


def _number(name: str) -> int | None:
    raw = request.form.get(name, "").strip()
    if not raw:
        return None
    if not raw.isdigit():
        raise ServiceError("signup.number", N_("Write a whole number, or leave it empty."))
    return int(raw)


@bp.route("/e/<int:event_id>/signup", methods=["GET", "POST"])
def signup(event_id):
    """Open or close the sign-up, set the cap and the questions; the entered and the waitlist."""
    from ...venue.views import qr_svg

    event = event_or_404(event_id)
    if request.method == "POST":
        questions = request.form.get("questions", "").splitlines()
        if run_change(lambda: signups.set_settings(event, bool(request.form.get("open")), _number("cap"),
                                                   _number("per_address"), questions, current_user,
                                                   request.form.get("closes_at", ""),
                                                   bool(request.form.get("late")))):
            signup_codes.set_on(event, bool(request.form.get("onsite")), current_user)
            db.session.commit()
            flash(_("Sign-up settings saved."), "ok")
            return redirect(url_for("desk_players.signup", event_id=event.id))
    url = _external("signup.form", slug=event.slug)
    code = signup_codes.current(event)
    onsite_url = _external("signup.form", slug=event.slug, code=code) if code else ""
    return render("desk/signup.html", event=event, setting=signups.settings(event), url=url, code=code,
                  onsite=signup_codes.is_on(event), onsite_url=onsite_url,
                  onsite_qr=qr_svg(onsite_url, _("Sign up here (on site)")) if code else "",
                  qr=qr_svg(url, _("Sign-up page: %(event)s", event=event.name)), listed=signups.listed(event),
                  taken=signups.taken(event)), (422 if request.method == "POST" else 200)


@bp.route("/e/<int:event_id>/signup/<int:signup_id>/place", methods=["POST"])
def give_place(event_id, signup_id):
    """Enter a waiting sign-up now, past the cap."""
    event = event_or_404(event_id)
    if run_change(lambda: desk_waitlist.give_place(event, signup_id, current_user)):
        flash(_("Entered from the waitlist."), "ok")
    return redirect(url_for("desk_players.signup", event_id=event.id))


@bp.route("/e/<int:event_id>/signup/<int:signup_id>/drop", methods=["POST"])
def drop(event_id, signup_id):
    """Take a waiting sign-up off the list."""
    event = event_or_404(event_id)
    if run_change(lambda: desk_waitlist.drop(event, signup_id, current_user)):
        flash(_("Taken off the waitlist."), "ok")
    return redirect(url_for("desk_players.signup", event_id=event.id))


@bp.route("/e/<int:event_id>/player-links")
def links(event_id):
    """Every entrant, whether a personal link opens their page, and whether it was ever opened."""
    event = event_or_404(event_id)
    live = {row.entrant_id: row for row in db.session.query(PlayerLink)
            .filter_by(event_id=event.id, revoked_at=None).filter(PlayerLink.entrant_id.isnot(None))}
    rows = [(e, live.get(e.id)) for e in sorted(event.entrants, key=entrant_sort_key)]
    return render("desk/player_links.html", event=event, rows=rows)


@bp.route("/e/<int:event_id>/player-links/cards", methods=["POST"])
def cards(event_id):
    """Printable cards with each player's link as a QR; making a card replaces that player's old link."""
    from ...venue.views import qr_svg

    event = event_or_404(event_id)
    chosen = _chosen(event)
    if not chosen:
        flash(_("Nobody to print a card for: every entrant already has a link (make new cards for all, or one)."),
              "error")
        return redirect(url_for("desk_players.links", event_id=event.id))
    made = []
    for entrant in chosen:
        url = _external("player.open_link", slug=event.slug, token=player_links.issue(entrant))
        made.append((entrant, qr_svg(url, _("Personal link: %(name)s", name=entrant.name))))
    db.session.commit()
    response = render("desk/player_cards.html", event=event, made=made)
    return response, 200, {"Cache-Control": "no-store"}


def _chosen(event: Event) -> list[Entrant]:
    """The entrants the desk asked cards for: one, everyone without a link, or everyone."""
    which = request.form.get("which", "missing")
    entrant_id = request.form.get("entrant_id", type=int)
    if entrant_id is not None:
        entrant = db.session.get(Entrant, entrant_id)
        return [entrant] if entrant is not None and entrant.event_id == event.id else []
    everyone = sorted((e for e in event.entrants if not e.dq), key=entrant_sort_key)
    return everyone if which == "all" else [e for e in everyone if not player_links.has_link(e)]


@bp.route("/e/<int:event_id>/player-links/<int:entrant_id>/revoke", methods=["POST"])
def revoke(event_id, entrant_id):
    """This player's link stops working now (a lost card): make a new card to give them another."""
    event = event_or_404(event_id)
    entrant = db.session.get(Entrant, entrant_id)
    if entrant is None or entrant.event_id != event.id:
        abort(404)
    if run_change(lambda: player_links.revoke(entrant)):
        flash(_("The link of %(name)s no longer works.", name=entrant.name), "ok")
    return redirect(url_for("desk_players.links", event_id=event.id))


@bp.route("/e/<int:event_id>/reception-code")
def reception_code(event_id):
    """The code to post at reception (big, with a QR that opens the player's check-in with it)."""
    from ...venue.views import qr_svg

    event = event_or_404(event_id)
    code = self_checkin.reception_code(event)
    url = _external("player.checkin", slug=event.slug, code=code) if code else ""
    opens, closes = self_checkin.window(event)
    return render("desk/reception_code.html", event=event, code=code, url=url, opens=opens, closes=closes,
                  qr=qr_svg(url, _("Self check-in")) if code else "")


@bp.route("/e/<int:event_id>/reception-code/new", methods=["POST"])
def new_reception_code(event_id):
    """A new code (the first one opens self check-in): the one posted before stops working."""
    event = event_or_404(event_id)
    if run_change(lambda: self_checkin.new_code(event, current_user)):
        flash(_("New code made: post this one at reception."), "ok")
    return redirect(url_for("desk_players.reception_code", event_id=event.id))
