"""The app as bench/sync.py serves it through gunicorn: database from BENCH_DATABASE_URL."""
import os

from webapp import create_app

app = create_app({"SQLALCHEMY_DATABASE_URI": os.environ["BENCH_DATABASE_URL"], "SECRET_KEY": "bench",
                  "WTF_CSRF_ENABLED": False})
