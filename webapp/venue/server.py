"""gunicorn, started from the `flask` command: the public host (`serve`) and the venue laptop
(`venue serve`, over TLS) run the same code."""
import gc
import os

from flask import Flask
from gunicorn.app.base import BaseApplication
from sqlalchemy.orm import configure_mappers


def _env_int(name: str, default: int) -> int:
    value = os.environ.get(name, "").strip()
    return int(value) if value else default


def server_options(bind: str, certfile: str | None = None, keyfile: str | None = None) -> dict:
    """gunicorn settings from the environment: TAIKAI_WORKERS, TAIKAI_THREADS, TAIKAI_TIMEOUT, …

    The asyncio worker holds every connection (TAIKAI_CONNECTIONS per worker) and reads each
    request whole before one of TAIKAI_THREADS threads runs the app (webapp/venue/front.py).
    """
    from .front import TaikaiWorker

    options = {
        "bind": bind,
        "workers": _env_int("TAIKAI_WORKERS", 2),
        "worker_class": TaikaiWorker,
        "threads": 1,  # the asyncio worker's own setting; the app's threads are the bridge's
        "worker_connections": _env_int("TAIKAI_CONNECTIONS", 4000),
        "asgi_lifespan": "off",
        "timeout": _env_int("TAIKAI_TIMEOUT", 60),  # also how long one body chunk may be waited for
        "keepalive": _env_int("TAIKAI_KEEPALIVE", 5),
        # Request line, header count and header size: gunicorn answers 400/414/431 beyond them.
        "limit_request_line": _env_int("TAIKAI_MAX_REQUEST_LINE", 4094),
        "limit_request_fields": _env_int("TAIKAI_MAX_HEADERS", 60),
        "limit_request_field_size": _env_int("TAIKAI_MAX_HEADER_BYTES", 8190),
        "accesslog": os.environ.get("TAIKAI_ACCESS_LOG", "-") or None,  # empty: no access log
        # gunicorn itself trusts no X-Forwarded-*: the app's ProxyFix (TAIKAI_PROXIES) alone decides.
        "forwarded_allow_ips": "",
        "control_socket_disable": True,  # one fixed socket path would clash between servers on one machine
    }
    if certfile:
        options.update(certfile=certfile, keyfile=keyfile)
    return options


class TaikaiServer(BaseApplication):
    """The already-built Flask app under gunicorn (workers fork from it)."""

    def __init__(self, app: Flask, options: dict):
        self.application = app
        self.options = options
        super().__init__()

    def load_config(self):
        for key, value in self.options.items():
            self.cfg.set(key, value)
        self.cfg.set("post_fork", _fresh_connections(self.application))

    def load(self):
        from .front import BufferingBridge

        return BufferingBridge(self.application, _env_int("TAIKAI_THREADS", 4))


def _fresh_connections(app: Flask):
    """Each worker opens its own database connections (never share a pooled socket across fork)."""
    def post_fork(server, worker):
        from ..extensions import db

        with app.app_context():
            db.engine.dispose(close=False)
    return post_fork


# CPython collects its youngest objects every 700 new container objects: a sync batch makes that
# many and frees nearly all of them itself, so a collection ran after almost every batch, and each
# tenth promoted the survivors towards a full collection that walks the whole day's heap (a pause of
# a fifth of a second on a 2,048-player day). Every 10,000 instead: the same garbage is found, a
# few batches later, for a tenth of the collector's time (docs/benchmarks.md, bench/day.py).
COLLECTOR_THRESHOLDS = (10_000, 10, 10)


def run(app: Flask, options: dict) -> None:
    """Serve until stopped (Ctrl-C or SIGTERM)."""
    from ..extensions import db

    with app.app_context():
        db.engine.dispose()  # the migrations' connections stay with the parent
    # What start-up built (the app, its libraries, compiled templates) lives as long as the
    # server: frozen, the collector no longer walks it in every full collection (a pause a sync
    # batch felt each time), and forked workers keep sharing its pages.
    configure_mappers()  # once here, not on each worker's first request
    gc.collect()
    gc.freeze()
    gc.set_threshold(*COLLECTOR_THRESHOLDS)
    TaikaiServer(app, options).run()
