"""Staff pages on phones: pick an event and a match, enter it game by game."""

from flask import Blueprint, abort, current_app, flash, redirect, request, url_for
from flask_babel import format_time
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import Event, MatchRow
from ...operations.submit import submit
from ...services.accounts import users as accounts
from ...services.day import checkin as checkin_service
from ...services.day import day_clock, stations
from ...services.entries import access
from ...services.entries.entry import FORM_NOISE, Entry
from ...services.matches import pool_tables, swiss_rounds
from ...services.players import finder as player_views
from ...services.reads import standings
from ...services.reads.sheets import match_sheet, translate_outcome
from ...tournament import stage_striking
from ...tournament.play.report import team_value
from ...tournament.textsearch import sort_key
from ...web.auth import staff_required
from .. import render
from ..desk import match_history

bp = Blueprint("staff", __name__, url_prefix="/staff")


@bp.before_request
@staff_required
def _guard():
    """Every staff page needs a signed-in staff or desk account."""
    return None


def _visible_events():
    query = db.session.query(Event).order_by(Event.id.desc())
    if not current_user.is_desk and current_user.event_id:
        query = query.filter(Event.id == current_user.event_id)
    return query.all()


@bp.route("/")
def home():
    """The events this person may enter results for."""
    return render("staff/home.html", events=_visible_events())


def _event(slug: str) -> Event:
    """The event, or 404; 403 for staff of another event."""
    event = accounts.event_by_slug(slug)
    if not access.may_enter(current_user, event.id):
        abort(403)
    return event


def form_device(user) -> str:
    """The device id of a no-script form entry: one per person and phone (its sign-in session), never
    shared across accounts."""
    session_id = getattr(user, "login_session_id", None)
    return f"form-{user.id}-{session_id}" if session_id else f"form-{user.id}"


@bp.route("/e/<slug>")
def event(slug):
    """Matches ready to play (and in play), by station, with big buttons."""
    event = _event(slug)
    ready = [m for p in event.phases if p.status == "running" for b in p.brackets for m in b.matches
             if m.status == "ready"]
    station = request.args.get("station", "").strip()[:40]
    current = [m for m in ready if station and m.station == station]
    refresh = getattr(request, "htmx", False)  # the list refreshing itself after a sync stays a list
    if len(current) == 1 and not request.args.get("list") and not refresh:  # a station's QR code: its match
        return redirect(url_for("staff.match", match_id=current[0].id))
    if station:  # this station's matches first, then the ones no station has taken
        ready = [m for m in ready if m.station == station] + [m for m in ready if not m.station]
    return render("staff/event.html", "_partials/staff_matches.html", event=event, matches=ready,
                  station=station, entrants=standings.names(event.id),
                  cross_tables=pool_tables.of_matches(ready[:8]), swiss=swiss_rounds.of_matches(ready[:8]))


def entry_fields(form) -> dict:
    """An entry form's fields: one value as itself, a field ticked or chosen several times (the stages
    struck, a team's characters, the absent) as the list of its values — a referee's or a player's form."""
    return {k: (v if len(v) > 1 or k.startswith("absent_") else v[0]) for k, v in form.to_dict(flat=False).items()}


def expand_score(fields: dict) -> None:
    """A score choice ("2-1"; a draw "2-2" is a double K.O.; "a:1-1" a stock game's timeout won by side a)
    becomes winner and rounds; a side's characters in order and the stages struck or banned become one text
    each (as form_payload.js sends them)."""
    expand_shape(fields)
    score = fields.pop("score", None)
    winner, _colon, score = score.rpartition(":") if isinstance(score, str) else ("", "", "")
    a, _sep, b = score.partition("-")
    if not (a.isdigit() and b.isdigit()) or winner not in ("", "a", "b"):
        return
    fields.update(rounds_a=a, rounds_b=b)
    if winner:
        fields["winner"] = winner
    elif a == b:
        fields["double_ko"] = "true"
    else:
        fields["winner"] = "a" if int(a) > int(b) else "b"


def expand_shape(fields: dict) -> None:
    """team_a (one select a place) -> char_a, " / " between; struck and banned ticks -> one text, "|" between."""
    for side in ("a", "b"):
        if f"team_{side}" in fields:
            places = fields.pop(f"team_{side}")
            fields[f"char_{side}"] = team_value(places if isinstance(places, list) else [places])
    for name in ("struck", "banned"):
        if name in fields:
            ticked = fields[name] if isinstance(fields[name], list) else [fields[name]]
            fields[name] = stage_striking.joined(t for t in ticked if t)


def _match(match_id: int) -> MatchRow:
    match = db.session.get(MatchRow, match_id)
    if match is None:
        abort(404)
    if not access.may_enter(current_user, match.bracket.phase.event_id):
        abort(403)
    return match


def _play_context(match: MatchRow, **extra) -> dict:
    return {"match": match, "event": match.bracket.phase.event, **match_sheet(match),
            "next_here": _next_on_station(match), "restarted": match_history.restart_notice(match), **extra}


def _next_on_station(match: MatchRow) -> MatchRow | None:
    """Once a match is over, the match now called to its station (a call reaches the phone on sync)."""
    if match.status == "ready" or not match.station:
        return None
    waiting = stations.on_stations(match.bracket.phase.event).get(match.station) or []
    return next((m for m in waiting if m.id != match.id), None)


@bp.route("/m/<int:match_id>")
def match(match_id):
    """Enter a match game by game: the page shows what the rules allow next."""
    return render("staff/match.html", "_partials/match_play.html", **_play_context(_match(match_id)))


@bp.route("/m/<int:match_id>/op", methods=["POST"])
def submit_op(match_id):
    """The no-script path of an entry: the same operation the phone's outbox would send."""
    match = _match(match_id)
    fields = entry_fields(request.form)
    kind = fields.get("kind", "")
    typed = {k: v for k, v in fields.items() if k not in FORM_NOISE}
    expand_score(fields)
    outcome = submit(Entry.from_form(kind, fields, form_device(current_user), match.id), current_user)
    if outcome.outcome in ("applied", "confirmed", "duplicate"):
        shared = outcome.code == "station.shared"  # kept, and the desk decides which match plays there
        flash(translate_outcome(outcome, match) if shared else _("Recorded."), "warn" if shared else "ok")
        return redirect(url_for("staff.match", match_id=match_id))
    db.session.expire_all()
    problem = {"outcome": outcome.outcome, "kind": kind, "message": translate_outcome(outcome, match)}
    return render("staff/match.html", "_partials/match_play.html",
                  **_play_context(_match(match_id), problem=problem, typed=typed)), 422


@bp.route("/e/<slug>/checkin")
def checkin(slug):
    """Reception: find an entrant and check them in with one tap (works offline through the outbox)."""
    event = _event(slug)
    query = request.args.get("q", "").strip()[:60]
    found = player_views.search(event, query, limit=200) if query else \
        sorted(event.entrants, key=lambda e: sort_key(e.name, e.reading))
    done, total = checkin_service.summary(event.entrants)
    window = day_clock.window(event, zone=current_app.config["BABEL_DEFAULT_TIMEZONE"])
    return render("staff/checkin.html", "_partials/checkin_list.html", event=event, query=query,
                  entrants=found, done=done, total=total, log=checkin_service.reception_log(event, 20),
                  clock=lambda when: format_time(when, "HH:mm"), window=window,
                  remaining=day_clock.remaining_words(window))


@bp.route("/e/<slug>/checkin", methods=["POST"])
def checkin_op(slug):
    """The no-script path of a check-in: the same operation the outbox would send."""
    event = _event(slug)
    outcome = submit(Entry.from_form("check_in", request.form.to_dict(), form_device(current_user)), current_user)
    if outcome.outcome == "rejected":  # a clear answer on the same page, not a redirect
        flash(translate_outcome(outcome), "error")
        return checkin(slug), 403 if outcome.code == "access.other_event" else 422
    flash(translate_outcome(outcome) or _("Recorded."), "ok")
    return redirect(url_for("staff.checkin", slug=event.slug))
