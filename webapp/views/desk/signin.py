"""Desk: sign-in QR codes that need no PIN, one per person; new codes for stations; revoking; who is
signed in on which phone, ending one phone's session, freeing a name for another phone."""
from flask import flash, redirect, request, url_for
from flask_babel import format_timedelta
from flask_babel import gettext as _

from ...database import utcnow
from ...services.accounts import login_sessions, signin_links
from .. import render
from ..changes import run_change
from .blueprints import desk_blueprint, event_or_404

bp = desk_blueprint("desk_signin", __name__)


def phone_base() -> str | None:
    """The address phones open: the venue certificate's host on the venue laptop, else this site's."""
    from ...venue.views import _base_url, _phone_hosts

    hosts = _phone_hosts()
    return _base_url(hosts)[0] if hosts else None


@bp.route("/e/<int:event_id>/staff-links", methods=["GET", "POST"])
def staff_links(event_id):
    """Each person's own sign-in QR code (no PIN to type), and revoking one."""
    from ...venue.views import qr_svg

    event = event_or_404(event_id)
    name = request.form.get("name", "")
    if request.method == "POST" and run_change(lambda: signin_links.staff_signin_url(event, name)):
        return redirect(url_for("desk_signin.staff_links", event_id=event.id))
    base = phone_base()
    people = []
    for user in signin_links.event_staff(event):
        url = signin_links.user_signin_url(user, base)
        people.append((user, url, qr_svg(url, _("Sign-in code: %(name)s", name=user.display_name))))
    return render("desk/staff_links.html", event=event, people=people, link_days=signin_links.max_age() // 86400)


@bp.route("/e/<int:event_id>/staff-links/<int:user_id>/revoke", methods=["POST"])
def revoke(event_id, user_id):
    """This person's code stops working and their phone is signed out."""
    event = event_or_404(event_id)
    if run_change(lambda: signin_links.revoke_staff(event, user_id)):
        flash(_("That code no longer works, and the phone that used it is signed out. Make a new one below."), "ok")
    return redirect(url_for("desk_signin.staff_links", event_id=event.id))


@bp.route("/e/<int:event_id>/stations/new-codes", methods=["POST"])
def rotate_stations(event_id):
    """New QR codes for one station or all: the ones printed before stop working (phones stay signed in)."""
    event = event_or_404(event_id)
    if run_change(lambda: signin_links.rotate_station_links(event, request.form.get("station_id", type=int))):
        flash(_("New codes made: print this sheet again; the old codes no longer sign anyone in."), "ok")
    return redirect(url_for("desk_stations.station_sheet", event_id=event.id))


@bp.route("/e/<int:event_id>/signed-in")
def signed_in(event_id):
    """Who is signed in on which phone (name, since when, last seen), and which names a phone holds."""
    event = event_or_404(event_id)
    sessions = login_sessions.signed_in(event)
    holders = [user for user in signin_links.event_staff(event) if user.phone_hash]
    return render("desk/signed_in.html", event=event, sessions=sessions, holders=holders, ago=_ago,
                  desk_code=login_sessions.DESK_CODE)


def _ago(moment) -> str:
    """"3 minutes ago", in the reader's language."""
    return format_timedelta(moment - utcnow(), add_direction=True, threshold=1.0)


@bp.route("/e/<int:event_id>/signed-in/<int:session_id>/end", methods=["POST"])
def end_session(event_id, session_id):
    """One phone is signed out; the person's name stays with that phone (it may sign in again)."""
    event = event_or_404(event_id)
    if run_change(lambda: login_sessions.end_one(event, session_id)):
        flash(_("That phone is signed out. Its entries not yet sent stay on it until someone signs in there."), "ok")
    return redirect(url_for("desk_signin.signed_in", event_id=event.id))


@bp.route("/e/<int:event_id>/staff/<int:user_id>/free-name", methods=["POST"])
def free_name(event_id, user_id):
    """Every phone signed in under this name is signed out, and any phone may now take the name."""
    event = event_or_404(event_id)
    person = {}
    if run_change(lambda: person.setdefault("user", login_sessions.release(event, user_id))):
        flash(_("%(name)s is free: the next phone that signs in with this name and the PIN takes it.",
                name=person["user"].display_name), "ok")
    return redirect(url_for("desk_signin.signed_in", event_id=event.id))
