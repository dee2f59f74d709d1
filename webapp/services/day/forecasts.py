"""The day's forecast: each phase's expected end from the day's own pace, and its warnings.

The pace is measured from the matches finished today: a station is busy from a match's call to
its result (``called_at`` to the result's ``updated_at``), over the match's length in sets
(forecast_work.sets_per_match). Few measurements lean on the game's usual minutes per set
(the catalogue's ``minutes_per_set``): the pace is the measured minutes plus ``PRIOR`` sets
at the catalogue's, over the sets measured plus ``PRIOR``. How much a set's length varies (a round
waits for its slowest match) is measured from the same matches, leaning on the usual spread alike.
The stations are the event's registered ones. The forecast starts now, or at the start time while nothing has started.

Warnings: the day's end past the venue's closing time, and each entrant marked under 18 or
under 16 still in the event while a phase they may play is expected to end past their curfew
(tournament/curfew.py): who, by when, and which phase.

A forecast is kept a minute per event (pages poll it; see ``forecast``).
"""
import math
from dataclasses import dataclass, field
from datetime import datetime, timezone
from zoneinfo import ZoneInfo

from sqlalchemy import select

from ...database import as_utc
from ...extensions import db
from ...lru import LRU
from ...models import BracketRow, MatchRow, Phase, Station
from ...tournament import curfew, day_play
from ...tournament import day_forecast as domain
from ...tournament.errors import RuleViolation
from ...tournament.schedule import hhmm, minutes
from ..matches import brackets
from ..setup import game_catalogue
from . import day_clock, forecast_work

PRIOR = 3          # sets at the catalogue's pace counted with the measured ones
RECENT = 40        # the latest finished matches measured
_KEPT = LRU(256)


@dataclass(frozen=True)
class WaveLine:
    """One wave of a phase's pools: its number as people say it (from 1), its expected first call and end."""

    number: int
    start: str
    end: str


@dataclass(frozen=True)
class PhaseLine:
    """One phase of the forecast, in words the pages show."""

    phase: Phase
    start: str
    end: str
    done: bool
    matches_left: int
    unknown: bool = False   # nothing to play yet: its players are not known (no entrants, no qualifiers)
    waves: tuple[WaveLine, ...] = ()  # pools played in waves: each wave still to play

    def wave(self, number: int) -> WaveLine | None:
        return next((w for w in self.waves if w.number == number), None)


@dataclass(frozen=True)
class Minor:
    """An entrant marked under 18 / under 16 who may still play past their curfew."""

    name: str
    age_group: str
    curfew: str
    phase: str          # the first phase expected to end past the curfew
    phase_end: str


@dataclass
class Forecast:
    """The day's forecast; ``problem`` says why there is none (no stations, nothing to play)."""

    lines: list[PhaseLine] = field(default_factory=list)
    end: str = ""
    pace: float = 0.0
    measured: int = 0
    catalogue_pace: int = 0
    stations: int = 0
    venue_closes: str = ""
    past_close: bool = False
    minors: list[Minor] = field(default_factory=list)
    problem: str = ""

    def line(self, phase) -> PhaseLine | None:
        return next((line for line in self.lines if line.phase.id == phase.id), None)


def measured_pace(event) -> tuple[float, int]:
    """(minutes per set measured, sets measured) from the latest finished matches."""
    spans = _spans(event)
    total_sets = sum(s for _, s in spans)
    return (sum(m for m, _ in spans) / total_sets if total_sets else 0.0), len(spans)


def spread(event) -> float:
    """How much a set's length varies today (σ of its logarithm) from the latest finished matches,
    leaning on the usual spread as the pace leans on the catalogue's minutes (PRIOR of them)."""
    logs = [math.log(m / s) for m, s in _spans(event) if s > 0]
    if len(logs) < 2:
        return day_play.SET_SPREAD
    mean = sum(logs) / len(logs)
    variance = sum((x - mean) ** 2 for x in logs) / (len(logs) - 1)
    return math.sqrt((variance * len(logs) + day_play.SET_SPREAD ** 2 * PRIOR) / (len(logs) + PRIOR))


def _spans(event) -> list[tuple[float, float]]:
    """(minutes on the station, sets) of the latest finished matches, walkovers left out."""
    rows = db.session.execute(
        select(MatchRow.called_at, MatchRow.updated_at, Phase.id)
        .join(BracketRow, BracketRow.id == MatchRow.bracket_id).join(Phase, Phase.id == BracketRow.phase_id)
        .where(Phase.event_id == event.id, MatchRow.status == "done", MatchRow.walkover.is_(False),
               MatchRow.called_at.is_not(None))
        .order_by(MatchRow.updated_at.desc()).limit(RECENT)).all()
    sets = {p.id: forecast_work.sets_per_match(p) for p in event.phases}
    spans = [((as_utc(done) - as_utc(called)).total_seconds() / 60, sets.get(pid, 1.0)) for called, done, pid in rows]
    return [(m, s) for m, s in spans if 0 < m < 24 * 60]


def pace(event) -> tuple[float, int, int]:
    """(minutes per set for the forecast, matches measured, the catalogue's minutes per set)."""
    usual = game_catalogue.title(event.game).minutes_per_set if event.game else 12
    measured, count = measured_pace(event)
    if not count:
        return float(usual), 0, usual
    return (measured * count + usual * PRIOR) / (count + PRIOR), count, usual


def station_count(event) -> int:
    return db.session.query(Station.id).filter_by(event_id=event.id).count()


def begin(event, now: datetime, zone: str) -> int:
    """The forecast's first minute: now, or the start time while nothing has started before it."""
    local = now.astimezone(ZoneInfo(zone))
    start = day_clock.on_day(event, day_clock.setting(event, "start_time"), zone, local.date())
    started = any(p.status != "draft" for p in event.phases)
    if start is not None and not started and start > now:
        return minutes(start.astimezone(ZoneInfo(zone)))
    return minutes(local) + (1440 if event.day and local.date() > event.day else 0)


def forecast(event, zone: str, now: datetime | None = None) -> Forecast:
    """The day's forecast, made again at most once a minute per event (results move the event's
    version every few seconds on a big day; a forecast a minute old is as good), or at once when
    the desk changes the day's settings, a phase starts or ends, or a station is added."""
    now = as_utc(now or datetime.now(timezone.utc))
    count = station_count(event)
    shape = (repr(sorted((event.settings or {}).items())), tuple((p.id, p.status) for p in event.phases),
             event.entrants_version,  # entrants imported after the builder: forecast at once
             tuple(sorted((e.id, e.age_group) for e in event.entrants if e.age_group)))  # a guardian marked
    key = (event.id, str(event.created_at), count, int(now.timestamp()) // 60, zone, shape)
    kept = _KEPT.get(key)
    if kept is None:
        kept = _compute(event, zone, now, count)
        _KEPT.put(key, kept)
    return kept


def _compute(event, zone: str, now: datetime, stations: int | None = None) -> Forecast:
    out = Forecast(venue_closes=day_clock.setting(event, "venue_closes"))
    out.pace, out.measured, out.catalogue_pace = pace(event)
    out.stations = station_count(event) if stations is None else stations
    work = forecast_work.work(event)
    if not out.stations:
        out.problem = "stations"
        return out
    if not any(p.total for p in work):
        out.problem = "nothing"
        return out
    try:
        day = domain.forecast(work, out.stations, out.pace, begin(event, now, zone), spread(event))
    except RuleViolation:
        out.problem = "nothing"
        return out
    phases = {forecast_work.phase_ref(p): p for p in event.phases}
    out.lines = [_line(phases[f.key], f) for f in day.phases]
    out.end = hhmm(day.end)
    out.past_close = bool(out.venue_closes) and day.end > minutes(out.venue_closes)
    try:
        out.minors = minors(event, day)
    except RuleViolation:  # a bracket that cannot say its places yet: no names rather than no page
        out.minors = []
    return out


def _line(phase: Phase, f: domain.PhaseForecast) -> PhaseLine:
    """A phase's line: finished only once it was played; a phase with nothing to play yet (its
    players not known) is not "finished" but waits, with no time to say."""
    unknown = f.done and not phase.brackets
    waves = tuple(WaveLine(w.wave + 1, hhmm(w.start), hhmm(w.end)) for w in f.waves)
    return PhaseLine(phase, hhmm(f.start), hhmm(f.end), f.done and not unknown, f.matches_left, unknown, waves)


def minors(event, day: domain.DayForecast) -> list[Minor]:
    """Entrants under 18 / under 16 still in the event while a phase ends past their curfew."""
    marked = [e for e in event.entrants if e.age_group in curfew.AGE_GROUPS and not e.dq]
    if not marked:
        return []
    hours = day_clock.curfews(event)
    out_of_it = _eliminated(event)
    found = []
    for entrant in marked:
        if entrant.id in out_of_it:
            continue
        late = _first_past(event, day, minutes(hours[entrant.age_group]))
        if late is not None:
            found.append(Minor(entrant.name, entrant.age_group, hours[entrant.age_group], late[0], late[1]))
    return sorted(found, key=lambda m: (m.curfew, m.name))


def _first_past(event, day, limit: int):
    """(phase name, "HH:MM") of the first phase not over expected to end past ``limit``."""
    names = {forecast_work.phase_ref(p): p.name for p in event.phases}
    for f in day.phases:
        if not f.done and f.end > limit:
            return names[f.key], hhmm(f.end)
    return None


def _eliminated(event) -> set[int]:
    """Entrants out of the event: placed in a finished last-played phase, or out of a running one."""
    started = [p for p in sorted(event.phases, key=lambda p: p.position) if p.brackets]
    if not started:
        return set()
    last = started[-1]
    later_draft = any(p.status == "draft" and p.position > last.position for p in event.phases)
    playing = {e["id"] for row in last.brackets for e in row.entrants}
    placed = {pl.entrant_id for row in last.brackets for pl in brackets.placements(row, to_read=True)}
    if later_draft:  # who goes on is not known yet: only those out of the phase being played
        return {e.id for e in event.entrants if e.id not in playing} if last.status != "done" else set()
    return {e.id for e in event.entrants if e.id not in playing or e.id in placed}
