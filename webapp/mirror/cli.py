"""`flask mirror status|push|run|issue`."""
import threading

import click
from flask import current_app
from flask.cli import AppGroup

from ..extensions import db
from ..models import Event
from . import pusher, receiver, runner
from .models import MirrorLink, MirrorTarget

mirror_cli = AppGroup("mirror", help="Publish events on a public taikai (venue) or receive them (public).")


@mirror_cli.command("status")
def status_command() -> None:
    """Where each event is pushed, how far, and what waits; mirror links received here."""
    for target in db.session.query(MirrorTarget).order_by(MirrorTarget.id):
        event = db.session.get(Event, target.event_id)
        last = target.last_push_at.isoformat(timespec="seconds") if target.last_push_at else "never"
        click.echo(f"push {event.slug} -> {target.url}: {target.status} {target.message} "
                   f"last pushed {last}, {pusher.waiting(target)} operations waiting")
    for link in db.session.query(MirrorLink).order_by(MirrorLink.id):
        click.echo(f"receive /e/{link.slug}: {link.status}, has the venue's operations up to {link.seq}")


@mirror_cli.command("push")
def push_command() -> None:
    """Push every linked event once; exits non-zero when one could not be pushed."""
    failed = False
    for target in db.session.query(MirrorTarget).filter(MirrorTarget.status != "promoted"):
        result = pusher.push(target)
        click.echo(f"{target.url}: {result.status} {result.message}, {result.sent} operations sent")
        failed |= result.status != "ok"
    if failed:
        raise click.exceptions.Exit(1)


@mirror_cli.command("run")
def run_command() -> None:
    """Push for ever (timeouts, exponential backoff while the link is down)."""
    runner.run(current_app._get_current_object(), threading.Event())


@mirror_cli.command("link")
@click.argument("event_slug")
@click.argument("url")
@click.argument("token")
def link_command(event_slug: str, url: str, token: str) -> None:
    """Venue: push EVENT_SLUG to the public site at URL with its mirror TOKEN."""
    event = db.session.query(Event).filter_by(slug=event_slug).first()
    if event is None:
        raise click.ClickException(f"no event {event_slug}")
    pusher.link_event(event.id, url, token)
    db.session.commit()
    click.echo(f"{event_slug} will be pushed to {url}")


@mirror_cli.command("issue")
@click.argument("slug")
@click.argument("name")
def issue_command(slug: str, name: str) -> None:
    """Public site: issue a mirror token for an event to be shown at /e/SLUG."""
    link, token = receiver.issue(slug, name)
    db.session.commit()
    click.echo(token)
