"""Self-report: a player reports their own match game by game, the opponent confirms (issue 30).

A report's entries are the same play entries a referee makes, checked by the same rules
(payloads.load_action, then the domain's play.apply on the match as the report has it), but
they wait in the player's report (models/reports.py) instead of the match: an unconfirmed
report does not change the match, so it neither advances the bracket nor takes a station's
next call. Once the opponent confirms (or the desk, or the event's clock), the entries go
through the operation pipeline in order, logged as the player's (device "player-<entrant id>",
no staff account), and the bracket follows as for a referee's.

A referee's or the desk's entry always outranks a player's: a report made while the match has
entries is refused, and a report still waiting when a staff entry arrives is replaced by it
(found when the report is next read: the match has entries that are not the report's).
"""
from datetime import datetime, timezone

from ...database import write_transaction
from ...extensions import db
from ...models import MatchRow, Operation, PlayerReport
from ...tournament import play as domain_play
from ...tournament.entry_kinds import ENTRY_KINDS
from ...tournament.errors import N_
from .. import ServiceError
from ..entries import access, pipeline
from ..entries.entry import Entry
from ..entries.payloads import ValidationError, load_action
from ..matches import play

LIVE = ("open", "waiting", "disputed")
DEVICE = "player-%d"  # the log's device of a player's entries: which entrant made them


def settings(event) -> dict:
    """The event's self-report setting: {"on": bool, "auto_minutes": minutes or None (never)}."""
    kept = (event.settings or {}).get("self_report") or {}
    minutes = kept.get("auto_minutes")
    return {"on": bool(kept.get("on")), "auto_minutes": int(minutes) if minutes else None}


def save_settings(event, on: bool, auto_minutes: str, user) -> None:
    """The desk turns self-report on or off and sets the confirmation clock ("" = never)."""
    if not getattr(user, "is_desk", False):
        raise ServiceError("op.desk_only", N_("Only the desk may make this entry."))
    text = (auto_minutes or "").strip()
    if text and not (text.isdigit() and 1 <= int(text) <= 240):
        raise ServiceError("report.auto_minutes", N_(
            "Confirmation by itself: a number of minutes from 1 to 240, or empty for never."))
    kept = {"on": bool(on), "auto_minutes": int(text) if text else None}
    event.settings = {**(event.settings or {}), "self_report": kept}


def live_report(match: MatchRow) -> PlayerReport | None:
    """The match's report not yet settled (being entered, waiting, or disputed), if any: one a
    staff entry outranked counts as gone (retire_outranked records it, inside a write)."""
    report = _latest_live(match)
    return None if report is None or _outranked(report, match) else report


def _latest_live(match: MatchRow) -> PlayerReport | None:
    return (db.session.query(PlayerReport).filter(PlayerReport.match_id == match.id,
                                                  PlayerReport.status.in_(LIVE))
            .order_by(PlayerReport.id.desc()).first())


def retire_outranked(match: MatchRow) -> None:
    """Record that a referee's or the desk's entry replaced the match's live report (in a write)."""
    report = _latest_live(match)
    if report is not None and _outranked(report, match):
        _settle(report, "replaced", "referee")


def _outranked(report: PlayerReport, match: MatchRow) -> bool:
    """A referee or the desk entered the match (or changed its players) since the report began."""
    if match.slots_version != report.slots_version:
        return True
    if not match.actions and match.status == "ready":
        return _referee_waiting(match)
    # The match has entries or a result: the report's own only when its first entry was applied.
    first = report.entries[0]["op_id"] if report.entries else None
    return first is None or db.session.query(Operation.id).filter_by(op_id=first, outcome="applied").first() is None


def _referee_waiting(match: MatchRow) -> bool:
    """A staff phone's entry for this match is held (its earlier steps not in yet): a referee is on it."""
    return db.session.query(Operation.id).filter_by(match_id=match.id, outcome="held").first() is not None


def add_entry(match: MatchRow, entrant_id: int, op_id: str, kind: str, fields: dict) -> PlayerReport:
    """One entry of a player's report, checked as a referee's would be; a resend is answered once."""
    sent = _holding(match, op_id)
    if sent is not None:
        return sent  # the same entry sent again after a lost answer (its report may be confirmed since)
    _check_allowed(match, entrant_id)
    report = live_report(match) or _new_report(match, entrant_id)
    _check_reporter(report, entrant_id)
    action, payload = _checked(match, report, kind, fields)
    report.entries = [*report.entries, {"op_id": op_id, "kind": kind, "payload": payload, "action": action}]
    if _state(match, report).finished:
        report.status, report.completed_at = "waiting", datetime.now(timezone.utc)
    return report


def _holding(match: MatchRow, op_id: str) -> PlayerReport | None:
    """The match's report (in any state) that already holds this entry."""
    reports = db.session.query(PlayerReport).filter_by(match_id=match.id).all()
    return next((r for r in reports if any(e["op_id"] == op_id for e in r.entries)), None)


def _check_allowed(match: MatchRow, entrant_id: int) -> None:
    if not settings(match.bracket.phase.event)["on"]:
        raise ServiceError("report.off", N_(
            "Players do not report their own matches in this event: a referee enters them."))
    if entrant_id not in (match.slot_a, match.slot_b):
        raise ServiceError("report.not_yours", N_("You can report only your own match."))
    if match.status != "ready":
        raise ServiceError("report.not_ready", N_(
            "This match cannot be reported now: it is not ready or already decided."))
    if match.actions or _referee_waiting(match):
        raise ServiceError("report.referee", N_("A referee or the desk has entered this match: their entries count."))


def _check_reporter(report: PlayerReport, entrant_id: int) -> None:
    if report.entrant_id != entrant_id:
        raise ServiceError("report.opponent_reported", N_(
            "Your opponent has reported this match: confirm it, or say it is not what happened."))
    if report.status != "open":
        raise ServiceError("report.waiting", N_("You have reported this match: waiting for your opponent to confirm."))


def _new_report(match: MatchRow, entrant_id: int) -> PlayerReport:
    report = PlayerReport(event_id=match.bracket.phase.event_id, match_id=match.id, entrant_id=entrant_id,
                          status="open", entries=[], slots_version=match.slots_version or 0)
    db.session.add(report)
    return report


def _checked(match: MatchRow, report: PlayerReport, kind: str, fields: dict) -> tuple[dict, dict]:
    """The entry's action and payload, or the refusal a referee's entry would get."""
    if not getattr(ENTRY_KINDS.get(kind), "by_player", False):  # penalties, voids, rulings: staff's
        raise ServiceError("report.kind", N_("Only staff may make this entry."))
    # The step the page showed is not checked: a report is one player's entries in the order they
    # come, and a page left offline shows the same step again for the next game.
    fields = {k: v for k, v in fields.items() if k != "position"}
    try:
        action = {"kind": kind, **load_action(kind, fields)}
    except ValidationError as problem:
        raise ServiceError("op.invalid", N_("The entry is incomplete or malformed: %(problem)s"),
                           problem=_describe(problem)) from problem
    action.pop("position", None)
    domain_play.apply(_state(match, report), domain_play.action_from_dict(action))  # RuleViolation: refused
    return action, {**fields, "position": len(report.entries)}


def _describe(problem: ValidationError) -> str:
    return "; ".join(f"{field}: {errs}" for field, errs in problem.normalized_messages().items())


def _state(match: MatchRow, report: PlayerReport | None) -> domain_play.MatchState:
    """The match as the report has it (the match itself has no entries while a report is live)."""
    entries = [e["action"] for e in (report.entries if report else [])]
    return domain_play.replay(play.setup_for(match), entries)


def state_for(match: MatchRow, report: PlayerReport | None) -> domain_play.MatchState:
    """The state a player's page shows: the report's when one is live, else the match's own."""
    return _state(match, report) if report is not None else play.state_of(match)


def check_confirmer(report: PlayerReport | None, match: MatchRow, entrant_id: int) -> PlayerReport:
    """Only the reporter's opponent confirms or disputes, and only a finished report."""
    if entrant_id not in (match.slot_a, match.slot_b):
        raise ServiceError("report.not_yours", N_("You can report only your own match."))
    if report is None or report.status not in ("waiting", "disputed"):
        raise ServiceError("report.none", N_("There is no report of this match waiting for you."))
    if report.entrant_id == entrant_id:
        raise ServiceError("report.own", N_("Your opponent confirms your report, not you."))
    return report


def dispute(match: MatchRow, entrant_id: int, note: str) -> PlayerReport:
    """The opponent says the report is not what happened: the desk decides (conflicts page)."""
    report = check_confirmer(live_report(match), match, entrant_id)
    note = " ".join((note or "").split())[:200]
    if not note.isprintable():
        raise ServiceError("op.control_characters", N_("Remove the control characters from the text."))
    report.status, report.dispute_note = "disputed", note
    return report


def apply_report(report_id: int, decided_by: str, user=None) -> PlayerReport:
    """Confirmed: the report's entries through the pipeline, in order, as the player's; then settled.

    Runs its own transactions (the pipeline's); a resend after a fault is answered "duplicate"."""
    if decided_by == "desk":
        access.check_desk(user)
    report = db.session.get(PlayerReport, report_id)
    match = db.session.get(MatchRow, report.match_id)
    live = live_report(match)
    if live is None or live.id != report.id or report.status not in ("waiting", "disputed"):
        with write_transaction(db.session):
            retire_outranked(db.session.get(MatchRow, report.match_id))
        raise ServiceError("report.none", N_("There is no report of this match waiting for you."))
    device = DEVICE % report.entrant_id
    entries = [Entry.from_kept(kept, device, match.id, report.slots_version) for kept in report.entries]
    outcomes = pipeline.submit_many(entries, None)
    refused = next((o for o in outcomes if o.outcome not in ("applied", "confirmed", "duplicate")), None)
    with write_transaction(db.session):
        report = db.session.get(PlayerReport, report_id)
        _settle(report, "confirmed" if refused is None else "replaced", decided_by, user)
    return report


def _settle(report: PlayerReport, status: str, decided_by: str, user=None) -> None:
    report.status, report.decided_by = status, decided_by
    report.decided_at, report.decided_user = datetime.now(timezone.utc), getattr(user, "id", None)


def discard(report_id: int, user) -> None:
    """The desk throws a disputed (or waiting) report out: the match is entered again, by a referee or a player."""
    access.check_desk(user)
    report = db.session.get(PlayerReport, report_id)
    if report is None or report.status not in ("waiting", "disputed"):
        raise ServiceError("report.none", N_("There is no report of this match waiting for you."))
    _settle(report, "discarded", "desk", user)


def event_reports(event, statuses=("waiting", "disputed")) -> list[PlayerReport]:
    """The event's reports in these states, oldest first (the desk's view)."""
    rows = (db.session.query(PlayerReport).filter(PlayerReport.event_id == event.id,
                                                  PlayerReport.status.in_(statuses))
            .order_by(PlayerReport.id).all())
    return [r for r in rows if not _outranked(r, db.session.get(MatchRow, r.match_id))]


def state_for_player(match: MatchRow | None, entrant) -> str | None:
    """What "my event" says about my match's report: "report" (I may report it), "open" (being
    entered), "waiting" (mine, for my opponent), "to_confirm" (theirs, for me), "disputed"; None
    when players do not report here or the match is not theirs to report."""
    if match is None or entrant is None or match.status != "ready" or None in (match.slot_a, match.slot_b):
        return None
    if not settings(match.bracket.phase.event)["on"]:
        return None
    report = live_report(match)
    if report is None:
        return None if match.actions or _referee_waiting(match) else "report"
    if report.status in ("open", "waiting") and report.entrant_id != entrant.id:
        return "to_confirm" if report.status == "waiting" else "open"
    return report.status


# The opponent's version of a disputed report is checked and settled as a report is (report_versions.py).
holding, checked, settle = _holding, _checked, _settle
