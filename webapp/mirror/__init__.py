"""Mirroring an event from the venue laptop to a public taikai (docs/deploying.md, "Publishing to a public taikai")."""
import os

from flask import Flask, flash, redirect, request, url_for
from flask_babel import format_time

# Pages that change an event beside the entry pipeline (which checks one writer itself): every desk
# blueprint ("desk", "desk_…"), the conflicts queue, a player's page and the sign-up.
OTHER_WRITERS = ("conflicts", "player", "signup")
# The one desk change a mirrored copy takes: linking it to start.gg on this site's own page (the token is
# never mirrored), so this site reports the results the venue pushes; nothing of the event changes
# (services/ties/mirrored.py).
TAKEN_ON_A_COPY = ("desk_ties.link_event", "startgg")


def _writes_events(name: str) -> bool:
    return name == "desk" or name.startswith("desk_") or name in OTHER_WRITERS


def _refuse_desk_changes():
    """One writer per event: desk changes to an event run on another site are refused here."""
    if request.method != "POST" or (request.endpoint, (request.view_args or {}).get("service")) == TAKEN_ON_A_COPY:
        return None
    from .guard import refusal_for_view

    reason = refusal_for_view(request.view_args or {})
    if reason is None:
        return None
    flash(reason, "error")
    back = request.referrer or ""
    return redirect(back if back.startswith(request.host_url) else url_for("desk.home"))


def init_app(app: Flask) -> None:
    """Blueprints, `flask mirror`, the read-only notice, and the background pusher if asked."""
    from ..services.entries import access
    from . import cli, runner, views

    app.config.setdefault("MIRROR_CA_BUNDLE", os.environ.get("TAIKAI_MIRROR_CA_BUNDLE") or None)
    app.config.setdefault("MIRROR_PUSH", os.environ.get("TAIKAI_MIRROR_PUSH", "") == "1")
    app.register_blueprint(views.api)
    app.register_blueprint(views.desk)
    app.cli.add_command(cli.mirror_cli)
    app.jinja_env.globals.update(mirror_writer=access.writer_elsewhere,
                                 mirror_time=lambda when: format_time(when, "HH:mm:ss") if when else "")
    for name in filter(_writes_events, list(app.blueprints)):  # a phone's push never passes here
        app.before_request_funcs.setdefault(name, []).append(_refuse_desk_changes)
    if app.config["MIRROR_PUSH"] and not app.config.get("TESTING"):
        runner.start_thread(app)
