"""Mirroring an event from the venue laptop to a public taikai (see README, "Publishing")."""
import os

from flask import Flask
from flask_babel import format_time


def init_app(app: Flask) -> None:
    """Blueprints, `flask mirror`, the read-only notice, and the background pusher if asked."""
    from . import cli, guard, runner, views

    app.config.setdefault("MIRROR_CA_BUNDLE", os.environ.get("TAIKAI_MIRROR_CA_BUNDLE") or None)
    app.config.setdefault("MIRROR_PUSH", os.environ.get("TAIKAI_MIRROR_PUSH", "") == "1")
    app.register_blueprint(views.api)
    app.register_blueprint(views.desk)
    app.cli.add_command(cli.mirror_cli)
    app.jinja_env.globals.update(mirror_writer=guard.writer_elsewhere,
                                 mirror_time=lambda when: format_time(when, "HH:mm:ss") if when else "")
    if app.config["MIRROR_PUSH"] and not app.config.get("TESTING"):
        runner.start_thread(app)
