"""This process's TSH pusher: one worker thread per linked station, so no TSH waits for another.

One pusher per app and process. A nudge names events; the pusher finds their linked stations and
wakes each one's worker (made on first use). A worker pushes its station alone: it finds which API
its TSH speaks (tsh_probe.py, once per link, remembered on the station), sends what changed since
TSH last got it (services/stream/tsh_plan.py), every request and the whole round bounded by
deadlines (tsh_http.py), so a TSH answering one byte a second holds up only its own station. A
failure forgets what was sent (TSH may have restarted), writes the failure on the station once,
and retries with backoff; a success clears it. Nothing here runs inside a request or a result's
transaction.
"""
import logging
import threading

from flask import Flask
from sqlalchemy.exc import SQLAlchemyError

from ..extensions import db
from ..models import Station
from .station_worker import StationWorker

log = logging.getLogger(__name__)
_PUSHERS: dict = {}
_LOCK = threading.Lock()


def for_app(app: Flask) -> "Pusher":
    """The app's pusher in this process."""
    with _LOCK:
        pusher = _PUSHERS.get(id(app))
        if pusher is None:
            pusher = _PUSHERS[id(app)] = Pusher(app)
        return pusher


class Pusher:
    """Event ids in; each linked station's worker woken."""

    def __init__(self, app: Flask):
        self.app, self.workers, self.lock = app, {}, threading.Lock()

    def nudge(self, *event_ids: int) -> None:
        """Push these events' linked stations soon (a quick read; the sending is the workers')."""
        with self.app.app_context():
            try:
                ids = db.session.scalars(db.select(Station.id).where(
                    Station.event_id.in_(event_ids), Station.tsh_url != "")).all()
            except SQLAlchemyError as problem:
                # Called after a result's commit: the result is kept whatever happens here, so a
                # database gone since (a restart) must not turn the answer into a 500. The next
                # result's nudge sends these stations what changed since they last got it.
                log.warning("TSH stations not nudged after a commit: %s", type(problem).__name__)
                return
            finally:
                db.session.remove()
        for station_id in ids:
            self._worker(station_id).wake()

    def _worker(self, station_id: int) -> StationWorker:
        with self.lock:
            worker = self.workers.get(station_id)
            if worker is None:
                worker = self.workers[station_id] = StationWorker(self.app, station_id)
            return worker

    def forget(self) -> None:
        """Tests: the tables were emptied, ids start again; nothing was sent to anyone."""
        self.wait_idle(5.0)
        with self.lock:
            workers, self.workers = list(self.workers.values()), {}
        for worker in workers:
            worker.stop()

    def wait_idle(self, timeout: float) -> bool:
        """Tests: whether every worker has pushed (or failed) what it was woken for, within timeout."""
        with self.lock:
            workers = list(self.workers.values())
        return all(worker.wait_idle(timeout) for worker in workers)
