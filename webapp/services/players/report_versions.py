"""A disputed report and the opponent's own version of the match, side by side for the desk (issue 30).

When the opponent says a report is not what happened ("No, ask the desk"), they may enter their own
version game by game on the same referee's form; it is kept as a second report of the same match
(status "version_open" while entered, "version" once the match is decided in it), checked by the
same rules, and never changes the match by itself. The desk's conflicts page shows both; the desk
picks one (it goes through the pipeline as a confirmed report does, as its player's entries),
discards both (the match is entered again), or enters the match itself on the staff page (a
desk's entry outranks both).

A version answers the match's disputed report: the newest "version…" report of the same match by
the other player, made after it. Picking the version turns the disputed report "discarded" and
the version into the match's live report, which self_report.apply_report then applies.
"""
from datetime import datetime, timezone

from ...extensions import db
from ...models import MatchRow, PlayerReport
from ...tournament.errors import N_
from .. import ServiceError
from ..entries import access
from . import self_report

VERSION = ("version_open", "version")


def version_of(disputed: PlayerReport | None) -> PlayerReport | None:
    """The opponent's version answering this disputed report, if they entered one."""
    if disputed is None:
        return None
    return (db.session.query(PlayerReport)
            .filter(PlayerReport.match_id == disputed.match_id, PlayerReport.id > disputed.id,
                    PlayerReport.entrant_id != disputed.entrant_id, PlayerReport.status.in_(VERSION))
            .order_by(PlayerReport.id.desc()).first())


def answering(match: MatchRow, entrant_id: int) -> PlayerReport | None:
    """The match's disputed report, when this player disputed it (their entries are their version)."""
    report = self_report.live_report(match)
    if report is None or report.status != "disputed" or report.entrant_id == entrant_id:
        return None
    return report if entrant_id in (match.slot_a, match.slot_b) else None


def add_entry(match: MatchRow, entrant_id: int, op_id: str, kind: str, fields: dict) -> PlayerReport:
    """One entry of a player's report, or of their version when they disputed their opponent's."""
    disputed = answering(match, entrant_id)
    if disputed is None or self_report.holding(match, op_id) is not None:
        return self_report.add_entry(match, entrant_id, op_id, kind, fields)
    version = version_of(disputed) or _new_version(disputed, entrant_id)
    if version.status != "version_open":
        raise ServiceError("report.version_sent", N_("You have sent your version: the desk decides."))
    action, payload = self_report.checked(match, version, kind, fields)
    version.entries = [*version.entries, {"op_id": op_id, "kind": kind, "payload": payload, "action": action}]
    if self_report.state_for(match, version).finished:
        version.status, version.completed_at = "version", datetime.now(timezone.utc)
    return version


def _new_version(disputed: PlayerReport, entrant_id: int) -> PlayerReport:
    version = PlayerReport(event_id=disputed.event_id, match_id=disputed.match_id, entrant_id=entrant_id,
                           status="version_open", entries=[], slots_version=disputed.slots_version)
    db.session.add(version)
    db.session.flush()  # its id orders it after the report it answers
    return version


def take_version(version_id: int, user) -> int:
    """The desk picks the opponent's version: it becomes the match's report (applied next by
    self_report.apply_report), the disputed one is discarded. Returns the id to apply."""
    access.check_desk(user)
    version = db.session.get(PlayerReport, version_id)
    match = db.session.get(MatchRow, version.match_id) if version is not None else None
    disputed = self_report.live_report(match) if match is not None else None
    if disputed is None or disputed.status != "disputed" or version_of(disputed) is not version \
            or version.status != "version":
        raise ServiceError("report.none", N_("There is no report of this match waiting for you."))
    self_report.settle(disputed, "discarded", "desk", user)
    version.status = "disputed"  # the match's live report now: the newest live one
    return version.id


def settle_version(report_id: int, user) -> None:
    """The desk decided the disputed report (it counts, or both are discarded): its version goes too."""
    version = version_of(db.session.get(PlayerReport, report_id))
    if version is not None:
        self_report.settle(version, "discarded", "desk", user)
