"""The app as bench/sync.py serves it: database from BENCH_DATABASE_URL.

`python -m bench.bench_server PORT` runs it as `make serve` does (webapp/venue/server.py:
gunicorn, gthread workers, its default settings) with no access log; `bench.bench_server:app`
is the same app for a plain gunicorn command.
"""
import os
import sys

from webapp import create_app

app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ["BENCH_DATABASE_URL"], "SECRET_KEY": "bench",
                  "WTF_CSRF_ENABLED": False})

if __name__ == "__main__":
    from webapp.venue import server

    os.environ.setdefault("TAIKAI_ACCESS_LOG", "")
    server.run(app, server.server_options(f"127.0.0.1:{sys.argv[1]}"))
