"""The queue of reports one link sends: a report for every result taikai decided, in bracket order.

``catch_up`` compares each linked match's result with the last report queued for its set and queues a
new one when they differ: a correction is one more report; a result taken back is a report of nothing,
which resets the set. Only the matches whose light columns moved since this process's last committed
pass are read whole. A report not yet sent is replaced rather than followed, so start.gg is told each
set's latest result once. Reports go out in the order they were queued, prerequisites first within one
catch-up (a set can only be reported on start.gg once both its entrants are there).

States: waiting → sending → sent (start.gg took it) | same (it held that already: nothing sent) |
conflict (it held another result taikai did not send: both shown to the desk) | refused (its words).
"""
from sqlalchemy import event as sa_event
from sqlalchemy import func
from sqlalchemy.orm import selectinload

from ...extensions import db
from ...lru import LRU
from ...models import Entrant, Event, MatchRow, TieId, TieLink, TieReport
from ..setup import game_catalogue
from . import results

OPEN = ("waiting", "sending")
SETTLED = ("sent", "same")


def ids_of(link: TieLink) -> results.Ids:
    """What the link knows of the other side, by kind."""
    known: dict[str, dict] = {"entrant": {}, "character": {}, "stage": {}}
    rows = db.session.execute(db.select(TieId.kind, TieId.local, TieId.remote)
                              .where(TieId.link_id == link.id, TieId.kind.in_(known)))
    for kind, local, remote in rows:
        known[kind][local] = remote
    entrants = {int(k): v for k, v in known["entrant"].items()}
    title = game_catalogue.event_title(link_event(link))
    return results.Ids(entrants, known["character"], known["stage"], title)


def link_event(link: TieLink):
    from ...models import Event
    return db.session.get(Event, link.event_id)


def catch_up(link: TieLink, body_of=results.body_of) -> int:
    """Queue a report for every linked match whose result differs from its set's last report
    (``body_of``: a match's result in the service's terms; start.gg's by default, Challonge's from its module).

    Only the matches whose result could have moved since this process's last catch-up for the link are read
    whole (``_looks``: each match's light columns, kept once the pass's transaction commits), with those whose
    last report was refused (each catch-up queues it again): a result at a major reads one match, not 8,000."""
    sets = _linked_sets(link)
    if not sets:
        return 0
    key, looks = _memo_key(link, body_of), _light_looks(sets)
    before = _looks.get(key) or {}
    changed = {m for m, look in looks.items() if before.get(m) != look} | _refused_matches(link)
    _keep_after_commit(_looks, key, looks)
    if not changed:
        return 0
    ids, matches = ids_of(link), _in_bracket_order({m: sets[m] for m in changed if m in sets})
    entrants, last = _entrants_of(matches), _last_reports(link, {sets[m.id] for m in matches})
    queued = 0
    for match in matches:
        body = body_of(match, entrants, ids)
        if body is None and link.mark_called and match.called_at is not None and match.slot_a and match.slot_b:
            body = results.CALLED
        queued += _queue(link, match, sets[match.id], body, last.get(sets[match.id]))
    db.session.flush()
    return queued


# Per link (its id and when it was made: a link made again starts afresh), what the last catch-up of this
# process saw: the event's version (every result, call, correction or DQ moves it), whether sets are marked
# when called, the ids known (a character the desk matched) — and whether that pass queued anything.
_caught = LRU(1024)
# Per link, the ids it knows and the result's reader: each linked match's light columns as the last
# committed catch-up read them (a match whose columns did not move gives the same report: its version moves
# with every entry, correction and void; a call moves its called_at).
_looks = LRU(64)
LIGHT = (MatchRow.id, MatchRow.version, MatchRow.winner_id, MatchRow.slot_a, MatchRow.slot_b, MatchRow.walkover,
         MatchRow.status, MatchRow.called_at)


def catch_up_when_changed(link: TieLink, body_of=results.body_of) -> int:
    """``catch_up``, unless nothing it reads changed since this process's last one for the link and that
    one queued nothing: an idle pass reads three numbers instead of every linked match (a refused report,
    queued again by each catch-up, keeps the passes running as before)."""
    key = (link.id, str(link.created_at))
    seen = (db.session.scalar(db.select(Event.version).where(Event.id == link.event_id)), link.mark_called,
            *_ids_seen(link))
    if _caught.get(key) == (seen, 0):
        return 0
    queued = catch_up(link, body_of)
    _keep_after_commit(_caught, key, (seen, queued))
    return queued


def _ids_seen(link: TieLink) -> tuple:
    """What says the link's ids moved: its ids' version (every change moves it), their count and highest row
    (a row added or removed by a hand outside links.remember moves these)."""
    return (db.session.scalar(db.select(TieLink.ids_version).where(TieLink.id == link.id)),
            *db.session.execute(db.select(func.count(TieId.id), func.max(TieId.id))
                                .where(TieId.link_id == link.id)).one())


def _memo_key(link: TieLink, body_of) -> tuple:
    return link.id, str(link.created_at), link.mark_called, body_of.__module__, _ids_seen(link)


def _light_looks(sets: dict[int, str]) -> dict[int, tuple]:
    rows = db.session.execute(db.select(*LIGHT).where(MatchRow.id.in_(sets)))
    return {row[0]: tuple(row[1:]) for row in rows}


def _keep_after_commit(cache: LRU, key: tuple, value) -> None:
    """What a pass saw is kept once its transaction commits: a pass rolled back (its reports with it) is
    made again, not remembered as done. The hooks are set on this session only, by its first pass: a
    commit without a catch-up (a phone's sync batch, a page) runs none of this."""
    session = db.session()
    if not sa_event.contains(session, "after_commit", _committed):
        sa_event.listen(session, "after_commit", _committed)
        sa_event.listen(session, "after_rollback", _rolled_back)
    session.info.setdefault(_PENDING, []).append((cache, key, value))


_PENDING = "ties.caught"


def _committed(session) -> None:
    for cache, key, value in session.info.pop(_PENDING, ()):
        cache.put(key, value)


def _rolled_back(session) -> None:
    session.info.pop(_PENDING, None)


def _refused_matches(link: TieLink) -> set[int]:
    rows = db.session.execute(db.select(TieReport.match_id).where(TieReport.link_id == link.id,
                                                                  TieReport.state == "refused").distinct())
    return {row[0] for row in rows}


def _entrants_of(matches: list[MatchRow]) -> dict:
    """The entrants these matches name, with their members (a team's game names its players)."""
    wanted = {e for m in matches for e in (m.slot_a, m.slot_b, m.winner_id, m.loser_id) if e}
    if not wanted:
        return {}
    rows = db.session.query(Entrant).options(selectinload(Entrant.members)).filter(Entrant.id.in_(wanted))
    return {e.id: e for e in rows}


def _linked_sets(link: TieLink) -> dict[int, str]:
    rows = db.session.query(TieId.local, TieId.remote).filter_by(link_id=link.id, kind="match")
    return {int(local): remote for local, remote in rows}


def _last_reports(link: TieLink, set_ids: set[str]) -> dict[str, TieReport]:
    out = {}
    query = db.session.query(TieReport).filter(TieReport.link_id == link.id, TieReport.set_id.in_(set_ids))
    for report in query.order_by(TieReport.id):
        out[report.set_id] = report
    return out


def _queue(link: TieLink, match: MatchRow, set_id: str, body: dict | None, last: TieReport | None) -> int:
    if last is None and body is None:
        return 0
    if last is not None and results.same(last.body, body) and last.state != "refused":
        return 0
    if last is not None and last.state == "waiting":
        last.body, last.answer = body, ""
        return 0
    db.session.add(TieReport(link_id=link.id, match_id=match.id, set_id=set_id, body=body, state="waiting"))
    return 1


def _in_bracket_order(sets: dict[int, str]) -> list[MatchRow]:
    """The linked matches, a match after every match that feeds it."""
    matches = db.session.query(MatchRow).filter(MatchRow.id.in_(sets)).all()
    by_bracket: dict[int, list[MatchRow]] = {}
    for m in matches:
        by_bracket.setdefault(m.bracket_id, []).append(m)
    out = []
    for bracket_id in sorted(by_bracket):
        out.extend(_fed_first(by_bracket[bracket_id]))
    return out


def _fed_first(matches: list[MatchRow]) -> list[MatchRow]:
    feeders: dict[str, list[str]] = {}
    for m in matches:
        for link in (m.winner_to, m.loser_to):
            if link:
                feeders.setdefault(link[0], []).append(m.key)
    by_key, done, out = {m.key: m for m in matches}, set(), []

    def visit(key):
        if key in done or key not in by_key:
            return
        done.add(key)
        for feeder in feeders.get(key, ()):
            visit(feeder)
        out.append(by_key[key])

    for m in sorted(matches, key=lambda m: (m.round, m.index)):
        visit(m.key)
    return out


def settled_body(link: TieLink, set_id: str, before: int) -> tuple[bool, dict | None]:
    """What taikai last put on start.gg for a set (before report ``before``): (known, body)."""
    row = (db.session.query(TieReport).filter(TieReport.link_id == link.id, TieReport.set_id == set_id,
                                              TieReport.id < before, TieReport.state.in_(SETTLED))
           .order_by(TieReport.id.desc()).first())
    return (row is not None, row.body if row is not None else None)


def listing(link: TieLink) -> list[TieReport]:
    """The queue as the desk reads it: newest first."""
    return db.session.query(TieReport).filter_by(link_id=link.id).order_by(TieReport.id.desc()).all()


def counts(link: TieLink) -> dict[str, int]:
    out: dict[str, int] = {}
    for (state,) in db.session.query(TieReport.state).filter_by(link_id=link.id):
        out[state] = out.get(state, 0) + 1
    return out
