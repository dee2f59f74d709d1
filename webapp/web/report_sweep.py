"""Players' reports confirmed by the event's clock on time: swept by the requests phones make anyway.

Every phone at the venue polls (brackets, "my event", the call board) or syncs its outbox every few
seconds; after answering one of those, this process sweeps the waiting reports (services/players/report_clock)
when it has not done so for REPORT_SWEEP_SECONDS. No thread to start or to stop, nothing when
nobody is at the venue (and then nobody is waiting for the result either). 0 turns it off.
"""
import logging
import threading
import time

from flask import Flask, current_app

from ..extensions import db

log = logging.getLogger(__name__)
_lock = threading.Lock()
_last = {"at": float("-inf")}


def init_report_sweep(app: Flask) -> None:
    """Register the sweep after every answered request (throttled per process)."""
    app.config.setdefault("REPORT_SWEEP_SECONDS", 15)
    app.after_request(_after)


def _after(response):
    seconds = current_app.config.get("REPORT_SWEEP_SECONDS") or 0
    if seconds and response.status_code < 400 and _turn(seconds):
        run()
    return response


def _turn(seconds: float) -> bool:
    """This request sweeps: the last sweep of this process is at least `seconds` old."""
    with _lock:
        now = time.monotonic()
        if now - _last["at"] < seconds:
            return False
        _last["at"] = now
        return True


def run() -> int:
    """One sweep; a failure is logged and never changes the answer already made."""
    from ..services.players import report_clock

    try:
        if db.session.new or db.session.dirty or db.session.deleted:
            return 0  # the answer left work unsaved: not ours to save or to drop
        db.session.rollback()  # close the answer's read transaction: the sweep begins its own
        return report_clock.sweep()
    except Exception:  # noqa: BLE001 - the request's answer stands whatever the sweep meets
        db.session.rollback()
        log.exception("report sweep failed")
        return 0
