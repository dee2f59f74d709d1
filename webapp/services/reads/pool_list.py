"""A phase's pools as a player reads them on a big day (issue 41.3): each pool's label, its wave
(pools of one wave are called before the next's), its state — waiting (nothing called yet),
playing, done — and the stations its called matches are on. One grouped query for every pool:
a phase of 128 pools reads its match counts, not its 8,000 match rows.
"""
from dataclasses import dataclass, field

from sqlalchemy import case, func, select

from ...extensions import db
from ...models import BracketRow, MatchRow

SETTLED = ("done", "bye", "void")


@dataclass
class PoolLine:
    id: int
    label: str
    wave: int            # counted from 1, as people say it
    state: str           # waiting | playing | done
    settled: int         # matches decided
    total: int
    stations: list[str] = field(default_factory=list)   # where its called matches are played now


def pool_lines(phase) -> list[PoolLine]:
    """Every pool of the phase in label order (the brackets' order), with its state and stations."""
    rows = db.session.execute(
        select(BracketRow.id, BracketRow.label, BracketRow.wave, func.count(MatchRow.id),
               func.sum(case((MatchRow.status.in_(SETTLED), 1), else_=0)),
               func.sum(case((MatchRow.called_at.is_not(None), 1), else_=0)))
        .join(MatchRow, MatchRow.bracket_id == BracketRow.id, isouter=True)
        .where(BracketRow.phase_id == phase.id).group_by(BracketRow.id).order_by(BracketRow.id)).all()
    called = _stations(phase)
    return [PoolLine(i, label, (wave or 0) + 1, state_of(total, settled or 0, started or 0), settled or 0, total,
                     called.get(i, [])) for i, label, wave, total, settled, started in rows]


def state_of(total: int, settled: int, started: int) -> str:
    """A pool's state from its matches: every one decided, some called or decided, or none yet."""
    if total and settled >= total:
        return "done"
    return "playing" if settled or started else "waiting"


def pool_of(row: BracketRow) -> PoolLine:
    """One pool's line, from its own matches (a player's search reads the one pool that is theirs)."""
    matches = row.matches
    settled = sum(1 for m in matches if m.status in SETTLED)
    started = sum(1 for m in matches if m.called_at is not None)
    stations = sorted({m.station for m in matches if m.station and m.status == "ready"})
    return PoolLine(row.id, row.label, (row.wave or 0) + 1, state_of(len(matches), settled, started), settled,
                    len(matches), stations)


def _stations(phase) -> dict[int, list[str]]:
    rows = db.session.execute(
        select(MatchRow.bracket_id, MatchRow.station).join(BracketRow, BracketRow.id == MatchRow.bracket_id)
        .where(BracketRow.phase_id == phase.id, MatchRow.status == "ready", MatchRow.station != "")
        .order_by(MatchRow.station)).all()
    out: dict[int, list[str]] = {}
    for bracket_id, station in rows:
        if station not in out.setdefault(bracket_id, []):
            out[bracket_id].append(station)
    return out
