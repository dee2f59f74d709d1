"""An entry and what became of it: one thing a phone, a form or the server asks to change, as the
pipeline reads it, and the Outcome the server made of it.

Built once at each edge and never read as a dict after that:
- ``Entry.from_wire``: what a phone's outbox sends (sync/schemas.py loaded its envelope). Phones
  in the field send two shapes: the online pages' forms keep their bookkeeping fields
  (``kind``, ``base_version``, ``csrf_token``) in the payload and send ``position`` as text;
  the offline pages send a number. Both are accepted and read the same way here, so nothing
  further down reconciles them.
- ``Entry.from_form``: a no-script form post (the same fields, typed by the browser as text).
- ``Entry.by_server``: the entries the server makes itself (auto-call, walkovers, DQs, simulate).
- ``Entry.from_log``: a logged entry read back (a held one decided again, an export replayed).
- ``Entry.from_kept``: an entry a player's report held until it was confirmed.

``position`` (the step of the match the phone put the entry at) and ``slots`` (the players an
offline phone saw sitting down) belong to the envelope; the payload keeps only the action's fields.
The log keeps them together (``logged_payload``), as phones have always sent them.

``Outcome`` is what the server made of one entry (applied, confirmed, held, conflict, rejected,
duplicate). The services answer it when they decide an entry (check-in, DQ, a station call, a
request to the desk); the pipeline (webapp/operations/log.py) logs it and reads it back.
Both live with the services (they read entries and answer outcomes) so the pipeline above imports
them, not the reverse, and no service imports the pipeline for them.
"""
import uuid
from dataclasses import dataclass, field, replace
from datetime import datetime

from marshmallow import ValidationError

# The online form's own fields, sent inside the payload by phones in the field: not the entry's.
FORM_NOISE = ("csrf_token", "kind", "base_version")
MAX_POSITION = 10_000


def position_of(value) -> int | None:
    """The step an entry names (a form sends it as text, a script as a number); None when it
    names none or something that is not a step (the payload then keeps it, and its schema refuses it)."""
    if type(value) is int:
        return value if 0 <= value <= MAX_POSITION else None
    if isinstance(value, str) and value.isdigit() and value.isascii():
        number = int(value)
        return number if number <= MAX_POSITION else None
    return None


def named_players(value) -> tuple[int, int] | None:
    """The players an offline phone named ({"a": id, "b": id}) as a pair, or None when it named none."""
    if value is None:
        return None
    ids = (value.get("a"), value.get("b")) if isinstance(value, dict) else (None, None)
    if not all(isinstance(i, int) and not isinstance(i, bool) and 0 < i < 2**31 for i in ids):
        raise ValidationError({"slots": ["name both players of the match as entrant ids"]})
    return ids


def read_payload(payload: dict) -> tuple[dict, int | None, object]:
    """(the action's fields, position, slots) from a payload as a phone or a form sends it."""
    if not isinstance(payload, dict):
        return {}, None, None
    fields = {k: v for k, v in payload.items() if k not in FORM_NOISE and k != "slots"}
    position = position_of(fields.get("position"))
    if position is not None or fields.get("position", "") in ("", None):
        fields.pop("position", None)  # an unreadable position stays for the kind's schema to refuse
    return fields, position, payload.get("slots")


@dataclass(frozen=True, slots=True)
class Entry:
    """One entry: who made it where, what it targets, at which step, and the action's fields."""

    op_id: str
    kind: str
    device_id: str = ""
    seq: int = 0
    match_id: int | None = None
    base_version: int | None = None
    position: int | None = None
    slots: object = None          # {"a": entrant id, "b": entrant id} as the phone named them, or None
    payload: dict = field(default_factory=dict)
    event_id: int | None = None   # logged with DQs and withdrawals: the mirror and the export find them by it
    received_at: datetime | None = None
    device_time: str = ""
    failure: tuple | None = None  # (code, message, params): refused before it was read (malformed, replayed)

    @classmethod
    def from_wire(cls, op: dict) -> "Entry":
        """An entry as sync/schemas.load_operation loaded it from a phone's outbox."""
        fields, position, slots = read_payload(op.get("payload") or {})
        match_id = op.get("match_id")
        return cls(op_id=op["op_id"], kind=op["kind"], device_id=op.get("device_id") or "", seq=op.get("seq") or 0,
                   match_id=match_id if type(match_id) is int else None, base_version=op.get("base_version"),
                   position=position, slots=slots, payload=fields, device_time=op.get("device_time") or "",
                   event_id=op.get("event_id"), received_at=op.get("received_at"), failure=op.get("failure"))

    @classmethod
    def from_form(cls, kind: str, fields: dict, device_id: str, match_id: int | None = None,
                  op_id: str = "") -> "Entry":
        """A no-script form post: its fields as the browser typed them (base_version among them);
        ``op_id`` the form's own when it carries one (a resent form is then answered once)."""
        base = fields.get("base_version")
        payload, position, slots = read_payload(fields)
        return cls(op_id=op_id or str(uuid.uuid4()), kind=kind, device_id=device_id, match_id=match_id,
                   base_version=int(base) if str(base).isdigit() else None,
                   position=position, slots=slots, payload=payload)

    @classmethod
    def by_server(cls, kind: str, device_id: str, match_id: int | None = None, payload: dict | None = None,
                  prefix: str = "", **envelope) -> "Entry":
        """An entry the server makes itself, with a fresh id (``prefix`` tells its maker in the log)."""
        return cls(op_id=f"{prefix}{uuid.uuid4()}", kind=kind, device_id=device_id, match_id=match_id,
                   payload=dict(payload or {}), **envelope)

    @classmethod
    def from_log(cls, row) -> "Entry":
        """A logged entry (an Operation row) as the entry it was."""
        payload, position, slots = read_payload(row.payload or {})
        return cls(op_id=row.op_id, kind=row.kind, device_id=row.device_id or "", seq=row.seq or 0,
                   match_id=row.match_id, base_version=row.base_version, position=position, slots=slots,
                   payload=payload, event_id=row.event_id, received_at=row.received_at,
                   device_time=row.device_time or "")

    @classmethod
    def from_kept(cls, kept: dict, device_id: str, match_id: int, base_version: int | None) -> "Entry":
        """An entry a player's report held until it was confirmed ({op_id, kind, payload}), as it was."""
        payload, position, slots = read_payload(kept.get("payload") or {})
        return cls(op_id=kept["op_id"], kind=kept["kind"], device_id=device_id, match_id=match_id,
                   base_version=base_version, position=position, slots=slots, payload=payload)

    @property
    def on_match(self) -> bool:
        return self.match_id is not None

    @property
    def logged_payload(self) -> dict:
        """The payload as the log keeps it: the action's fields with the step and the players named."""
        logged = dict(self.payload)
        if self.position is not None:
            logged["position"] = self.position
        if self.slots is not None:
            logged["slots"] = self.slots
        return logged

    def same_entry(self, other: "Entry") -> bool:
        """The same entry sent again (a replay), not another one under a reused id."""
        return (self.kind, self.match_id, self.logged_payload) == (other.kind, other.match_id, other.logged_payload)

    def with_event(self, event_id: int | None) -> "Entry":
        return self if event_id is None else replace(self, event_id=event_id)


@dataclass
class Outcome:
    """What the server made of one operation."""

    op_id: str
    outcome: str
    code: str | None = None
    message: str | None = None
    params: dict | None = None
    match_version: int | None = None
    resolution: str | None = None  # the desk's decision on a conflict this entry was part of
    lost: bool | None = None       # True when that decision did not keep this entry
    undone: dict | None = None     # a later void undid this applied entry: {code, message, params}

    def to_dict(self) -> dict:
        """The JSON form returned to the phone (message translated by the caller)."""
        return {"op_id": self.op_id, "outcome": self.outcome, "code": self.code,
                "message": self.message, "params": self.params or {},
                "match_version": self.match_version, "resolution": self.resolution, "lost": self.lost,
                "undone": self.undone}
