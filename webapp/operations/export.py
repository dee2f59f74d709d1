"""The operation log as JSON lines: export, and replay into an empty database.

Events, entrants, phases and brackets are made by the desk outside the log, so an
export starts with that set-up (brackets in their state when the phase started,
regenerated from the bracket's stored entrants and options), then every logged
operation in the order the server decided it. Replaying submits the operations
again through the same pipeline (submit.py), so brackets and standings come out the same.
`flask oplog export|replay` (webapp/cli.py) runs these; the desk's download of one event
(before it is deleted) is the same export limited to that event (event_scope.py). Only
what leave.py allows leaves: no password hash, TOTP secret, staff PIN or session value.
"""
import json
from datetime import date, datetime

import click
from sqlalchemy import Date, DateTime, text

from ..extensions import db
from ..models import BracketRow, Entrant, Event, MatchRow, Member, Operation, Phase, User
from ..services.entries.entry import Entry
from ..services.matches import bracket_rows, brackets
from ..tournament import bracket as bracket_engine
from ..tournament.formats import generate
from . import event_scope, leave
from .submit import submit_many

FORMAT = "taikai-oplog/1"
# Outcomes given without deciding anything: replayed as they were, not decided again.
KEPT_AS_IS = ("op.malformed", "server.error")
SETUP = (("event", Event), ("user", User), ("entrant", Entrant), ("member", Member), ("phase", Phase))
OP_FIELDS = ("op_id", "device_id", "seq", "kind", "event_id", "match_id", "base_version", "payload", "device_time",
             "received_at")


def as_record(row) -> dict:
    """A row as a JSON-ready record: each column by name, dates and times in ISO form.
    Every column, credentials too: what leaves goes through leave.py's allow-list."""
    out = {}
    for column in row.__table__.columns:
        value = getattr(row, column.key)
        out[column.key] = value.isoformat() if isinstance(value, (date, datetime)) else value
    return out


def from_record(model, data: dict):
    """The row a record (as_record) describes, not added to the session."""
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
    players = [bracket_engine.Entrant(id=e["id"], seed=e["seed"], tier=e.get("tier", 0)) for e in row.entrants]
    fresh = generate(row.format, players, **row.options)
    ids = {m.key: m for m in row.matches}
    if set(fresh.matches) != set(ids):
        raise click.ClickException(f"bracket {row.id}: its start cannot be reproduced")
    out = []
    for key, match in fresh.matches.items():
        start = MatchRow(key=key, version=1, slots_version=1, actions=[])
        bracket_rows.copy_to_row(match, start)  # the one mapping of domain → row
        out.append(leave.allowed("match", {**as_record(start), "id": ids[key].id, "bracket_id": row.id,
                                           "station": ids[key].station, "updated_at": None}))
    return out


# Logged changes of an entrant's standing: the set-up gives the entrant as before the first one.
OUT_KINDS = {"disqualify": None, "withdraw": None, "undo_dq": "dq", "undo_withdraw": "withdrawn"}


def _first_standing_change() -> dict[int, str]:
    """entrant id -> the kind of the first logged DQ / withdrawal / undo naming them (applied)."""
    first: dict[int, str] = {}
    rows = (db.session.query(Operation.kind, Operation.payload).filter(Operation.kind.in_(OUT_KINDS),
            Operation.outcome == "applied").order_by(Operation.id))
    for kind, payload in rows:
        first.setdefault((payload or {}).get("entrant_id"), kind)
    return first


def _as_before_log(record: dict, first_kind: str | None) -> dict:
    """The entrant as they were before the log's first change of their standing (it replays the rest)."""
    if first_kind is None:
        return record
    was = OUT_KINDS[first_kind]  # what the entrant was when the log's first change came
    info = {k: v for k, v in (record.get("info") or {}).items() if k != "withdrawn"}
    if was == "withdrawn":
        info["withdrawn"] = True
    return {**record, "dq": was is not None, "info": info}


def _setup_record(kind: str, row, standing: dict[int, str]) -> dict:
    """A set-up row as it leaves: its allowed columns, as the log's first entry found it."""
    record = leave.of_row(kind, row)
    if kind == "entrant":
        record = _as_before_log(record, standing.get(row.id))
        if "day_dq" in (record.get("info") or {}):
            # Given by a logged penalty: the replay gives it again at the same point.
            record["info"] = {k: v for k, v in record["info"].items() if k != "day_dq"}
    if kind == "phase":
        record["status"] = "running" if row.brackets else "draft"
    return record


def export_records(event_id: int | None = None):
    """Yield the log's records: header, set-up, brackets as they started, then operations in
    decision order; of one event (its download, before it is deleted) or of all of them."""
    scope = event_scope.Scope(event_id)
    header = {"type": "header", "format": FORMAT}
    if event_id is not None:
        header["event"] = db.session.get(Event, event_id).slug
    yield header
    ops = scope.ops()
    standing = _first_standing_change()
    for kind, _model in SETUP:
        for row in scope.rows(kind, ops):
            yield {"type": kind, **_setup_record(kind, row, standing)}
    for row in scope.rows("bracket", ops):
        yield {"type": "bracket", **leave.of_row("bracket", row), "matches": initial_matches(row)}
    for op in ops:
        yield {"type": "op", **leave.allowed("op", op)}


def as_text(event_id: int | None = None) -> str:
    """The log (of one event, or of all) as one JSON-lines text."""
    return "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in export_records(event_id))


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
            db.session.add(from_record(models[record["type"]], leave.restored(record["type"], record)))
            db.session.flush()
        elif record["type"] == "bracket":
            db.session.add(from_record(BracketRow, record))
            db.session.add_all(from_record(MatchRow, m) for m in record["matches"])
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
    groups: list[tuple[int | None, list[Entry]]] = []
    for record in records:
        op = {k: record.get(k) for k in OP_FIELDS}
        op["received_at"] = datetime.fromisoformat(record["received_at"]) if record.get("received_at") else None
        if record.get("code") in KEPT_AS_IS:
            op["failure"] = (record["code"], record["message"], record.get("params") or {})
        entry = Entry.from_wire(op)
        if groups and groups[-1][0] == record.get("user_id"):
            groups[-1][1].append(entry)
        else:
            groups.append((record.get("user_id"), [entry]))
    for user_id, ops in groups:
        submit_many(ops, db.session.get(User, user_id) if user_id else None)


def snapshot() -> dict:
    """Every bracket's matches (slots, winner, status, play) and placements: what must match."""
    out = {}
    for row in db.session.query(BracketRow).order_by(BracketRow.id):
        matches = [(m.id, m.key, m.slot_a, m.slot_b, m.winner_id, m.loser_id, m.status, m.actions)
                   for m in sorted(row.matches, key=lambda m: m.id)]
        places = [(p.rank, p.entrant_id) for p in brackets.placements(row)]
        out[row.id] = {"matches": matches, "placements": places}
    return out
