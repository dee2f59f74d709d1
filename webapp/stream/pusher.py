"""This process's TSH pusher: a daemon thread sending each linked station's match after commits.

One pusher per app and process, started at the first nudge. It keeps, per station, the match as
TSH was last sent it, so a game is one score call (services/stream/tsh_plan.py). A failure forgets that
(the next try sends the whole match again: TSH may have restarted), writes the failure on the
station once, and retries with backoff; a success clears it. Every request has a short timeout,
and nothing here runs inside a request or a result's transaction.
"""
import logging
import queue
import random
import threading
import time

import httpx
from flask import Flask

from ..extensions import db
from ..models import Event, Station
from ..services.setup import game_catalogue
from ..services.stream import match_live, tsh_link, tsh_plan

log = logging.getLogger(__name__)
TIMEOUT = httpx.Timeout(2.0, connect=1.0)
MAX_BACKOFF = 30.0
_PUSHERS: dict = {}
_LOCK = threading.Lock()


def for_app(app: Flask) -> "Pusher":
    """The app's pusher in this process (started on first use)."""
    with _LOCK:
        pusher = _PUSHERS.get(id(app))
        if pusher is None:
            pusher = _PUSHERS[id(app)] = Pusher(app)
        return pusher


class Pusher:
    """Event ids in, TSH calls out, in order, from one thread."""

    def __init__(self, app: Flask):
        self.app, self.events = app, queue.Queue()
        self.sent: dict[tuple, match_live.MatchLive] = {}   # (station id, TSH address) -> as TSH last got it
        self.retry: dict[int, tuple[float, int]] = {}        # event id -> (when, failures)
        self.idle, self.lock = threading.Event(), threading.Lock()
        self.idle.set()
        self.client = httpx.Client(timeout=TIMEOUT, follow_redirects=False, trust_env=False)
        threading.Thread(target=self._run, name="taikai-tsh", daemon=True).start()

    def nudge(self, *event_ids: int) -> None:
        """Push these events' linked stations soon."""
        with self.lock:
            self.idle.clear()
            for event_id in event_ids:
                self.events.put(event_id)

    def forget(self) -> None:
        """Tests: the tables were emptied, ids start again; nothing was sent to anyone."""
        self.wait_idle(5.0)
        self.sent.clear()
        self.retry.clear()

    def wait_idle(self, timeout: float) -> bool:
        """Tests: whether everything nudged so far has been pushed (or failed) within timeout."""
        return self.idle.wait(timeout)

    def _next_events(self) -> set[int]:
        due = any(when <= time.monotonic() for when, _f in self.retry.values())
        wait = min((when for when, _f in self.retry.values()), default=time.monotonic() + 60) - time.monotonic()
        with self.lock:
            if self.events.empty() and not due:
                self.idle.set()
        try:
            found = {self.events.get(timeout=max(0.05, wait) if not due else 0.001)}
        except queue.Empty:
            found = set()
        while not self.events.empty():
            found.add(self.events.get_nowait())
        found |= {e for e, (when, _f) in self.retry.items() if when <= time.monotonic()}
        if found:
            self.idle.clear()  # a retry's round too: tests wait for its end
        return found

    def _run(self) -> None:
        while True:
            event_ids = self._next_events()
            for event_id in sorted(event_ids):
                with self.app.app_context():
                    try:
                        self._push_event(event_id)
                    except Exception:  # noqa: BLE001 - the pusher must outlive any one bad round
                        log.exception("TSH push for event %s failed", event_id)
                        db.session.rollback()
                    finally:
                        db.session.remove()

    def _push_event(self, event_id: int) -> None:
        event = db.session.get(Event, event_id)
        linked = db.session.query(Station).filter(Station.event_id == event_id, Station.tsh_url != "").all() \
            if event is not None else []
        title = game_catalogue.event_title(event) if linked else None
        failed = [station for station in linked if not self._push_station(event, station, title)]
        if failed:
            failures = self.retry.get(event_id, (0, 0))[1] + 1
            self.retry[event_id] = (time.monotonic() + _backoff(self.app, failures), failures)
        else:
            self.retry.pop(event_id, None)
        db.session.commit()

    def _push_station(self, event: Event, station: Station, title) -> bool:
        live = match_live.station_live(event, station, station.tsh_language or "ja")
        if live is None:
            return True
        key = (station.id, station.tsh_url)
        before = self.sent.get(key)
        try:
            for call in tsh_plan.plan(live, before, title):
                self._send(station.tsh_url, call)
        except httpx.HTTPError as problem:
            self.sent.pop(key, None)
            if tsh_link.note_failure(station, _reason(problem)):
                log.warning("TSH at %s unreachable: %s", station.tsh_url, problem)
            return False
        self.sent[key] = live
        tsh_link.note_success(station)
        return True

    def _send(self, base: str, call: tsh_plan.TshCall) -> None:
        if call.method == "GET":
            response = self.client.get(base + call.path, params=list(call.query))
        else:
            response = self.client.post(base + call.path, json=call.json())
        response.raise_for_status()


def _backoff(app: Flask, failures: int) -> float:
    """Doubling from the configured first wait, capped, with jitter."""
    first = float(app.config.get("TSH_RETRY_SECONDS") or 2.0)
    return min(MAX_BACKOFF, first * 2 ** (failures - 1)) * random.uniform(0.9, 1.1)


def _reason(problem: httpx.HTTPError) -> str:
    if isinstance(problem, httpx.HTTPStatusError):
        return f"HTTP {problem.response.status_code}"
    return type(problem).__name__
