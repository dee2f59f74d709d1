"""The app as bench/sync.py serves it: database from BENCH_DATABASE_URL.

`python -m bench.bench_server PORT` runs it as `make serve` does (webapp/venue/server.py and
front.py: gunicorn's asyncio worker with the buffering front, its default settings) with no
access log; `bench.bench_server:app` is the same app for a plain gunicorn command.

`python -m bench.bench_server PORT gthread` runs the same app and settings under the server
`make serve` ran before the front (gunicorn's gthread workers, 2 × 4 threads, no front), so a
benchmark can interleave the two in one session and tell the front's cost from the machine's
load. With `--hello` either serves bench/hello.py's hello-world instead (bench/pages.py's yardstick).
"""
import os
import sys

from webapp.venue import server

app = None
if "BENCH_DATABASE_URL" in os.environ:
    from webapp import create_app

    app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ["BENCH_DATABASE_URL"], "SECRET_KEY": "bench",
                      "WTF_CSRF_ENABLED": False})


class PlainServer(server.TaikaiServer):
    """The WSGI app itself under gunicorn, without the buffering front (for comparison only)."""

    def load(self):
        return self.application


def hello_server(gthread: bool):
    """The server class for bench/hello.py's app: it has no database connections to renew after fork."""
    base = PlainServer if gthread else server.TaikaiServer

    class Hello(base):
        def load_config(self):
            for key, value in self.options.items():
                self.cfg.set(key, value)
    return Hello


def gthread_options(bind: str) -> dict:
    """The settings `make serve` had before the front: gthread workers, TAIKAI_THREADS each."""
    options = server.server_options(bind)
    for asyncio_only in ("worker_connections", "asgi_lifespan", "keepalive"):
        options.pop(asyncio_only)
    return {**options, "worker_class": "gthread", "threads": server._env_int("TAIKAI_THREADS", 4)}  # noqa: SLF001


def main(port: str, *flags: str) -> None:
    os.environ.setdefault("TAIKAI_ACCESS_LOG", "")
    bind = f"127.0.0.1:{port}"
    gthread = "gthread" in flags
    options = gthread_options(bind) if gthread else server.server_options(bind)
    if "--hello" in flags:
        from bench.hello import app as hello
        from webapp.web.limits import configured_limits

        hello.config.setdefault("BODY_LIMITS", configured_limits())  # the front looks each request's up
        hello_server(gthread)(hello, options).run()
    elif gthread:
        server.TaikaiServer = PlainServer  # run() builds its server from this name
        server.run(app, options)
    else:
        server.run(app, options)


if __name__ == "__main__":
    main(*sys.argv[1:])
