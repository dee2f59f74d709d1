"""`flask` commands: accounts, database, demo data."""
import click
from flask import Flask

from . import oplog
from .extensions import db


def init_app(app: Flask) -> None:
    """Register the commands."""
    app.cli.add_command(create_desk)
    app.cli.add_command(demo)
    app.cli.add_command(create_event)
    oplog.init_app(app)  # flask oplog export|replay


@click.command("create-desk")
@click.argument("username")
@click.password_option()
def create_desk(username: str, password: str) -> None:
    """Create a desk (本部) account."""
    from .services import ServiceError, accounts

    try:
        accounts.create_user(username, password, role="desk")
        db.session.commit()
    except ServiceError as problem:
        raise click.ClickException(str(problem)) from problem
    click.echo(f"desk account {username} created")


@click.command("demo")
@click.option("--if-empty", is_flag=True, help="Load only when there are no events yet.")
def demo(if_empty: bool) -> None:
    """Load the demo events and print the desk sign-in."""
    from .demo import STAFF_PIN, ensure_desk_account, load_demo
    from .models import Event

    if if_empty and db.session.query(Event.id).first():
        user, password = ensure_desk_account()
        db.session.commit()
    else:
        load_demo()
        user, password = ensure_desk_account()
    click.echo(f"desk sign-in: http://127.0.0.1:5000/login  user={user}  password={password}")
    click.echo(f"staff PIN for every demo event: {STAFF_PIN}")


@click.command("create-event")
@click.argument("template", type=click.Choice(["tekken7_hiza_5on5", "kgp2025"]))
@click.argument("name")
@click.argument("entrants_csv", type=click.Path(exists=True, dir_okay=False))
def create_event(template: str, name: str, entrants_csv: str) -> None:
    """Create a whole event from a template and a CSV of entrants (UTF-8 or Shift_JIS)."""
    from .services import ServiceError, entrants, event_templates
    from .tournament.errors import RuleViolation

    try:
        with open(entrants_csv, "rb") as handle:
            text = entrants.decode_csv(handle.read())
        rows = entrants.parse_rows(text, 5 if template == "tekken7_hiza_5on5" else 1)
        event = event_templates.create_from_template(template, name, rows)
        db.session.commit()
    except (ServiceError, RuleViolation) as problem:
        raise click.ClickException(str(problem)) from problem
    click.echo(f"created {event.name}: /e/{event.slug} with {len(rows)} entrants, "
               f"{len(event.phases)} phases")
