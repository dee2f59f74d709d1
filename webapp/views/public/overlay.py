"""The stream overlay for OBS's browser source: a station's match over the game, and "next on stream".

Public and read-only (what the bracket pages show already), 1920×1080 on a transparent page. The
page polls itself once a second (static/js/overlay.js) with the ETag of the event's version (any
call, game or name change moves it: polling/versions.py), so a call or a recorded game is on
screen within two seconds, and an unchanged poll is a 304 after a few small reads. Options come
in the address and are checked (views/public/overlay_options.py); a bad one is a 400 naming it, never a
guess. The CSP is stricter than the app's: no inline style either, colours are set by the
overlay's script from checked data attributes.
"""
import zlib

from flask import Blueprint, abort, make_response, render_template, request, url_for
from flask_babel import force_locale

from ...polling import stamps
from ...services.accounts import users as accounts
from ...services.stream import match_live
from ...web.security import talisman
from .. import game_words
from .overlay_options import OptionError, read_options

bp = Blueprint("overlay", __name__)

OVERLAY_CSP = {"default-src": "'self'", "script-src": "'self'", "style-src": "'self'", "img-src": "'self'",
               "connect-src": "'self'", "object-src": "'none'", "base-uri": "'none'", "form-action": "'none'",
               "frame-ancestors": "'self'"}


def _seen(etag: str) -> bool:
    return any(tag.split(":")[0] == etag for tag in request.if_none_match)


def _answer(template: str, what: str, slug: str, station_name: str, **extra):
    """The page, or its board alone (``?part=board``), or a 304 when the poller holds this version."""
    try:
        options = read_options(request.args)
    except OptionError as problem:
        return make_response(render_template("overlay/refused.html", problem=problem), 400)
    stamp = stamps.event_stamp(slug)
    if stamp is None:
        abort(404)
    event = accounts.event_by_slug(slug)
    station = match_live.find_station(event, station_name)
    if station is None:
        abort(404)
    # ASCII only (a header): the station's name, which no version follows, goes in as a digest.
    etag = "-".join(str(p) for p in (what, *stamp[1:], station.id, zlib.crc32(station.name.encode()), options.key()))
    if _seen(etag):
        return "", 304
    partial = request.args.get("part") == "board"
    with force_locale(options.lang):  # the address decides, not a cookie the OBS browser may hold
        context = {"event": event, "station": station, "o": options, "title": game_words.event_title(event),
                   "poll": url_for(request.endpoint, **request.view_args, **_args(part="board")), "etag": etag, **extra}
        context.update(_live(what, event, station))
        response = make_response(render_template(f"overlay/{'_' if partial else ''}{template}.html", **context))
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _args(**more) -> dict:
    return {**{k: v for k, v in request.args.items() if k != "part"}, **more}


def _live(what: str, event, station) -> dict:
    if what == "next":
        return {"upcoming": match_live.next_on_stream(event)}
    live = match_live.station_live(event, station)
    return {"live": live, "chars": current_characters(live) if live is not None else {}}


def current_characters(live: match_live.MatchLive) -> dict:
    """Each side's character now: the last game its player (the one on, in a team) played, else
    the character the player registered."""
    chars = {}
    for side_name in ("a", "b"):
        side = getattr(live, side_name)
        on = next((m for m in side.members if m.playing), side.members[0] if len(side.members) == 1 else None)
        played = [g.char_a if side_name == "a" else g.char_b for g in live.games
                  if on is None or (g.member_a if side_name == "a" else g.member_b) in (on.id, None)]
        chars[side_name] = next((c for c in reversed(played) if c), on.character if on is not None else "")
    return chars


@bp.route("/e/<slug>/overlay/<station>")
@talisman(content_security_policy=OVERLAY_CSP)
def scoreboard(slug, station):
    """The station's match: round, names with a romaji line, score, characters, kachinuki players left."""
    return _answer("scoreboard", "board", slug, station)


@bp.route("/e/<slug>/overlay/<station>/next")
@talisman(content_security_policy=OVERLAY_CSP)
def next_on_stream(slug, station):
    """The lower third: the next matches of the stream queue."""
    return _answer("next", "next", slug, station)
