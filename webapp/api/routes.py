"""The read API's routes: events, phases with their brackets, pools, standings, entrants,
stations and queues, and one match's live state. An unchanged answer is a 304 read from one row
(the event's or phase's version, as the public pages use); every answer passes its schema."""
from flask import jsonify, request
from flask_babel import get_locale

from ..extensions import db
from ..models import Event, MatchRow, Phase
from ..polling import fragments
from ..polling.stamps import event_stamp, moment, phase_stamp
from ..services.reads import api_read
from . import schemas
from .blueprint import bp
from .gate import answer, encode, not_modified, problem, seen, tag
from .openapi import openapi_document


def _lang_problem():
    """A ?lang= the API does not speak, refused by name (absent: ja)."""
    errors = schemas.LangQuerySchema().validate(request.args.to_dict())
    if errors:
        return problem(422, "lang: use ja or en")
    return None


def _versioned(stamp, build, schema):
    """The answer for a stamped row: 404 if absent, 304 if the client has this version."""
    refused = _lang_problem()
    if refused:
        return refused
    if stamp is None:
        return problem(404, "no such event, phase or match")
    etag = tag(stamp, str(get_locale()))
    if seen(etag):
        return not_modified(etag)
    # Built once per version and language for every client (as the pages' fragments are).
    body = fragments.cached(f"api-{request.endpoint}", stamp, lambda: encode(schema.dump(build())))
    return answer(str(body), etag)


def _event(slug: str) -> Event:
    return db.session.query(Event).filter_by(slug=slug).one()


def _phase(slug: str, phase_id: int) -> Phase:
    return db.session.get(Phase, phase_id)


@bp.route("/openapi.json")
def openapi():
    """The API's OpenAPI 3 document, generated from the marshmallow schemas."""
    return jsonify(openapi_document())


@bp.route("/events")
def events():
    """Every event not archived, newest day first."""
    refused = _lang_problem()
    if refused:
        return refused
    rows = db.session.query(Event).order_by(Event.day.desc().nullslast(), Event.id.desc()).all()
    shown = [api_read.event_summary(e) for e in rows if not (e.settings or {}).get("archived")]
    return answer(schemas.EventListSchema().dump({"events": shown}))


@bp.route("/events/<slug>")
def event(slug):
    """One event and its phases."""
    return _versioned(event_stamp(slug), lambda: api_read.event_summary(_event(slug)), schemas.EventSchema())


@bp.route("/events/<slug>/entrants")
def entrants(slug):
    """The entrants' public fields: name, reading, seed, team members."""
    return _versioned(event_stamp(slug), lambda: {"entrants": api_read.entrants(_event(slug))},
                      schemas.EntrantListSchema())


@bp.route("/events/<slug>/standings")
def standings(slug):
    """The event's final standings so far."""
    return _versioned(event_stamp(slug), lambda: {"standings": api_read.event_standings(_event(slug))},
                      schemas.StandingsSchema())


@bp.route("/events/<slug>/phases/<int:phase_id>")
def phase(slug, phase_id):
    """A phase with its brackets (groups), their matches, games and round names."""
    return _versioned(phase_stamp(slug, phase_id), lambda: api_read.phase_detail(_phase(slug, phase_id)),
                      schemas.PhaseSchema())


@bp.route("/events/<slug>/phases/<int:phase_id>/pools")
def pools(slug, phase_id):
    """Round-robin cross tables and Swiss standings of a phase's groups."""
    return _versioned(phase_stamp(slug, phase_id), lambda: {"pools": api_read.pools(_phase(slug, phase_id))},
                      schemas.PoolsSchema())


@bp.route("/events/<slug>/stations")
def stations(slug):
    """Stations (free, called, playing), the call queue and the stream queue."""
    refused = _lang_problem()
    if refused:
        return refused
    if event_stamp(slug) is None:
        return problem(404, "no such event")
    # Minutes since a call move with the clock: the ETag is the answer's own digest.
    return answer(schemas.StationBoardSchema().dump(api_read.station_board(_event(slug))))


@bp.route("/matches/<int:match_id>")
def match(match_id):
    """One match as a scoreboard shows it: entrants, score, games, who is on, kachinuki's players left."""
    row = db.session.get(MatchRow, match_id)
    stamp = None
    if row is not None and row.status != "void":
        phase = row.bracket.phase
        # The phase's creation names the database (ids restart when it is rebuilt), as every stamp does.
        stamp = ("match", row.id, moment(phase.created_at), phase.version, phase.event.entrants_version)
    return _versioned(stamp, lambda: api_read.live(row), schemas.LiveMatchSchema())
