"""The operation log as JSON lines: export, and replay into an empty database.

Events, entrants, phases and brackets are made by the desk outside the log, so an
export starts with that set-up (brackets in their state when the phase started,
regenerated from the bracket's stored entrants and options), then every logged
operation in the order the server decided it. Replaying submits the operations
again through the same service, so brackets and standings come out the same.
"""
import json
from datetime import date, datetime

import click
from flask import Flask
from flask.cli import AppGroup
from sqlalchemy import Date, DateTime, text

from .extensions import db
from .models import BracketRow, Entrant, Event, MatchRow, Member, Operation, Phase, User
from .services import brackets, operations
from .tournament import bracket as engine
from .tournament.formats import generate

FORMAT = "taikai-oplog/1"
# Outcomes given without deciding anything: replayed as they were, not decided again.
KEPT_AS_IS = ("op.malformed", "server.error")
SETUP = (("event", Event), ("user", User), ("entrant", Entrant), ("member", Member), ("phase", Phase))
OP_FIELDS = ("op_id", "device_id", "seq", "kind", "match_id", "base_version", "payload", "device_time",
             "received_at")

oplog_cli = AppGroup("oplog", help="Export or replay the operation log (JSON lines).")


def _to_json(row) -> dict:
    out = {}
    for column in row.__table__.columns:
        value = getattr(row, column.key)
        out[column.key] = value.isoformat() if isinstance(value, (date, datetime)) else value
    return out


def _from_json(model, data: dict):
    values = {}
    for column in model.__table__.columns:
        if column.key not in data:
            continue
        value = data[column.key]
        if value is not None and isinstance(column.type, DateTime):
            value = datetime.fromisoformat(value)
        elif value is not None and isinstance(column.type, Date):
            value = date.fromisoformat(value)
        values[column.key] = value
    return model(**values)


def initial_matches(row: BracketRow) -> list[dict]:
    """The bracket's matches as they were when its phase started (rows keep their ids)."""
    players = [engine.Entrant(id=e["id"], seed=e["seed"], tier=e.get("tier", 0)) for e in row.entrants]
    fresh = generate(row.format, players, **row.options)
    ids = {m.key: m for m in row.matches}
    if set(fresh.matches) != set(ids):
        raise click.ClickException(f"bracket {row.id}: its start cannot be reproduced")
    out = []
    for key, match in fresh.matches.items():
        start = MatchRow(key=key, version=1, slots_version=1, actions=[])
        brackets._copy_to_row(match, start)  # noqa: SLF001 - the one mapping of domain → row
        out.append({**_to_json(start), "id": ids[key].id, "bracket_id": row.id,
                    "station": ids[key].station, "updated_at": None})
    return out


def export_records():
    """Yield the log's records: header, set-up, then operations in decision order."""
    yield {"type": "header", "format": FORMAT}
    for kind, model in SETUP:
        for row in db.session.query(model).order_by(model.id):
            record = _to_json(row)
            if kind == "phase":
                record["status"] = "running" if row.brackets else "draft"
            if kind == "entrant" and "day_dq" in (record.get("info") or {}):
                # Given by a logged penalty: the replay gives it again at the same point.
                record["info"] = {k: v for k, v in record["info"].items() if k != "day_dq"}
            yield {"type": kind, **record}
    for row in db.session.query(BracketRow).order_by(BracketRow.id):
        yield {"type": "bracket", **_to_json(row), "matches": initial_matches(row)}
    for row in db.session.query(Operation).order_by(Operation.id):
        yield {"type": "op", **_to_json(row)}


def export(path: str) -> int:
    """Write the log to a JSON lines file; returns the number of operations."""
    count = 0
    with open(path, "w", encoding="utf-8") as out:
        for record in export_records():
            out.write(json.dumps(record, ensure_ascii=False) + "\n")
            count += record["type"] == "op"
    return count


def replay(path: str, batch: int = 200) -> int:
    """Rebuild an empty database from an exported log; returns the number of operations."""
    if db.session.query(Event.id).first() or db.session.query(Operation.id).first():
        raise click.ClickException("replay needs an empty database")
    with open(path, encoding="utf-8") as source:
        records = [json.loads(line) for line in source if line.strip()]
    if not records or records[0].get("format") != FORMAT:
        raise click.ClickException("not a taikai operation log")
    _restore_setup(records)
    ops = [r for r in records if r["type"] == "op"]
    for start in range(0, len(ops), batch):
        _replay_ops(ops[start:start + batch])
    return len(ops)


def _restore_setup(records: list[dict]) -> None:
    models = dict(SETUP)
    for record in records:
        if record["type"] in models:
            db.session.add(_from_json(models[record["type"]], record))
            db.session.flush()
        elif record["type"] == "bracket":
            db.session.add(_from_json(BracketRow, record))
            db.session.add_all(_from_json(MatchRow, m) for m in record["matches"])
            db.session.flush()
    _fix_sequences()
    db.session.commit()


def _fix_sequences() -> None:
    """Rows came with their ids: PostgreSQL's sequences must move past them."""
    if db.session.get_bind().dialect.name != "postgresql":
        return
    for model in (Event, User, Entrant, Member, Phase, BracketRow, MatchRow):
        table = model.__tablename__
        db.session.execute(text(f"SELECT setval(pg_get_serial_sequence('\"{table}\"', 'id'), "
                                f"COALESCE((SELECT MAX(id) FROM \"{table}\"), 1))"))


def _replay_ops(records: list[dict]) -> None:
    # One batch per author: submit_many applies a batch as one person.
    groups: list[tuple[int | None, list[dict]]] = []
    for record in records:
        op = {k: record.get(k) for k in OP_FIELDS}
        op["received_at"] = datetime.fromisoformat(record["received_at"]) if record.get("received_at") else None
        if record.get("code") in KEPT_AS_IS:
            op["failure"] = (record["code"], record["message"], record.get("params") or {})
        if groups and groups[-1][0] == record.get("user_id"):
            groups[-1][1].append(op)
        else:
            groups.append((record.get("user_id"), [op]))
    for user_id, ops in groups:
        operations.submit_many(ops, db.session.get(User, user_id) if user_id else None)


def snapshot() -> dict:
    """Every bracket's matches (slots, winner, status, play) and placements: what must match."""
    out = {}
    for row in db.session.query(BracketRow).order_by(BracketRow.id):
        matches = [(m.id, m.key, m.slot_a, m.slot_b, m.winner_id, m.loser_id, m.status, m.actions)
                   for m in sorted(row.matches, key=lambda m: m.id)]
        places = [(p.rank, p.entrant_id) for p in brackets.placements(row)]
        out[row.id] = {"matches": matches, "placements": places}
    return out


@oplog_cli.command("export")
@click.argument("path")
def export_command(path: str) -> None:
    """Write the set-up and every operation to PATH (JSON lines)."""
    click.echo(f"exported {export(path)} operations to {path}")


@oplog_cli.command("replay")
@click.argument("path")
def replay_command(path: str) -> None:
    """Rebuild this (empty) database from an exported log."""
    click.echo(f"replayed {replay(path)} operations from {path}")


def init_app(app: Flask) -> None:
    """Register `flask oplog export|replay`."""
    app.cli.add_command(oplog_cli)
