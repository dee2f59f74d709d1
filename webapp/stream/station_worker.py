"""One linked station's pusher thread: its TSH alone, every round bounded by a deadline (pusher.py)."""
import logging
import random
import threading
import time

from flask import Flask

from ..extensions import db
from ..models import Event, MatchRow, Station
from ..services.setup import game_catalogue
from ..services.stream import match_live, tsh_link, tsh_plan
from . import tsh_http, tsh_probe

log = logging.getLogger(__name__)
CALL_SECONDS = 2.5     # one request, connect to last byte
ROUND_SECONDS = 8.0    # everything one push sends
MAX_BACKOFF = 30.0


class StationWorker:
    """Woken by the pusher; pushes the station's match, retries with backoff while TSH fails."""

    def __init__(self, app: Flask, station_id: int):
        self.app, self.station_id = app, station_id
        self.sent: dict[tuple, match_live.MatchLive] = {}  # (url, api) -> the match as TSH last got it
        self.failures, self.retry_at = 0, None
        self.woken, self.stopped = False, False
        self.cond = threading.Condition()
        self.idle = threading.Event()
        self.idle.set()
        threading.Thread(target=self._run, name=f"taikai-tsh-{station_id}", daemon=True).start()

    def wake(self) -> None:
        with self.cond:
            self.woken = True
            self.idle.clear()
            self.cond.notify()

    def stop(self) -> None:
        with self.cond:
            self.stopped = True
            self.cond.notify()

    def wait_idle(self, timeout: float) -> bool:
        return self.idle.wait(timeout)

    def _next(self) -> bool:
        """Wait for a wake-up or the retry's time; False once stopped."""
        with self.cond:
            while not (self.woken or self.stopped):
                self.idle.set()  # what it was woken for is pushed or failed (a retry may come)
                wait = None if self.retry_at is None else self.retry_at - time.monotonic()
                if wait is not None and wait <= 0:
                    break
                self.cond.wait(wait)
            self.woken, self.retry_at = False, None
            self.idle.clear()
            return not self.stopped

    def _run(self) -> None:
        while self._next():
            with self.app.app_context():
                try:
                    ok = self._push()
                except Exception:  # noqa: BLE001 - the worker must outlive any one bad round
                    log.exception("TSH push for station %s failed", self.station_id)
                    db.session.rollback()
                    ok = False
                finally:
                    db.session.remove()
            self._after(ok)

    def _after(self, ok: bool) -> None:
        with self.cond:
            if ok:
                self.failures = 0
            else:
                self.failures += 1
                self.retry_at = time.monotonic() + _backoff(self.app, self.failures)

    def _push(self) -> bool:
        station = db.session.get(Station, self.station_id)
        event = db.session.get(Event, station.event_id) if station is not None else None
        if event is None or not station.tsh_url:
            return True
        live = match_live.station_live(event, station, station.tsh_language or "ja")
        if live is None:
            return True
        with db.session.no_autoflush:  # what the round learns is written at its end: no write lock while TSH answers
            ok = self._send(station, live, game_catalogue.event_title(event))
        db.session.commit()
        return ok

    def _send(self, station: Station, live, title) -> bool:
        deadline = time.monotonic() + float(self.app.config.get("TSH_ROUND_SECONDS") or ROUND_SECONDS)
        try:
            api = tsh_probe.api_of(station, deadline)
            key = (station.tsh_url, api)
            before = self.sent.get(key)
            for call in _last_score(before, live, title, api, station) + tsh_plan.plan(live, before, title, api):
                self._call(station.tsh_url, call, deadline)
        except tsh_http.TshProblem as problem:
            self.sent.clear()
            if problem.reason.startswith("http") or problem.reason == "notsh":
                station.tsh_api = ""  # a different TSH may be there now: ask again next time
            if tsh_link.note_failure(station, problem.reason):
                log.warning("TSH at %s: %s", station.tsh_url, problem.reason)
            return False
        self.sent[key] = live
        tsh_link.note_success(station)
        return True

    @staticmethod
    def _call(base: str, call: tsh_plan.TshCall, deadline: float) -> None:
        until = min(deadline, time.monotonic() + CALL_SECONDS)
        body = call.json() if call.method == "POST" else None
        status = tsh_http.call(base, call.method, call.path, until, call.query, body)
        if status >= 400:
            raise tsh_http.TshProblem(f"http{status}")


def _last_score(before, live, title, api, station: Station) -> list:
    """The final score of the match TSH shows, when the station moved on before TSH got it."""
    if before is None or before.match_id == live.match_id:
        return []
    previous = db.session.get(MatchRow, before.match_id)
    if previous is None or previous.status != "done":
        return []
    return tsh_plan.plan(match_live.live_state(previous, station.tsh_language or "ja"), before, title, api)


def _backoff(app: Flask, failures: int) -> float:
    """Doubling from the configured first wait, capped, with jitter."""
    first = float(app.config.get("TSH_RETRY_SECONDS") or 2.0)
    return min(MAX_BACKOFF, first * 2 ** (failures - 1)) * random.uniform(0.9, 1.1)
