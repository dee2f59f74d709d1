"""Pushing in the background: every linked event, again and again, backing off while offline."""
import logging
import os
import random
import threading

from flask import Flask

from ..extensions import db
from . import pusher
from .models import MirrorTarget

log = logging.getLogger(__name__)
INTERVAL = 2.0     # seconds between pushes while connected
MAX_BACKOFF = 60.0


def backoff(failures: int) -> float:
    """Exponential, capped, with jitter so many venues do not retry in step."""
    return min(MAX_BACKOFF, INTERVAL * 2 ** failures) * random.uniform(0.8, 1.2)


def _client(clients: dict, target: MirrorTarget):
    """One kept client (its connections reused) per public site and token."""
    key = (target.url, target.token)
    if key not in clients:
        clients[key] = pusher.client_for(target)
    return clients[key]


def push_all(failures: dict, clients: dict | None = None) -> float:
    """One round over the linked events; returns how long to wait before the next."""
    wait, clients = INTERVAL, clients if clients is not None else {}
    for target in db.session.query(MirrorTarget).filter(MirrorTarget.status != "promoted").all():
        result = pusher.push(target, client=_client(clients, target))
        failures[target.id] = 0 if result.status == "ok" else failures.get(target.id, 0) + 1
        wait = max(wait, backoff(failures[target.id]) if failures[target.id] else INTERVAL)
    return wait


def run(app: Flask, stop: threading.Event) -> None:
    """Push until stopped; a failure never ends the loop."""
    failures: dict = {}
    clients: dict = {}
    parent = int(os.environ.get("TAIKAI_MIRROR_PARENT") or 0)  # started by `venue serve`: end with it
    while not stop.is_set() and (not parent or os.getppid() == parent):
        with app.app_context():
            try:
                wait = push_all(failures, clients)
            except Exception:  # noqa: BLE001 - the pusher must outlive any one bad round
                log.exception("mirror push round failed")
                db.session.rollback()
                wait = MAX_BACKOFF
            finally:
                db.session.remove()
        stop.wait(wait)


def start_thread(app: Flask) -> threading.Event:
    """Start the pusher as a daemon thread (the server starts it when TAIKAI_MIRROR_PUSH=1)."""
    stop = threading.Event()
    threading.Thread(target=run, args=(app, stop), name="taikai-mirror", daemon=True).start()
    return stop
