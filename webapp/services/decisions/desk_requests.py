"""A referee's request to the desk from a match (walkover, DQ, "call the judge"): an entry like any
other (made offline too, sent by the outbox, kept in the log), which changes nothing in the match
and waits on the desk's queue until the desk marks it done."""
from datetime import datetime, timezone

from marshmallow import EXCLUDE, Schema, ValidationError, fields, validate

from ...extensions import db
from ...models import MatchRow, Operation
from ...tournament.errors import N_, RuleViolation
from ..entries import access
from ..entries.entry import Outcome

KIND = "desk_request"
REQUESTS = {"walkover": N_("Walkover"), "dq": N_("Disqualification"), "judge": N_("Call the judge")}
NEEDS_SIDE = ("walkover", "dq")


class RequestSchema(Schema):
    """What the referee asks, for which side, and a note."""

    class Meta:
        unknown = EXCLUDE

    request = fields.String(required=True, validate=validate.OneOf(tuple(REQUESTS)))
    side = fields.String(load_default=None, allow_none=True, validate=validate.OneOf(("a", "b", "")))
    note = fields.String(load_default="", validate=validate.Length(max=200))


def send(op, match: MatchRow, user) -> Outcome:
    """Check the request and put it on the desk's queue (the match itself does not change)."""
    try:
        body = RequestSchema().load(op.payload)
    except ValidationError as problem:
        raise RuleViolation("request.kind", N_("Choose what to ask the desk: a walkover, a disqualification or "
                                               "the judge.")) from problem
    if body["request"] in NEEDS_SIDE and body["side"] not in ("a", "b"):
        raise RuleViolation("request.side", N_("A walkover or a disqualification names the side it is for."))
    return Outcome(op.op_id, "applied", "request.sent", N_("Sent to the desk, which will come to this match."),
                   match_version=match.version)


def open_requests() -> list[Operation]:
    """Requests the desk has not marked done, oldest first."""
    rows = (db.session.query(Operation).filter(Operation.kind == KIND, Operation.outcome == "applied")
            .order_by(Operation.id))
    return [r for r in rows if not (r.params or {}).get("done")]


def mark_done(request_id: int, user) -> Operation | None:
    """The desk dealt with it: it leaves the queue (kept in the log, with who and when)."""
    access.check_desk(user)
    row = db.session.get(Operation, request_id)
    if row is None or row.kind != KIND:
        return None
    row.params = {**(row.params or {}), "done": {"by": user.id, "at": datetime.now(timezone.utc).isoformat()}}
    db.session.commit()
    return row


def on_queue(names, title) -> list[dict]:
    """The open requests as the desk reads them: what, which match, whose side, who asked, when."""
    from ...models import User
    out = []
    for row in open_requests():
        match = db.session.get(MatchRow, row.match_id)
        if match is None:
            continue
        entrants = names(match.bracket.phase.event_id)
        sides = {s: entrants[i].name for s, i in (("a", match.slot_a), ("b", match.slot_b)) if i in entrants}
        payload, user = row.payload or {}, db.session.get(User, row.user_id) if row.user_id else None
        out.append({"id": row.id, "what": REQUESTS.get(payload.get("request"), ""), "match": match,
                    "title": title(match), "sides": sides, "side": sides.get(payload.get("side") or ""),
                    "note": payload.get("note", ""),
                    "author": (user.display_name or user.username) if user else "—", "at": row.received_at})
    return out
