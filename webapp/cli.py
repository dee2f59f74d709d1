"""`flask` commands: accounts, database, demo data, the operation log's export and replay."""
import click
from flask import Flask
from flask.cli import AppGroup

from .extensions import db
from .operations import export as oplog
from .tournament.event_plans import TEMPLATES


def init_app(app: Flask) -> None:
    """Register the commands."""
    app.cli.add_command(create_desk)
    app.cli.add_command(set_password)
    app.cli.add_command(demo)
    app.cli.add_command(create_event)
    app.cli.add_command(event_file)
    app.cli.add_command(oplog_cli)  # flask oplog export|replay


@click.command("create-desk")
@click.argument("username")
@click.password_option()
def create_desk(username: str, password: str) -> None:
    """Create a desk (本部) account."""
    from .services import ServiceError
    from .services.accounts import users as accounts

    try:
        accounts.create_user(username, password, role="desk")
        db.session.commit()
    except ServiceError as problem:
        raise click.ClickException(str(problem)) from problem
    click.echo(f"desk account {username} created")


@click.command("set-password")
@click.argument("username")
@click.password_option()
def set_password(username: str, password: str) -> None:
    """Give an account a new password (after a replay, accounts come without one)."""
    from .models import User
    from .services import ServiceError
    from .services.accounts import users as accounts

    user = db.session.query(User).filter_by(username=username).first()
    if user is None:
        raise click.ClickException(f"no account named {username}")
    try:
        accounts.check_new_password(username, password)
    except ServiceError as problem:
        raise click.ClickException(str(problem)) from problem
    user.set_password(password)
    db.session.commit()
    click.echo(f"password of {username} set")


@click.command("demo")
@click.option("--if-empty", is_flag=True, help="Load only when there are no events yet.")
def demo(if_empty: bool) -> None:
    """Load the demo events and print the desk sign-in."""
    from .models import Event
    from .services.setup.demo import STAFF_PIN, ensure_desk_account, load_demo

    if if_empty and db.session.query(Event.id).first():
        user, password = ensure_desk_account()
        db.session.commit()
    else:
        load_demo()
        user, password = ensure_desk_account()
    click.echo(f"desk sign-in: http://127.0.0.1:5000/login  user={user}  password={password}")
    click.echo(f"staff PIN for every demo event: {STAFF_PIN}")


@click.command("create-event")
@click.argument("args", nargs=-1)
@click.option("--spec", "spec_file", type=click.Path(exists=True, dir_okay=False),
              help="An event file (TOML, docs/event-files.md) to create the event from.")
@click.option("--preset", default="", help="A shipped preset's key (weekly_double_elimination, kgp2025, ...).")
@click.option("--name", default="", help="The new event's name (with --preset; a file's name otherwise).")
@click.option("--game", default="", help="The game's catalogue key (sf6, tekken8, ...); the template's by default.")
def create_event(args: tuple, spec_file: str | None, preset: str, name: str, game: str = "") -> None:
    """Create a whole event: `--spec FILE [ENTRANTS_CSV]`, `--preset KEY --name NAME [ENTRANTS_CSV]`,
    or `TEMPLATE NAME ENTRANTS_CSV` (a CSV in UTF-8 or Shift_JIS)."""
    from .services import ServiceError
    from .tournament.errors import RuleViolation

    try:
        event, count = (_from_file(spec_file, preset, name, game, args) if spec_file or preset
                        else _from_template(args, game))
        db.session.commit()
    except (ServiceError, RuleViolation) as problem:
        raise click.ClickException(str(problem)) from problem
    click.echo(f"created {event.name}: /e/{event.slug} with {count} entrants, {len(event.phases)} phases")


@click.command("event-file")
@click.argument("slug")
def event_file(slug: str) -> None:
    """Print an event's setup as an event file (TOML; no entrant, result, PIN or secret)."""
    from .models import Event
    from .services.setup import event_files
    event = db.session.query(Event).filter_by(slug=slug).first()
    if event is None:
        raise click.ClickException(f"no event at /e/{slug}")
    click.echo(event_files.to_toml(event_files.dump(event)), nl=False)


def _sheet(path: str | None, team_size: int) -> list[dict]:
    from .services.entrants import entrant_import
    from .services.entrants import entrant_lists as entrants
    if not path:
        return []
    with open(path, "rb") as handle:
        return entrant_import.sheet_rows(entrants.decode_csv(handle.read()), team_size)


def _from_file(spec_file, preset: str, name: str, game: str, args: tuple):
    """An event from an event file or a preset, and the entrants of an optional CSV."""
    from .services.setup import event_files
    if len(args) > 1 or (spec_file and preset):
        raise click.UsageError("give --spec FILE or --preset KEY, then at most one entrants CSV")
    if spec_file:
        with open(spec_file, encoding="utf-8") as handle:
            text = handle.read()
        spec = event_files.check(event_files.parse(text), text)
    else:
        spec = event_files.preset_spec(preset)
    changed = {k: v for k, v in (("name", name), ("game", game)) if v}
    spec = event_files.check({**spec, **changed}) if changed else spec
    rows = _sheet(args[0] if args else None, spec["team_size"])
    return event_files.create_event(spec, rows=rows), len(rows)


def _from_template(args: tuple, game: str):
    """The older form: TEMPLATE NAME ENTRANTS_CSV."""
    from .services.setup import event_templates, game_catalogue
    if len(args) != 3:
        raise click.UsageError("give TEMPLATE NAME ENTRANTS_CSV, or --spec FILE [ENTRANTS_CSV]")
    template, name, path = args
    if template not in TEMPLATES:
        raise click.BadParameter(f"{template!r} is not one of {', '.join(TEMPLATES.choices())}",
                                 param_hint="TEMPLATE")
    chosen = {"game": game_catalogue.valid_key(game)} if game else {}
    rows = _sheet(path, TEMPLATES[template].team_size)
    return event_templates.create_from_template(template, name, rows, **chosen), len(rows)


oplog_cli = AppGroup("oplog", help="Export or replay the operation log (JSON lines).")


@oplog_cli.command("export")
@click.argument("path")
def export_command(path: str) -> None:
    """Write the set-up and every operation to PATH (JSON lines)."""
    click.echo(f"exported {oplog.export(path)} operations to {path}")


@oplog_cli.command("replay")
@click.argument("path")
def replay_command(path: str) -> None:
    """Rebuild this (empty) database from an exported log."""
    click.echo(f"replayed {oplog.replay(path)} operations from {path}")
    # No password, one-time-code secret or staff PIN leaves in an export (operations/leave.py).
    click.echo("accounts have no password: give the desk one with `flask set-password NAME`; "
               "set each event's staff PIN again on its desk page")
