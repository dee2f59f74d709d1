"""An event's rows as one JSON document (venue), and that document applied to a mirror (public).

The public copy does not decide entries again: it takes the venue's rows, so its
brackets, standings and match pages are the venue's. Ids are shifted by the link's
base; the few JSON fields that hold ids are shifted too (RESHIFT below).
"""
import hashlib
import json
from datetime import datetime, timezone

from ..extensions import db
from ..models import BracketRow, Conflict, Entrant, Event, MatchRow, Member, Operation, Phase
from ..operations import leave
from ..operations.export import as_record, from_record

# Parents before children: inserted in this order, deleted in the reverse.
TABLES = (("event", Event), ("phase", Phase), ("entrant", Entrant), ("member", Member),
          ("bracket", BracketRow), ("match", MatchRow), ("conflict", Conflict))
ID_COLUMNS = {"id", "event_id", "phase_id", "entrant_id", "bracket_id", "match_id", "slot_a", "slot_b",
              "winner_id", "loser_id"}
USER_COLUMNS = {"user_id", "resolved_by"}  # the venue's accounts are not the public site's
# Copied: what leaves (operations/leave.py's allow-list), less each site's own counters: page
# version numbers (the public site bumps its own when the copied rows change, so its ETags stay
# honest) and the match's clock. The staff PIN and every credential stay at the venue.
ACTION_IDS = ("member_id",)
ACTION_ID_LISTS = ("absent_a", "absent_b")


def _rows(event_id: int) -> dict[str, list]:
    phases = db.session.query(Phase).filter_by(event_id=event_id).order_by(Phase.id).all()
    entrants = db.session.query(Entrant).filter_by(event_id=event_id).order_by(Entrant.id).all()
    members = (db.session.query(Member).join(Entrant).filter(Entrant.event_id == event_id)
               .order_by(Member.id).all())
    brackets = (db.session.query(BracketRow).join(Phase).filter(Phase.event_id == event_id)
                .order_by(BracketRow.id).all())
    matches = (db.session.query(MatchRow).join(BracketRow).join(Phase).filter(Phase.event_id == event_id)
               .order_by(MatchRow.id).all())
    conflicts = (db.session.query(Conflict).join(MatchRow).join(BracketRow).join(Phase)
                 .filter(Phase.event_id == event_id).order_by(Conflict.id).all())
    return {"event": [db.session.get(Event, event_id)], "phase": phases, "entrant": entrants,
            "member": members, "bracket": brackets, "match": matches, "conflict": conflicts}


def export_state(event_id: int) -> dict:
    """Every row of the event (its conflicts carry their operation's op_id)."""
    out = {}
    for kind, rows in _rows(event_id).items():
        records = []
        for row in rows:
            allowed = leave.mirrored(kind)
            record = leave.without_private_keys(kind, {k: v for k, v in _record(row).items() if k in allowed})
            if kind == "conflict":
                record["op_id"] = db.session.get(Operation, row.operation_id).op_id
            records.append(record)
        out[kind] = records
    return out


def _record(row) -> dict:
    """The row as JSON; times in UTC whatever the database gave back (SQLite forgets the zone)."""
    out = as_record(row)
    for column in row.__table__.columns:
        value = getattr(row, column.key)
        if isinstance(value, datetime):
            value = value.replace(tzinfo=timezone.utc) if value.tzinfo is None else value.astimezone(timezone.utc)
            out[column.key] = value.isoformat()
    return out


def digest(state: dict, startgg: dict | None = None) -> str:
    """A fingerprint of the state, with the start.gg ids pushed with it (services/ties/pushed.py) when there
    are any: the site answers it as ``digest`` as every version did (a site or venue without ids: the
    state's alone). The ids are fingerprinted apart too (``ids_digest``), so that a venue and a site of
    different versions each know the other has the state (``has_state``) and push it once."""
    both = state if startgg is None else {"state": state, "startgg": startgg}
    return hashlib.sha256(json.dumps(both, sort_keys=True, default=str).encode()).hexdigest()


def ids_digest(startgg: dict | None) -> str:
    """A fingerprint of the start.gg ids alone; "" for none (an older push, or a venue without a link)."""
    if startgg is None:
        return ""
    return hashlib.sha256(json.dumps(startgg, sort_keys=True, default=str).encode()).hexdigest()


def has_state(held: str, state: dict, startgg: dict | None) -> bool:
    """Whether a site's ``digest`` is of this state: its own (a site that keeps no ids, or had none pushed)
    or with these ids (a site that fingerprints them together)."""
    return held in (digest(state), digest(state, startgg))


def _map_ids(kind: str, record: dict, move) -> dict:
    """The record with `move` applied to every row id it holds (columns and the JSON that names rows)."""
    out = {k: (move(v) if k in ID_COLUMNS and isinstance(v, int) else v) for k, v in record.items()}
    if kind == "bracket":
        out["entrants"] = [{**e, "id": move(e["id"])} if isinstance(e, dict) and isinstance(e.get("id"), int) else e
                           for e in out.get("entrants") or []]
    elif kind == "match":
        out["actions"] = [_move_action(a, move) if isinstance(a, dict) else a for a in out.get("actions") or []]
    elif kind == "entrant" and isinstance((out.get("info") or {}).get("day_dq"), dict):
        out["info"] = {**out["info"], "day_dq": _move_day_dq(out["info"]["day_dq"], move)}
    elif kind == "phase":
        out["entrant_override"] = _move_ids(out.get("entrant_override"), move)
        if isinstance(out.get("draw"), dict):
            out["draw"] = {**out["draw"], "inputs": _move_ids(out["draw"].get("inputs"), move),
                           "result": _move_ids(out["draw"].get("result"), move)}
    return out


def _move_action(action: dict, move) -> dict:
    out = dict(action)
    for key in ACTION_IDS:
        if isinstance(out.get(key), int):
            out[key] = move(out[key])
    for key in ACTION_ID_LISTS:
        if key in out:
            out[key] = _move_ids(out[key], move)
    return out


def _move_day_dq(day_dq: dict, move) -> dict:
    """A day DQ is keyed by its member's id and names its match and the matches under way then."""
    out = {}
    for key, dq in day_dq.items():
        if isinstance(dq, dict):
            dq = dict(dq)
            if isinstance(dq.get("match_id"), int):
                dq["match_id"] = move(dq["match_id"])
            if "exempt" in dq:
                dq["exempt"] = _move_ids(dq["exempt"], move)
        out[str(move(int(key))) if str(key).isdigit() else key] = dq
    return out


def _move_ids(values, move):
    return [move(i) if isinstance(i, int) else i for i in values] if isinstance(values, list) else values


def shift(kind: str, record: dict, base: int) -> dict:
    """The venue's record with every id moved into the link's range."""
    out = _map_ids(kind, record, lambda i: i + base)
    for key in USER_COLUMNS & out.keys():
        out[key] = None
    return out


def ids_in(kind: str, record: dict) -> list:
    """Every row id the record holds (what `shift` moves), and any id column that is not a number."""
    found = [record[k] for k in ID_COLUMNS & record.keys() if record[k] is not None and not isinstance(record[k], int)]
    _map_ids(kind, record, lambda i: found.append(i) or i)
    return found


def apply_state(state: dict, base: int, slug: str) -> int:
    """Make the public copy's rows the venue's (shifted, at this site's address); returns its event id."""
    incoming = {kind: [_mirrored_columns(kind, model, shift(kind, r, base)) for r in state.get(kind, [])]
                for kind, model in TABLES}
    event_row = incoming["event"][0]
    event_row["slug"] = slug
    ops = {r["op_id"] for r in incoming["conflict"]}
    op_ids = dict(db.session.query(Operation.op_id, Operation.id).filter(Operation.op_id.in_(ops))) if ops else {}
    for record in incoming["conflict"]:
        record["operation_id"] = op_ids.get(record.pop("op_id"))
    incoming["conflict"] = [r for r in incoming["conflict"] if r["operation_id"]]
    existing = {kind: {row.id: row for row in rows} for kind, rows in _rows(event_row["id"]).items()
                if rows and rows[0] is not None} if db.session.get(Event, event_row["id"]) else {}
    for kind, model in TABLES:
        _upsert(model, incoming[kind], existing.get(kind, {}))
        db.session.flush()
    for kind, _model in reversed(TABLES):
        keep = {r["id"] for r in incoming[kind]}
        for row_id, row in existing.get(kind, {}).items():
            if row_id not in keep:
                db.session.delete(row)
        db.session.flush()
    return event_row["id"]


def _mirrored_columns(kind: str, model, record: dict) -> dict:
    """Only the columns a mirror copies: never a credential (the staff PIN) nor anything unknown."""
    allowed = leave.mirrored(kind) & {c.key for c in model.__table__.columns}
    if kind == "conflict":
        allowed.add("op_id")  # swapped for this site's operation id below
    return {k: v for k, v in record.items() if k in allowed}


def _upsert(model, records: list[dict], existing: dict) -> None:
    for record in records:
        row = existing.get(record["id"])
        if row is None:
            db.session.add(from_record(model, record))
            continue
        fresh = from_record(model, record)
        for column in model.__table__.columns:
            if column.key in record and getattr(row, column.key) != getattr(fresh, column.key):
                setattr(row, column.key, getattr(fresh, column.key))
