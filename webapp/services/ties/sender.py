"""Works through a link's queue: each report read against the set as start.gg holds it, then sent once.

Before sending, the set is read: if start.gg already holds that result, nothing is sent ("same"); if it
holds what taikai last sent, a correction goes as ``updateBracketSet`` (same winner) or ``resetSet`` then
``reportBracketSet`` (another winner, or the result taken back); if it holds something taikai never
sent, the report stops as a conflict with both versions for the desk, unless the desk chose to send
taikai's over exactly that version. Reading first is also what makes a send after a crash harmless.

At most ``PER_MINUTE`` requests leave in any 60 seconds per link (start.gg's limit); a rate-limit answer
or no answer pauses the whole link with a growing wait (reports keep their order), a refusal is kept in
start.gg's words and the queue goes on.
"""
from collections import deque
from datetime import datetime, timedelta

from ...database import as_utc
from ...extensions import db
from ...models import TieLink, TieReport
from . import queue, results, startgg_api
from .startgg_api import Busy, Refused, Unreachable

WINDOW = timedelta(seconds=60)
STALE_CLAIM = timedelta(minutes=2)
_windows: dict[tuple, deque] = {}


def backoff(attempts: int) -> timedelta:
    """The wait after the n-th failed try in a row: 2, 4, 8 … seconds, at most 5 minutes."""
    return timedelta(seconds=min(2 ** max(attempts, 1), 300))


class Calls:
    """The link's requests, within its rate limit: ``Busy`` before the 81st in a minute leaves."""

    def __init__(self, link: TieLink, now: datetime, url: str, do=startgg_api.call):
        self.link, self.now, self.url, self.do = link, now, url, do
        # Keyed by the link and when it was made: a link made again (its id reused) starts a window of its own.
        self.sent = _windows.setdefault((link.id, str(link.created_at)), deque())

    def __call__(self, *request) -> dict:
        while self.sent and self.now - self.sent[0] >= WINDOW:
            self.sent.popleft()
        if len(self.sent) >= startgg_api.PER_MINUTE:
            raise Busy("", self.sent[0] + WINDOW)
        self.sent.append(self.now)
        return self.do(self.link.token, *request, url=self.url)


def send_due(link: TieLink, now: datetime, url: str = startgg_api.URL, do=startgg_api.call, send=None) -> int:
    """Send the link's waiting reports in order until one must wait; how many were settled.
    (``do`` makes one request of the service, ``send`` settles one report; start.gg's by default.)"""
    now = as_utc(now)
    if link.paused_until is not None and now < as_utc(link.paused_until):
        return 0
    calls, settled, send = Calls(link, now, url, do), 0, send or _send
    _reclaim(link, now)
    for report in _waiting(link):
        if not _claim(report, now):
            continue
        try:
            send(link, report, calls)
        except (Busy, Unreachable) as failure:
            _pause(link, report, now, failure)
            db.session.commit()
            return settled
        report.done_at, link.paused_until = now, None
        db.session.commit()
        settled += 1
    return settled


def _waiting(link: TieLink) -> list[TieReport]:
    return (db.session.query(TieReport).filter_by(link_id=link.id, state="waiting")
            .order_by(TieReport.id).all())


def _claim(report: TieReport, now: datetime) -> bool:
    """One process sends a report: the database's conditional update decides which."""
    claimed = (db.session.query(TieReport).filter_by(id=report.id, state="waiting")
               .update({"state": "sending", "not_before": now + STALE_CLAIM}, synchronize_session=False))
    db.session.commit()
    db.session.refresh(report)
    return claimed == 1


def _reclaim(link: TieLink, now: datetime) -> None:
    """A claim left by a process that stopped mid-send is waiting again (the read first keeps it once)."""
    for report in db.session.query(TieReport).filter_by(link_id=link.id, state="sending"):
        if report.not_before is None or as_utc(report.not_before) <= now:
            report.state = "waiting"
    db.session.commit()


def _pause(link: TieLink, report: TieReport, now: datetime, failure: Exception) -> None:
    report.state, report.attempts = "waiting", report.attempts + 1
    link.paused_until = failure.args[1] if len(failure.args) > 1 else now + backoff(report.attempts)
    report.answer = str(failure.args[0] if failure.args else "")


def _send(link: TieLink, report: TieReport, calls: Calls) -> None:
    """One report: read the set, then nothing, a report, an update, a reset, or a conflict."""
    try:
        now_there = calls(startgg_api.SET_NOW, {"setId": report.set_id}).get("set")
        theirs, ours = results.held(now_there), report.body
        if ours == results.CALLED:
            _mark_started(report, theirs, now_there, calls)
            return
        if results.same(theirs, ours):
            report.state = "same"
            return
        if theirs is not None and not ours_to_replace(link, report, theirs):
            report.state, report.theirs = "conflict", theirs
            return
        _change(report, theirs, ours, results.slot_entrants(now_there), calls)
        report.state = "sent"
    except Refused as refused:
        report.state, report.answer = "refused", str(refused)


def _mark_started(report: TieReport, theirs, now_there: dict | None, calls: Calls) -> None:
    """A called set is marked in progress there, unless start.gg already has it so, or has its result."""
    if theirs is not None or (now_there or {}).get("state") == 2:
        report.state = "same"
        return
    report.sent = {"markSetInProgress": {"setId": report.set_id}}
    calls(startgg_api.IN_PROGRESS, report.sent["markSetInProgress"])
    report.state = "sent"


def ours_to_replace(link: TieLink, report: TieReport, theirs: dict, same=results.same) -> bool:
    """start.gg holds what taikai last sent for this set, or the very version the desk chose to replace."""
    if report.theirs is not None and same(report.theirs, theirs):
        return True
    known, settled = queue.settled_body(link, report.set_id, report.id)
    return known and same(settled, theirs)


def _change(report: TieReport, theirs, ours, slots: list, calls: Calls) -> None:
    set_id = report.set_id
    if theirs is not None and ours is not None and (theirs["winnerId"], theirs["isDQ"]) == (ours["winnerId"],
                                                                                           ours["isDQ"]):
        report.sent = {"updateBracketSet": results.variables(set_id, ours, slots)}
        calls(startgg_api.UPDATE, report.sent["updateBracketSet"])
        return
    if theirs is not None:
        report.sent = {"resetSet": {"setId": set_id, "resetDependentSets": True}}
        calls(startgg_api.RESET, report.sent["resetSet"])
    if ours is not None:
        report.sent = {"reportBracketSet": results.variables(set_id, ours, slots)}
        calls(startgg_api.REPORT, report.sent["reportBracketSet"])
