"""The day's clock: a loop of its own in each server process, never inside someone else's request
(issue 36.2).

Every CLOCK_SECONDS (5) a daemon thread of each server process does what became due (clock.sweep:
reports confirmed by the event's clock, no-show walkovers, a stream station's call after its hold)
in its own app context and its own transactions; when several processes sweep at once, the database
decides (clock.py says how), so each thing is done once. A request never sweeps: a form POST on
SQLite (BEGIN IMMEDIATE) never takes the clock's write transactions while a phone waits, and no page
changes anything by being read. 0 turns the loop off; the tests' app (TESTING) starts none, sweeps
by calling ``sweep_once``, and the browser tests' live server runs the loop as a server does.
"""
import logging
import threading

from flask import Flask

from ..extensions import db

log = logging.getLogger(__name__)


def init_clock(app: Flask) -> None:
    """Start this process's clock loop (not in the tests' app)."""
    app.config.setdefault("CLOCK_SECONDS", 5)
    if app.config["CLOCK_SECONDS"] and not app.config.get("TESTING"):
        start_thread(app)


class Running:
    """A started loop: ``set()`` stops it and waits for a sweep under way to end."""

    def __init__(self, app: Flask):
        self._stop = threading.Event()
        self._thread = threading.Thread(target=run, args=(app, self._stop), name="day-clock", daemon=True)
        self._thread.start()

    def set(self) -> None:
        self._stop.set()
        self._thread.join(30)


def start_thread(app: Flask) -> Running:
    """The loop as a daemon thread."""
    return Running(app)


def run(app: Flask, stop: threading.Event) -> None:
    """Sweep every CLOCK_SECONDS until stopped; a failure never ends the loop."""
    while not stop.wait(float(app.config.get("CLOCK_SECONDS") or 5)):
        sweep_once(app)


def sweep_once(app: Flask) -> int:
    """One sweep in its own app context; how many entries it made or applied."""
    from . import clock

    with app.app_context():
        try:
            return clock.sweep()
        except Exception:  # noqa: BLE001 - the loop must outlive any one bad sweep
            db.session.rollback()
            log.exception("the clock's sweep failed")
            return 0
        finally:
            db.session.remove()
