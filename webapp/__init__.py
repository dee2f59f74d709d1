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
    os.makedirs(app.instance_path, exist_ok=True)
    app.config["SQLALCHEMY_DATABASE_URI"] = database_url(app.instance_path)
    if test_config:
        app.config.update(test_config)
    if not app.config.get("SECRET_KEY"):
        app.config["SECRET_KEY"] = instance_secret(app.instance_path)
    from .database import RowIdConverter
    app.url_map.converters["int"] = RowIdConverter  # before any route is added
    _init_extensions(app)
    _register_blueprints(app)
    from .pollgate import init_poll_gate
    from .static_files import init_static_files
    init_static_files(app)
    init_poll_gate(app)
    from .throttle import init_throttle
    init_throttle(app)
    from . import cli, mirror
    from .venue import init_venue
    cli.init_app(app)
    init_venue(app)  # ProxyFix, `serve` / `venue serve`, the /venue pages
    mirror.init_app(app)
    return app


def _init_extensions(app: Flask) -> None:
    from htmx_flask import Htmx
    from .database import configure_sqlite
    from .i18n import select_locale, init_i18n
    from .auth import init_auth
    from .security import init_security
    from .views.errors import init_error_pages
    from .views.template_helpers import init_template_helpers
    from .versions import init_versions

    db.init_app(app)
    migrate.init_app(app, db, directory=os.path.join(os.path.dirname(__file__), "..", "migrations"),
                     render_as_batch=True, compare_type=True)
    babel.init_app(app, locale_selector=select_locale)
    csrf.init_app(app)
    compress.init_app(app)
    cache.init_app(app)
    init_versions()
    init_security(app)  # before the login manager: its cookie hook must run first
    login_manager.init_app(app)
    Htmx(app)
    init_i18n(app)
    init_auth(app)
    init_error_pages(app)
    init_template_helpers(app)
    with app.app_context():
        configure_sqlite(db.engine)


def _register_blueprints(app: Flask) -> None:
    from sync.api import bp as sync_bp
    from sync.api import shell_bp

    from .views import auth, conflicts, desk, desk_corrections, desk_plan, desk_stations, projector, public, staff

    for module in (public, auth, desk, desk_corrections, desk_plan, desk_stations, projector, staff, conflicts):
        app.register_blueprint(module.bp)
    app.register_blueprint(sync_bp)
    app.register_blueprint(shell_bp)
