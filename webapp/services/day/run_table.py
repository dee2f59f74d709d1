"""The desk's run table: a phase's playable matches as rows, filtered by status, round, station, name."""
from dataclasses import dataclass

from sqlalchemy import Text, and_, case, cast, false, func, not_, or_, select, true

from ...extensions import db
from ...models import BracketRow, Entrant, MatchRow, Member, Phase
from ...tournament.textsearch import matches as name_matches
from . import stations

STATUSES = ("open", "waiting", "called", "playing", "done", "all")
PAGE_ROWS = 50  # rows drawn at once: a 4,096-player phase has thousands of matches


@dataclass
class RunFilter:
    """What the desk typed in the filter bar."""

    status: str = "open"
    round: str = ""     # "W2", "L1"... (a side code and a round number)
    station: str = ""
    q: str = ""
    page: int = 1

    @classmethod
    def from_args(cls, args) -> "RunFilter":
        """Read the filter from query arguments, ignoring values that mean nothing."""
        status = args.get("status", "open")
        page = args.get("page", "1")
        return cls(status if status in STATUSES else "open", args.get("round", "")[:8],
                   args.get("station", "")[:40], args.get("q", "").strip()[:60],
                   int(page) if page.isdigit() and 0 < len(page) < 6 else 1)

    def query(self, page: int) -> dict:
        """The filter as query arguments, on another page."""
        return {"status": self.status, "round": self.round, "station": self.station, "q": self.q, "page": page}


@dataclass
class RunPage:
    """One page of the run table's rows and where it is among them."""

    rows: list
    number: int
    pages: int
    total: int


def page(phase: Phase, f: RunFilter, pinned: frozenset = frozenset()) -> RunPage:
    """The filter's page of the phase's ready and finished matches (and the pinned ones, e.g.
    waiting for a desk ruling, whatever the filter), in calling order (the last page when it
    asks past the end). The database filters, counts and orders: only the page's rows are read."""
    where = _where(phase, f, pinned)
    total = db.session.scalar(select(func.count()).select_from(MatchRow).join(BracketRow).where(*where))
    pages = max(1, -(-total // PAGE_ROWS))
    number = min(f.page, pages)
    found = db.session.scalars(select(MatchRow).join(BracketRow).where(*where).order_by(*_calling_order())
                               .limit(PAGE_ROWS).offset((number - 1) * PAGE_ROWS)).all()
    return RunPage(found, number, pages, total)


def entrants_of(rows: list) -> dict:
    """The entrants the page's rows name, by id (a page names a hundred, not the event's thousands)."""
    ids = sorted({e for m in rows for e in (m.slot_a, m.slot_b) if e})
    return {e.id: e for e in db.session.scalars(select(Entrant).where(Entrant.id.in_(ids)))} if ids else {}


def rounds(phase: Phase) -> list[tuple[str, str, int]]:
    """(code, side, round) of every round that has a playable match, in play order."""
    seen = db.session.execute(select(MatchRow.side, MatchRow.round).distinct().join(BracketRow)
                              .where(BracketRow.phase_id == phase.id, MatchRow.status.in_(("ready", "done")))).all()
    order = {"W": 0, "L": 1}
    return [(f"{s}{r}", s, r) for s, r in sorted(seen, key=lambda x: (order.get(x[0], 2), x[1]))]


def _where(phase: Phase, f: RunFilter, pinned: frozenset) -> list:
    """The filter as SQL conditions, the same as stations.match_state reads a row."""
    chosen = [condition for condition in (_status(f.status), _round(f.round),
                                          MatchRow.station == f.station if f.station else None,
                                          _named(phase, f.q) if f.q else None) if condition is not None]
    shown = and_(*chosen) if chosen else true()
    return [BracketRow.phase_id == phase.id, MatchRow.status.in_(("ready", "done")),
            or_(MatchRow.id.in_(sorted(pinned)), shown) if pinned else shown]


def _playing():
    """Something was entered for the match (stations.is_playing: its actions are not empty)."""
    text = cast(MatchRow.actions, Text)
    return and_(MatchRow.actions.is_not(None), text.not_in(("[]", "null")))


def _status(status: str):
    ready = MatchRow.status == "ready"
    return {"open": ready, "done": MatchRow.status == "done", "playing": and_(ready, _playing()),
            "called": and_(ready, not_(_playing()), _station() != ""),
            "waiting": and_(ready, not_(_playing()), _station() == "")}.get(status)


def _station():
    return func.coalesce(MatchRow.station, "")


def _round(code: str):
    """W2, L1...: a side code and a round number (a code that names no round keeps nothing)."""
    side, number = code.rstrip("0123456789"), code[len(code.rstrip("0123456789")):]
    if not code:
        return None
    return and_(MatchRow.side == side, MatchRow.round == int(number)) if number else false()


def _named(phase: Phase, q: str):
    """Matches of an entrant whose name, reading or members' names fit the typed text."""
    event_id = phase.event_id
    texts: dict[int, list] = {}
    for row in db.session.execute(select(Entrant.id, Entrant.name, Entrant.reading)
                                  .where(Entrant.event_id == event_id)):
        texts[row.id] = [row.name, row.reading]
    for row in db.session.execute(select(Member.entrant_id, Member.name, Member.reading).join(Entrant)
                                  .where(Entrant.event_id == event_id)):
        texts.setdefault(row.entrant_id, []).extend([row.name, row.reading])
    found = sorted(e for e, words in texts.items() if name_matches(q, *(w for w in words if w)))
    return or_(MatchRow.slot_a.in_(found), MatchRow.slot_b.in_(found)) if found else false()


def _calling_order() -> list:
    """Unfinished first, then stations.queue_key: round (winners before losers of the same
    round), side, bracket and index (the phase's position is the same for every row)."""
    side_rank = case({side: rank for side, rank in stations.SIDE_ORDER.items()}, value=MatchRow.side, else_=4)
    depth = MatchRow.round + case((MatchRow.side == "L", 1), else_=0)
    return [case((MatchRow.status == "done", 1), else_=0), depth, side_rank, MatchRow.bracket_id, MatchRow.index]
