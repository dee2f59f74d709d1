"""Auto-call's plan, read with a few queries whatever the event's size.

A result used to walk every match of the event's running phases (the board, the queue, the
busy players) to call at most a station or two. Now: the matches on stations (a handful), the
free stations, and the ready matches in calling order read from the database a few at a time,
only as far down the queue as the free stations need (players busy elsewhere are skipped).
The order and the rules are stations' own (stations.queue_key, stations.calling).
"""
from datetime import datetime, timedelta, timezone

from sqlalchemy import case, func, or_, select

from ...database import as_utc
from ...extensions import db
from ...models import BracketRow, Event, MatchRow, Phase, Station
from . import stations, stream_rounds

CHUNK = 16  # ready matches read at a time; a plan rarely needs more than the first few


def _depth():
    """Winners round r is played with losers round r - 1 (stations.queue_key)."""
    return MatchRow.round + case((MatchRow.side == "L", 1), else_=0)


def _running(event: Event, phase_ids: list[int] | None):
    query = (select(MatchRow).join(BracketRow, BracketRow.id == MatchRow.bracket_id)
             .join(Phase, Phase.id == BracketRow.phase_id)
             .where(Phase.event_id == event.id, Phase.status == "running", MatchRow.status == "ready"))
    return query if phase_ids is None else query.where(Phase.id.in_(phase_ids))


def _waiting(event: Event, stream: bool, phase_ids: list[int] | None):
    """Ready matches on no station, in calling order (the stream queue by its rank first)."""
    side_order = case(stations.SIDE_ORDER, value=MatchRow.side, else_=4)
    query = _running(event, phase_ids).where(or_(MatchRow.station == "", MatchRow.station.is_(None)))
    query = query.where(MatchRow.stream_rank.is_not(None) if stream else MatchRow.stream_rank.is_(None))
    order = (Phase.position, BracketRow.wave, _depth(), side_order, MatchRow.bracket_id, MatchRow.index)
    return query.order_by(*((MatchRow.stream_rank,) if stream else ()), *order)


def holding(station: Station, now: datetime) -> bool:
    """A stream station keeps a decided match's final score on screen for its hold (seconds)
    before auto-call takes it again (the desk's "call next" does not wait)."""
    if not station.stream or not station.stream_hold:
        return False
    last = db.session.scalar(select(func.max(MatchRow.updated_at))
                             .join(BracketRow, BracketRow.id == MatchRow.bracket_id)
                             .join(Phase, Phase.id == BracketRow.phase_id)
                             .where(Phase.event_id == station.event_id, MatchRow.station == station.name,
                                    MatchRow.status == "done"))
    if last is None:
        return False
    return now - as_utc(last) < timedelta(seconds=station.stream_hold)


def _free(event: Event, taken_names: set, every_phase: bool) -> list[Station]:
    """Stations with nothing on them, a stream station in its hold left out (auto-call only)."""
    now = datetime.now(timezone.utc)
    return [s for s in stations.event_stations(event)
            if s.name not in taken_names and (every_phase or not holding(s, now))]


def hold_over(event: Event) -> bool:
    """Auto-call would now take a stream station whose hold has run out (the day clock asks: operations/clock.py)."""
    return stations.auto_call_wanted(event) and any(s.stream for _m, s in plan_auto_calls(event))


class _Line:
    """A queue read lazily from the database, CHUNK matches at a time."""

    def __init__(self, query):
        self.query, self.rows, self.read_all, self.taken = query, [], False, set()

    def _more(self) -> bool:
        if self.read_all:
            return False
        chunk = db.session.scalars(self.query.offset(len(self.rows)).limit(CHUNK)).all()
        self.rows += chunk
        self.read_all = len(chunk) < CHUNK
        return bool(chunk)

    def _untaken(self):
        position = 0
        while position < len(self.rows) or self._more():
            match = self.rows[position]
            position += 1
            if match.id not in self.taken:
                yield match

    def empty(self) -> bool:
        return next(self._untaken(), None) is None

    def take(self, busy: set) -> MatchRow | None:
        """The first match whose players are both free, now taken off the line."""
        match = next((m for m in self._untaken() if not {m.slot_a, m.slot_b} & busy), None)
        if match is not None:
            self.taken.add(match.id)
        return match


def plan_auto_calls(event: Event, every_phase: bool = False) -> list[tuple[MatchRow, Station]]:
    """The calls to make now: free stations in board order, next matches whose players are not
    busy elsewhere. Auto-call plans for the phases that have it on; the desk's "call next"
    button is the same plan for every running phase (``every_phase``). A stream station takes
    the stream queue, and the ordinary queue while the stream queue is empty (event setting).
    Read with a few queries, as far down the queue as needed."""
    if not every_phase:
        stream_rounds.queue_chosen(event)  # the rounds the desk sends to the stream wait for it
    db.session.flush()  # a batch does not autoflush: the queries must see its decided matches
    on_station = db.session.scalars(_running(event, None).where(MatchRow.station != "")).all()
    free = _free(event, {m.station for m in on_station}, every_phase)
    if not free:
        return []
    phase_ids = None if every_phase else [
        p.id for p in event.phases if p.status == "running" and stations.calling(p)["auto_call"]]
    regular, stream = _Line(_waiting(event, False, phase_ids)), _Line(_waiting(event, True, phase_ids))
    fallback = stations.stream_takes_regular(event)
    busy = {e for m in on_station for e in (m.slot_a, m.slot_b) if e}
    calls = []
    for station in free:
        line = stream if station.stream else regular
        if station.stream and fallback and stream.empty():
            line = regular
        match = line.take(busy)
        if match is not None:
            busy |= {match.slot_a, match.slot_b}
            calls.append((match, station))
    return calls
