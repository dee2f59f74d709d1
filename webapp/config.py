"""Configuration read from the environment."""
import os
from datetime import timedelta


class Config:
    """Defaults; every value can be overridden by an environment variable."""

    SECRET_KEY = os.environ.get("SECRET_KEY")  # None → a random key kept in the instance folder
    SQLALCHEMY_DATABASE_URI = os.environ.get("DATABASE_URL")  # None → SQLite in instance/
    # A pooled connection is tested before use: after the database server restarts, a stale one is
    # replaced instead of answering 500 (issue 41).
    SQLALCHEMY_ENGINE_OPTIONS: dict = {"pool_pre_ping": True}
    BABEL_DEFAULT_LOCALE = "ja"
    BABEL_DEFAULT_TIMEZONE = os.environ.get("TAIKAI_TIMEZONE", "Asia/Tokyo")
    LANGUAGES = ("ja", "en")
    WTF_CSRF_TIME_LIMIT = None  # a staff phone stays on one page for hours
    SESSION_COOKIE_SAMESITE = "Lax"
    SESSION_COOKIE_HTTPONLY = True
    SESSION_COOKIE_SECURE = False  # Secure is added per request over https (webapp/web/security.py)
    PERMANENT_SESSION_LIFETIME = 60 * 60 * 16  # one tournament day
    # The remember cookie lasts one event day too (Flask-Login's default is 365 days).
    REMEMBER_COOKIE_DURATION = timedelta(hours=16)
    REMEMBER_COOKIE_HTTPONLY = True
    REMEMBER_COOKIE_SAMESITE = "Lax"
    POLL_SECONDS = 4
    # How often each process's day clock does what became due (reports confirmed by the event's
    # clock, no-show walkovers, a stream station's next call: webapp/operations/clock_loop.py, never
    # inside a request); 0 turns it off.
    CLOCK_SECONDS = float(os.environ.get("TAIKAI_CLOCK_SECONDS") or 5)
    # Rendered brackets/standings, keyed by version: shared by every worker of the machine
    # through a folder (CACHE_DIR, default fragments/ in the instance folder; a worker keeps
    # its recent ones in memory too), or by every worker and host through Redis when
    # REDIS_URL is set. A page is rendered once per version, not once per worker.
    # The folder is cachelib's, counting its files in memory (webapp/polling/folder_cache.py).
    CACHE_TYPE = "RedisCache" if os.environ.get("REDIS_URL") else "webapp.polling.folder_cache.FolderCache"
    CACHE_DIR = os.environ.get("TAIKAI_CACHE_DIR")
    CACHE_REDIS_URL = os.environ.get("REDIS_URL")
    CACHE_DEFAULT_TIMEOUT = 6 * 60 * 60
    CACHE_THRESHOLD = 20000  # entries kept in the folder (a big bracket is a few hundred blocks)
    CACHE_KEY_PREFIX = "taikai:"
    # How many reverse proxies in front set X-Forwarded-For and -Proto (0: trust none; 1 behind
    # Caddy or nginx). X-Forwarded-Host, -Port and -Prefix count only when named here as well
    # ("host,port,prefix"), for a proxy that sets them on every request (webapp/venue/proxies.py).
    TAIKAI_PROXIES = int(os.environ.get("TAIKAI_PROXIES") or 0)
    TAIKAI_FORWARDED_HEADERS = os.environ.get("TAIKAI_FORWARDED_HEADERS", "")
    # Where the site is, for its links: https://taikai.example.jp (scheme and host), or a path the
    # proxy serves it under (/taikai). Links on shared pages come from here, never from a request.
    TAIKAI_PUBLIC_URL = os.environ.get("TAIKAI_PUBLIC_URL", "")
    TAIKAI_SCRIPT_ROOT = os.environ.get("TAIKAI_SCRIPT_ROOT", "")
    TAIKAI_VENUE_DIR = os.environ.get("TAIKAI_VENUE_DIR")  # None → venue/ in the instance folder
    # Static files are sent as streams; gzip too, so a gzip-only browser gets htmx compressed.
    COMPRESS_ALGORITHM_STREAMING = ["zstd", "br", "gzip", "deflate"]
    COMPRESS_MIMETYPES = ["text/html", "text/css", "text/javascript", "application/javascript",
                          "application/json", "application/manifest+json", "text/csv"]


def database_url(instance_path: str) -> str:
    """The DATABASE_URL, or the default SQLite file in the instance folder."""
    url = os.environ.get("DATABASE_URL")
    if url:
        # psycopg 3 is the driver; accept the plain postgres:// forms too.
        for prefix in ("postgres://", "postgresql://"):
            if url.startswith(prefix):
                return "postgresql+psycopg://" + url[len(prefix):]
        return url
    return "sqlite:///" + os.path.join(instance_path, "taikai.sqlite3")


def instance_secret(instance_path: str) -> str:
    """A random secret made once and kept in the instance folder (sessions survive restarts)."""
    import secrets

    path = os.path.join(instance_path, "secret_key")
    try:
        with open(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600), "w") as handle:
            handle.write(secrets.token_hex(32))
    except FileExistsError:
        pass  # made before, or by another worker at the same moment
    with open(path) as handle:
        return handle.read().strip()
