"""Desk: a stream station's TournamentStreamHelper link (services/stream/tsh_link.py) and its overlay's address."""

from flask import abort, current_app, flash, redirect, url_for
from flask import request as web_request
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Event, MatchRow, Station
from ...operations.submit import submit
from ...services.day import stream_rounds
from ...services.entries.entry import Entry
from ...services.stream import tsh_link
from ...stream import nudge
from ..changes import run_change
from .blueprints import desk_blueprint

bp = desk_blueprint("desk_stream", __name__)


@bp.route("/station/<int:station_id>/tsh", methods=["POST"])
def link_tsh(station_id):
    """Link (or, blank, unlink) the station's TournamentStreamHelper; its match is sent at once."""
    station = db.session.get(Station, station_id) or abort(404)
    raw, language = web_request.form.get("tsh_url", ""), web_request.form.get("tsh_language", "ja")
    scoreboard = web_request.form.get("tsh_scoreboard", "1")
    if run_change(lambda: tsh_link.link(station, raw, language, current_user, scoreboard)):
        if station.tsh_url:
            flash(_("TournamentStreamHelper linked: this station's match is sent to %(url)s.",
                    url=station.tsh_url), "ok")
            nudge(current_app._get_current_object(), station.event_id)  # noqa: SLF001 (the app, not its proxy)
        else:
            flash(_("TournamentStreamHelper unlinked."), "ok")
    return redirect(url_for("desk_stations.board", event_id=station.event_id) + "#station-setup")


@bp.route("/station/<int:station_id>/stream-hold", methods=["POST"])
def stream_hold(station_id):
    """How long the stream station keeps a finished match's final score before auto-call takes it."""
    station = db.session.get(Station, station_id) or abort(404)
    if run_change(lambda: tsh_link.set_hold(station, web_request.form.get("stream_hold", ""), current_user)):
        flash(_("The final score stays on the stream for %(seconds)s seconds before the next call.",
                seconds=station.stream_hold), "ok")
    return redirect(url_for("desk_stations.board", event_id=station.event_id) + "#station-setup")


@bp.route("/e/<int:event_id>/stream-rounds", methods=["POST"])
def set_stream_rounds(event_id):
    """Which rounds go to the stream by themselves (auto-call honours it)."""
    event = db.session.get(Event, event_id) or abort(404)
    if run_change(lambda: stream_rounds.set_choice(event, web_request.form.get("stream_rounds", ""), current_user)):
        flash(_("Saved: %(choice)s.", choice=_(stream_rounds.LABELS[stream_rounds.choice(event)])), "ok")
    return redirect(url_for("desk_stations.board", event_id=event.id) + "#station-setup")


@bp.route("/match/<int:match_id>/to-stream", methods=["POST"])
def to_stream(match_id):
    """One tap: the call is cancelled and the match waits first in the stream queue."""
    match = db.session.get(MatchRow, match_id) or abort(404)
    event = match.bracket.phase.event
    if run_change(lambda: stream_rounds.queue_first(event, match)):
        outcome = submit(Entry.by_server("set_station", "desk", match.id, {"station": ""}), current_user)
        if outcome.outcome == "applied":
            flash(_("The call is cancelled: the match waits first in the stream queue."), "ok")
        else:
            flash(_("The call could not be cancelled here; the match is first in the stream queue."), "error")
    return redirect(url_for("desk_stations.board", event_id=event.id))
