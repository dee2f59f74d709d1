"""Players' reports confirmed by the event's clock on time: a loop of its own in each process, never
inside someone else's request (issue 36.2).

Every REPORT_SWEEP_SECONDS (15) a daemon thread of each server process sweeps the waiting reports
(services/players/report_clock) in its own app context and its own transaction; when several
processes sweep at once, the database's conditional update decides which applies a report, so it is
applied once. A request never sweeps: a form POST on SQLite (BEGIN IMMEDIATE) no longer takes three
write transactions for a due report while a phone waits, and no page confirms anything by reading it.
0 turns the loop off; the tests' app (TESTING) starts none and sweeps by calling ``sweep_once``.
"""
import logging
import threading

from flask import Flask

from ..extensions import db

log = logging.getLogger(__name__)


def init_report_sweep(app: Flask) -> None:
    """Start this process's sweeping loop (not in the tests' app)."""
    app.config.setdefault("REPORT_SWEEP_SECONDS", 15)
    if app.config["REPORT_SWEEP_SECONDS"] and not app.config.get("TESTING"):
        start_thread(app)


def start_thread(app: Flask) -> threading.Event:
    """The loop as a daemon thread; setting the returned event stops it."""
    stop = threading.Event()
    threading.Thread(target=run, args=(app, stop), name="report-sweep", daemon=True).start()
    return stop


def run(app: Flask, stop: threading.Event) -> None:
    """Sweep every REPORT_SWEEP_SECONDS until stopped; a failure never ends the loop."""
    while not stop.wait(float(app.config.get("REPORT_SWEEP_SECONDS") or 15)):
        sweep_once(app)


def sweep_once(app: Flask) -> int:
    """One sweep in its own app context and transaction; how many reports it applied."""
    from ..services.players import report_clock

    with app.app_context():
        try:
            return report_clock.sweep()
        except Exception:  # noqa: BLE001 - the loop must outlive any one bad sweep
            db.session.rollback()
            log.exception("report sweep failed")
            return 0
        finally:
            db.session.remove()
