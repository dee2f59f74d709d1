"""Desk: stations, the station board, the call queue, the stream queue and calling settings."""

from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_babel import ngettext
from flask_login import current_user

from ...database import write_transaction
from ...extensions import db
from ...models import Event, MatchRow, Phase, Station
from ...operations import autocall
from ...operations.submit import submit
from ...services.day import stations
from ...services.decisions import no_shows
from ...services.entries.entry import Entry
from ...services.reads import standings
from ...services.reads.round_names import match_title
from ...services.reads.sheets import translate_outcome
from .. import render
from ..changes import run_change
from ..template_helpers import station_label
from .blueprints import desk_blueprint, event_or_404

bp = desk_blueprint("desk_stations", __name__)
for _helper in (stations.match_state, stations.no_show_over, stations.minutes_since):
    bp.add_app_template_global(_helper)
bp.add_app_template_global(no_shows.effect, "walkover_effect")


def board_context(event: Event) -> dict:
    """What the station board and its queues show."""
    regular, stream = stations.queue(event)
    views = stations.board(event)
    names = standings.names(event.id)
    return {"event": event, "board": views, "queue": regular, "stream_queue": stream,
            "free": [v.station for v in views if v.state == "free"],
            "entrants": names, "uses_checkin": any(e.checked_in for e in names.values()),
            "calling": {p.id: stations.calling(p) for p in event.phases},
            "event_minutes": stations.event_no_show_minutes(event),
            "walkovers": no_shows.recent(event), "disqualified": [e for e in event.entrants if e.dq],
            "stream_takes_regular": stations.stream_takes_regular(event)}


@bp.route("/e/<int:event_id>/stations")
def board(event_id):
    """The station board: free / called / playing, the queues, and the stations themselves."""
    event = event_or_404(event_id)
    return render("desk/stations.html", "_partials/station_board.html", **board_context(event))


def _back(event_id: int):
    return redirect(url_for("desk_stations.board", event_id=event_id))


def _fill(event: Event) -> None:
    """Auto-call now, in its own transaction, when a change may have made room."""
    if stations.auto_call_wanted(event):
        with write_transaction(db.session):
            autocall.call_next(event, current_user)


@bp.route("/e/<int:event_id>/stations", methods=["POST"])
def add_station(event_id):
    """Add one station, or a numbered range ("1-8")."""
    event = event_or_404(event_id)
    raw, stream = request.form.get("name", "").strip(), bool(request.form.get("stream"))

    there: list[str] = []

    def add():
        first, _sep, last = raw.partition("-")
        if first.strip().isdigit() and last.strip().isdigit() and int(last) - int(first) < 64:
            there.extend(stations.add_numbered(event, int(first), int(last), stream, current_user)[1])
        else:
            stations.add_station(event, raw, stream, current_user)
    if run_change(add):
        flash(_("Stations saved."), "ok")
        if there:
            flash(_("Already there, not added again: %(names)s",
                    names=" / ".join(station_label(n) for n in there)), "warn")
        _fill(event)
    return _back(event_id)


@bp.route("/station/<int:station_id>/remove", methods=["POST"])
def remove_station(station_id):
    """Remove a station."""
    station = db.session.get(Station, station_id) or abort(404)
    event_id = station.event_id
    if run_change(lambda: stations.remove_station(station, current_user)):
        flash(_("Station removed."), "ok")
    return _back(event_id)


@bp.route("/station/<int:station_id>/stream", methods=["POST"])
def stream_station(station_id):
    """Make a station a stream station, or a regular one."""
    station = db.session.get(Station, station_id) or abort(404)
    event = event_or_404(station.event_id)
    if run_change(lambda: stations.set_stream(station, not station.stream, current_user)):
        _fill(event)
    return _back(event.id)


def _minutes() -> int | None:
    """The no-show limit typed in the form (blank: None); not a number is the service's error."""
    raw = request.form.get("no_show_minutes", "").strip()
    if raw and not raw.isdigit():
        from ...services import ServiceError
        from ...tournament.errors import N_
        raise ServiceError("station.no_show", N_("The no-show limit must be 1 to 120 minutes."))
    return int(raw) if raw else None


@bp.route("/e/<int:event_id>/no-show-limit", methods=["POST"])
def event_no_show(event_id):
    """The event's no-show limit (blank: 10 minutes); phases without their own use it."""
    event = event_or_404(event_id)
    if run_change(lambda: stations.set_event_no_show(event, _minutes(), current_user)):
        flash(ngettext("No-show limit saved: %(num)s minute after the call.",
                       "No-show limit saved: %(num)s minutes after the call.",
                       stations.event_no_show_minutes(event)), "ok")
    return _back(event_id)


@bp.route("/phase/<int:phase_id>/calling", methods=["POST"])
def calling(phase_id):
    """Auto-call on/off, the no-show limit and automatic walkovers of a phase."""
    phase = db.session.get(Phase, phase_id) or abort(404)

    def save():
        stations.set_calling(phase, bool(request.form.get("auto_call")), _minutes(),
                             bool(request.form.get("auto_walkover")), current_user)
    if run_change(save):
        flash(_("Calling settings saved for %(phase)s.", phase=phase.name), "ok")
        _fill(phase.event)
    return _back(phase.event_id)


@bp.route("/e/<int:event_id>/call-next", methods=["POST"])
def call_next(event_id):
    """Call the next matches to every free station now, whether auto-call is on or not."""
    event = event_or_404(event_id)
    with write_transaction(db.session):
        called = autocall.call_next(event, current_user, every_phase=True)
    flash(_("%(n)s matches called.", n=len(called)) if called else _("No match could be called: no free station, "
          "or the next players are still playing."), "ok")
    return _back(event_id)


@bp.route("/e/<int:event_id>/stream-takes-regular", methods=["POST"])
def stream_takes_regular(event_id):
    """Whether an idle stream station with an empty stream queue takes the next ordinary match."""
    event = event_or_404(event_id)
    if run_change(lambda: stations.set_stream_takes_regular(event, bool(request.form.get("on")), current_user)):
        flash(_("Stream station setting saved."), "ok")
        _fill(event)
    return _back(event_id)


@bp.route("/match/<int:match_id>/undo-walkover", methods=["POST"])
def undo_walkover(match_id):
    """Take a walkover back (a logged desk entry) while nothing after it was played."""
    match = db.session.get(MatchRow, match_id) or abort(404)
    event_id = match.bracket.phase.event_id
    outcome = submit(Entry.by_server("undo_walkover", f"desk-form-{current_user.id}", match.id), current_user)
    if outcome.outcome == "applied":
        flash(_("Walkover taken back: %(match)s is ready to play again and back in the queue.",
                match=match_title(match)), "ok")
    else:
        flash(translate_outcome(outcome, match), "error")
    return _back(event_id)


@bp.route("/e/<int:event_id>/stream-queue", methods=["POST"])
def stream_queue(event_id):
    """Add a match to the stream queue, remove one, or move one up."""
    event = event_or_404(event_id)
    order = [m.id for m in stations.queue(event)[1]]
    match_id = request.form.get("match_id", type=int)
    action = request.form.get("action", "")
    if action == "add" and match_id not in order:
        order.append(match_id)
    elif action == "remove" and match_id in order:
        order.remove(match_id)
    elif action == "up" and match_id in order and order.index(match_id) > 0:
        i = order.index(match_id)
        order[i - 1], order[i] = order[i], order[i - 1]
    if run_change(lambda: stations.set_stream_queue(event, order, current_user)):
        _fill(event)
    return _back(event_id)


@bp.route("/e/<int:event_id>/stations/qr")
def station_sheet(event_id):
    """A printable sheet: one QR code per station, signing a phone in (no PIN) and opening that station."""
    from ...services.accounts.signin_links import station_signin_url
    from ...venue.views import qr_svg
    from ..template_helpers import station_label
    from .signin import phone_base

    event = event_or_404(event_id)
    codes, base = [], phone_base()
    for station in stations.event_stations(event):
        url = station_signin_url(event, station, base)
        codes.append((station, url, qr_svg(url, station_label(station.name))))
    return render("desk/station_sheet.html", event=event, codes=codes)
