"""taikai: offline-first fighting-game tournament operations."""
import os

from flask import Flask

from .config import Config, database_url, instance_secret
from .extensions import babel, cache, compress, csrf, db, login_manager, migrate


def create_app(test_config: dict | None = None) -> Flask:
    """Build the application: config, extensions, blueprints, CLI."""
    app = Flask(__name__, instance_relative_config=True,
                static_folder="../static", template_folder="../templates")
    app.config.from_object(Config)
    os.makedirs(app.instance_path, mode=0o700, exist_ok=True)  # the database, its secret key
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.instance_path)
    if test_config:
        app.config.update(test_config)
    from .web.shared_store import with_timeouts
    app.config["CACHE_REDIS_URL"] = with_timeouts(app.config.get("CACHE_REDIS_URL"))  # a hung Redis holds no page
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(app.instance_path)
    from .database import RowIdConverter
    app.url_map.converters["int"] = RowIdConverter  # before any route is added
    _init_extensions(app)
    _register_blueprints(app)
    _init_request_edges(app)
    from . import cli, mirror, operations, stream
    from .venue import init_venue
    operations.init_app(app)  # the services' hooks into the entry pipeline
    cli.init_app(app)
    init_venue(app)  # ProxyFix, `serve` / `venue serve`, the /venue pages
    mirror.init_app(app)
    stream.init_app(app)  # the stream scoreboard: TSH pushes after commits
    return app


def _init_request_edges(app: Flask) -> None:
    """The layers around the app: static files, the page and poll gates, the heap trim, sign-in throttle, limits."""
    from .operations.clock_loop import init_clock
    from .polling.heap import init_heap
    from .polling.pagegate import init_page_gate
    from .polling.pollgate import init_poll_gate
    from .web.get_layers import GetsApart
    from .web.limits import init_limits
    from .web.static_files import init_static_files
    from .web.throttle import init_throttle
    from .web.tie_sender import init_tie_sender

    app_itself = app.wsgi_app
    init_static_files(app)
    init_page_gate(app)  # inside the poll gate: a 304 is cheaper still
    init_poll_gate(app)
    app.wsgi_app = GetsApart(app.wsgi_app, app_itself)  # those three answer GETs only
    init_heap(app)
    init_throttle(app)
    init_limits(app)
    init_clock(app)  # what becomes due with time (reports, walkovers, stream calls): a loop of its own
    init_tie_sender(app)  # results reported back to start.gg and Challonge, by a loop of its own


def _init_database(app: Flask) -> None:
    from .database import configure_sqlite, immediate_writes

    db.init_app(app)
    immediate_writes(app)  # first among the request hooks: they read the signed-in person
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "..", "migrations"),
                     render_as_batch=True, compare_type=True)
    with app.app_context():
        configure_sqlite(db.engine)


def _init_cache(app: Flask) -> None:
    """The fragment cache; without a configured directory, in the instance folder."""
    if not app.config.get("CACHE_DIR"):
        app.config["CACHE_DIR"] = os.path.join(app.instance_path, "fragments")
    cache.init_app(app)


def _init_extensions(app: Flask) -> None:
    from htmx_flask import Htmx

    from .polling.versions import init_versions
    from .views.errors import init_error_pages
    from .views.template_helpers import init_template_helpers
    from .web.auth import init_auth
    from .web.form_tokens import init_form_tokens
    from .web.i18n import init_i18n, select_locale
    from .web.security import init_security

    _init_database(app)
    babel.init_app(app, locale_selector=select_locale)
    csrf.init_app(app)
    init_form_tokens(app)
    compress.init_app(app)
    _init_cache(app)
    init_versions()
    init_security(app)  # before the login manager: its cookie hook must run first
    login_manager.init_app(app)
    Htmx(app)
    init_i18n(app)
    init_auth(app)
    init_error_pages(app)
    init_template_helpers(app)


def _view_blueprints():
    """Every page's blueprint: each module under webapp/views/ that defines one as ``bp``."""
    import pkgutil
    from importlib import import_module

    from flask import Blueprint

    from . import views

    for info in pkgutil.walk_packages(views.__path__, f"{views.__name__}."):
        bp = getattr(import_module(info.name), "bp", None)
        if isinstance(bp, Blueprint):
            yield bp


def _register_blueprints(app: Flask) -> None:
    from sync import api, received  # noqa: F401  (their routes are on the blueprint)
    from sync.api import shell_bp
    from sync.players import bp as player_sync_bp
    from sync.push import bp as sync_bp

    from .api import init_api

    for bp in _view_blueprints():
        app.register_blueprint(bp)
    app.register_blueprint(sync_bp)
    app.register_blueprint(shell_bp)
    app.register_blueprint(player_sync_bp)
    init_api(app)
