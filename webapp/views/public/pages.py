"""Public pages: events, brackets, standings, matches. No sign-in."""
import functools
import os

from flask import Blueprint, abort, current_app, make_response, render_template, request
from sqlalchemy import select

from ...extensions import db
from ...models import BracketRow, Event, MatchRow, Phase
from ...operations import leave
from ...polling import fragments
from ...services.accounts import users as accounts
from ...services.day import day_clock, forecast_work, forecasts, timetables
from ...services.exports import csv_export
from ...services.matches import pool_tables, swiss_rounds
from ...services.players import finder as player_views
from ...services.reads import bracket_outline, pool_list, standings
from ...services.reads.sheets import match_sheet
from ...services.setup import pool_ranking
from ...web.static_digest import static_digest
from .. import render
from . import bracket_rounds

bp = Blueprint("public", __name__)


@bp.route("/")
def index():
    """The list of events."""
    events = db.session.query(Event).order_by(Event.day.desc().nullslast(), Event.id.desc()).all()
    return render("public/index.html", events=[e for e in events if not (e.settings or {}).get("archived")])


def _venue_zone() -> str:
    """The venue's time zone: where "now" on the day's schedule is read."""
    return current_app.config["BABEL_DEFAULT_TIMEZONE"]


@bp.route("/e/<slug>")
def event(slug):
    """An event: its phases and final standings so far."""
    event = accounts.event_by_slug(slug)
    return render("public/event.html", event=event, standings=standings.event_standings(event),
                  progress=timetables.progress(event, _venue_zone()), forecast=_forecast(event))


def _wave_start(event: Event, phase, number: int) -> str:
    """When a wave of a phase's pools is expected to start ("" when not forecast): asked only for a
    player whose pool waits, so a search that finds none makes no forecast."""
    forecast = _forecast(event)
    line = forecast.line(phase) if forecast else None
    wave = line.wave(number) if line else None
    return wave.start if wave else ""


def _forecast(event: Event):
    """The day's forecast while the day is on, or from its start time (None before either, or after the end)."""
    if not event.phases or all(p.status == "done" for p in event.phases):
        return None
    if not (any(p.status == "running" for p in event.phases) or (event.settings or {}).get("start_time")):
        return None
    return forecasts.forecast(event, _venue_zone())


def _phase(event: Event, phase_id: int) -> Phase:
    phase = db.session.get(Phase, phase_id)
    if phase is None or phase.event_id != event.id:
        abort(404)
    return phase


def _seen(etag: str) -> bool:
    """The browser already holds this version (compression appends ":gzip" and the like)."""
    return any(tag.split(":")[0] == etag for tag in request.if_none_match)


@bp.route("/e/<slug>/phase/<int:phase_id>")
def phase(slug, phase_id):
    """A phase's bracket(s); the partial polls itself and answers 304 when unchanged.

    The unchanged poll reads one row (the phase's version); a change renders the
    bracket once per version and language, for every viewer and worker (fragments.py).
    """
    stamp = fragments.phase_stamp(slug, phase_id)
    if stamp is None:
        abort(404)
    partial = bool(request.htmx and not request.htmx.boosted)
    top8, pools = fragments.phase_variant(request.args.get("view"), request.args.get("pools"))
    etag = fragments.etag(stamp, partial, top8, pools)
    if request.htmx and _seen(etag):
        return "", 304
    name = ("bracket-top8" if top8 else "bracket") + (f"-pools{pools}" if pools > 1 else "")
    bracket = functools.partial(fragments.cached, name, stamp,
                                lambda: _render_bracket(slug, phase_id, stamp, top8, pools))
    if partial:
        return fragments.respond(name, stamp, bracket, etag)
    page = functools.partial(_render_phase_page, slug, phase_id, bracket, top8)
    if fragments.shareable():
        return fragments.respond(f"{name}-page", stamp, page, etag)
    response = make_response(page())
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


POOLS_PER_PAGE = 16  # a groups phase of 500 pools is drawn a page of pools at a time


def _render_bracket(slug: str, phase_id: int, stamp: tuple, top8: bool, pools: int = 1) -> str:
    event = accounts.event_by_slug(slug)
    phase = _phase(event, phase_id)
    # Every bracket's id and label, and only the page's brackets as rows: a phase of 500 pools
    # loaded each pool's row with its JSON columns to draw sixteen.
    labels = db.session.execute(select(BracketRow.id, BracketRow.label).where(BracketRow.phase_id == phase.id)
                                .order_by(BracketRow.id)).all()
    pages = max(1, -(-len(labels) // POOLS_PER_PAGE))
    number = min(pools, pages)
    ids = [row.id for row in labels[(number - 1) * POOLS_PER_PAGE: number * POOLS_PER_PAGE]]
    shown = db.session.scalars(select(BracketRow).where(BracketRow.id.in_(ids)).order_by(BracketRow.id)).all()
    drawings = bracket_outline.drawings(phase, top8, shown, several=len(labels) > 1)
    round_html = bracket_rounds.renderer(phase, stamp, drawings, shown)
    pool_pages = [(n, labels[(n - 1) * POOLS_PER_PAGE].label, labels[min(n * POOLS_PER_PAGE, len(labels)) - 1].label)
                  for n in range(1, pages + 1)] if pages > 1 else []
    cross = {t.label: t for t in pool_tables.cross_tables(phase, shown, POOLS_PER_PAGE)} if not top8 else {}
    swiss = swiss_rounds.tables(phase, shown, POOLS_PER_PAGE) if not top8 else {}
    ranking = pool_ranking.ranking(phase) if cross else None
    return render_template("_partials/bracket.html", event=event, phase=phase, top8=top8, version=stamp[-1],
                           drawings=drawings, round_html=round_html, pool_pages=pool_pages, pools=number,
                           cross=cross, swiss=swiss, swiss_rows={r.label: r for r in shown}, ranking=ranking,
                           names=standings.display_names(event.id) if cross or swiss else {})


def _render_phase_page(slug: str, phase_id: int, bracket, top8: bool) -> str:
    event = accounts.event_by_slug(slug)
    return render_template("public/phase.html", event=event, phase=_phase(event, phase_id), top8=top8,
                           bracket=bracket(), shared_page=fragments.shareable(),
                           entrant_options=bracket_rounds.entrant_options(event.id))


@bp.route("/e/<slug>/standings")
def event_standings(slug):
    """Placements per phase and the event's final standings (rendered once per version)."""
    stamp = fragments.event_stamp(slug)
    if stamp is None:
        abort(404)
    page = functools.partial(_render_standings_page, slug, stamp)
    if fragments.shareable():
        return fragments.respond("standings-page", stamp, page, fragments.etag(stamp, "standings"))
    return page()


def _render_standings_page(slug: str, stamp: tuple) -> str:
    event = accounts.event_by_slug(slug)
    table = fragments.cached("standings", stamp, functools.partial(_standings_table, event))
    return render_template("public/standings.html", event=event, table=table,
                           shared_page=fragments.shareable())


def _standings_table(event) -> str:
    memo: dict = {}  # each bracket placed once for both tables (placing a big one is the page's cost)
    final = standings.event_standings(event, memo)
    return render_template("_partials/standings.html", event=event, standings=final,
                           phases=[(p, standings.phase_placements(p, memo=memo)) for p in event.phases])


@bp.route("/m/<int:match_id>")
def match(match_id):
    """One match, game by game."""
    row = db.session.get(MatchRow, match_id)
    if row is None:
        abort(404)
    return render("public/match.html", "_partials/match_public.html", match=row, **match_sheet(row))


@bp.route("/sw.js")
def service_worker():
    """The service worker, served from the root so its scope is the whole app.

    Its version names its caches: a new value is a new app version, which phones install
    (keeping their outbox). By default it is a digest of the static files, so every
    deployment that changes one reaches the phones; TAIKAI_SW_VERSION (config) overrides it.
    """
    with open(os.path.join(current_app.static_folder, "sw.js"), encoding="utf-8") as source:
        script = source.read()
    version = current_app.config.get("TAIKAI_SW_VERSION") or static_digest(current_app.static_folder)
    version = str(version).replace("'", "")
    script = script.replace("const SW_VERSION = 'v1';", f"const SW_VERSION = '{version}';", 1)
    response = make_response(script)
    response.headers["Content-Type"] = "text/javascript; charset=utf-8"
    response.headers["Service-Worker-Allowed"] = "/"
    response.headers["Cache-Control"] = "no-cache"
    return response


@bp.route("/offline")
def offline():
    """Shown by the service worker when a page was never seen before."""
    return render("offline.html")


@bp.route("/e/<slug>/schedule")
def schedule(slug):
    """The day's plan, the phase now running, and how far ahead or behind the day is."""
    event = accounts.event_by_slug(slug)
    return render("public/schedule.html", "_partials/schedule.html", event=event,
                  slots=timetables.slots(event), progress=timetables.progress(event, _venue_zone()),
                  phases={forecast_work.phase_ref(p): p for p in event.phases}, forecast=_forecast(event),
                  day_times={k: day_clock.setting(event, k) for k in day_clock.LABELS})


@bp.route("/e/<slug>/draws")
def draws(slug):
    """Every recorded draw: its seed, its inputs, its result and how to check it."""
    event = accounts.event_by_slug(slug)
    names = {e.id: e.name for e in event.entrants}
    return render("public/draws.html", event=event, names=names,
                  phases=[p for p in event.phases if p.draw])


@bp.route("/e/<slug>/phase/<int:phase_id>/pools")
def pools(slug, phase_id):
    """A phase's pools with their state and wave, and the search that says a player's pool and station."""
    event = accounts.event_by_slug(slug)
    phase = _phase(event, phase_id)
    forecast = _forecast(event)
    return render("public/pools.html", event=event, phase=phase, lines=pool_list.pool_lines(phase),
                  pools_per_page=POOLS_PER_PAGE, expected=forecast.line(phase) if forecast else None)


@bp.route("/e/<slug>/players")
def players(slug):
    """Find an entrant (kana, width and case do not matter) and see their next match."""
    event = accounts.event_by_slug(slug)
    query = request.args.get("q", "").strip()[:60]
    found = [player_views.view(event, e) for e in player_views.search(event, query)] if query else []
    return render("public/players.html", "_partials/player_results.html", event=event, query=query,
                  found=found, wave_start=lambda phase, number: _wave_start(event, phase, number))


@bp.route("/e/<slug>/standings.csv")
def standings_csv(slug):
    """The standings as CSV, UTF-8 with a BOM so spreadsheet programs read the Japanese names."""
    event = accounts.event_by_slug(slug)
    rows = [[rank, rank_to, entrant.name, " / ".join(m.name for m in entrant.members)]
            for rank, rank_to, entrant in standings.event_standings(event)]
    response = make_response(csv_export.csv_text(list(leave.LEAVES["standing"]), rows))
    response.headers["Content-Type"] = "text/csv; charset=utf-8"
    response.headers["Content-Disposition"] = f"attachment; filename={event.slug}-standings.csv"
    return response
