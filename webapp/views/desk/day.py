"""Desk: the day's clock — start time, check-in window, venue closing time and curfews; the
timetable made from the phases and edited; the forecast from the day's own pace."""
from datetime import datetime, timezone

from flask import current_app, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...models import Event
from ...services.day import checkin, day_clock, forecasts, timetables
from ...services.players import signups, waitlist
from ...tournament import curfew
from .. import render
from ..changes import run_change
from .blueprints import desk_blueprint, event_or_404

bp = desk_blueprint("desk_day", __name__)


def zone() -> str:
    """The venue's time zone (the server's configured one)."""
    return current_app.config["BABEL_DEFAULT_TIMEZONE"]


def page(event: Event, status: int = 200):
    """The day page, again with a refusal's status and typed fields."""
    stations = forecasts.station_count(event)
    return render("desk/day.html", event=event, form=request.form, curfews=day_clock.curfews(event),
                  window=day_clock.window(event, zone=zone()), absent=checkin.close_list(event, zone()),
                  slots=timetables.slots(event), forecast=forecasts.forecast(event, zone()),
                  stations=stations or 4, labels=day_clock.LABELS, age_labels=curfew.LABELS,
                  prefectures=curfew.PREFECTURES, prefecture_labels=curfew.PREFECTURE_LABELS,
                  prefecture=day_clock.prefecture(event)), status


@bp.route("/e/<int:event_id>/day")
def day(event_id):
    """The day's clock of an event."""
    return page(event_or_404(event_id))


@bp.route("/e/<int:event_id>/day/times", methods=["POST"])
def times(event_id):
    """Save the start time, check-in window, venue closing time and curfews."""
    event = event_or_404(event_id)
    if run_change(lambda: day_clock.save(event, request.form, current_user)):
        flash(_("The day's times are saved."), "ok")
        return redirect(url_for("desk_day.day", event_id=event_id))
    return page(event, 422)


@bp.route("/e/<int:event_id>/day/timetable", methods=["POST"])
def make_timetable(event_id):
    """Make the timetable from the phases (replacing the one there)."""
    event = event_or_404(event_id)
    count = request.form.get("stations", "")
    if run_change(lambda: timetables.make(event, int(count) if count.isdigit() else 0, current_user)):
        flash(_("Timetable made from the phases: adjust it below."), "ok")
        return redirect(url_for("desk_day.day", event_id=event_id) + "#timetable")
    return page(event, 422)


@bp.route("/e/<int:event_id>/day/timetable/edit", methods=["POST"])
def edit_timetable(event_id):
    """Save the lines as typed, and add, move or remove one."""
    event = event_or_404(event_id)
    if run_change(lambda: timetables.edit(event, request.form, current_user)):
        flash(_("Timetable saved."), "ok")
        return redirect(url_for("desk_day.day", event_id=event_id) + "#timetable")
    return page(event, 422)


def _drop_no_shows(event) -> list[str]:
    """Drop those not checked in; each place freed goes to the first in line."""
    names = checkin.drop_no_shows(event, current_user)
    signups.promote(event, current_user)
    return names


def _say_who_moved_up(event, waited: set) -> None:
    """The sign-ups that took the dropped places, or why nobody did."""
    still = {s.id for s in signups.waiting(event)}
    for signup in signups.listed(event):
        if signup.id in waited - still and signup.status == "entered":
            flash(_("%(name)s moved up from the waitlist.", name=signup.name), "ok")
    why = waitlist.why_nobody_moved_up(event)
    if why:
        flash(_(why), "info")


@bp.route("/e/<int:event_id>/day/checkin-close", methods=["POST"])
def checkin_close(event_id):
    """At the close: drop those not checked in, or wait ten minutes more."""
    event = event_or_404(event_id)
    if request.form.get("choice") == "drop":
        dropped, waited = [], {s.id for s in signups.waiting(event)}
        if run_change(lambda: dropped.extend(_drop_no_shows(event))):
            flash(_("Dropped (not checked in): %(names)s", names="、".join(dropped) or "—"), "ok")
            _say_who_moved_up(event, waited)
    else:
        closes = []
        if run_change(lambda: closes.append(day_clock.wait(event, 10, current_user,
                                                           datetime.now(timezone.utc), zone()))):
            flash(_("Check-in stays open until %(time)s.", time=closes[0]), "ok")
    return redirect(request.form.get("back") == "event" and url_for("desk.event", event_id=event_id)
                    or url_for("desk_day.day", event_id=event_id))
