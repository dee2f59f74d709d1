"""The public site's side: mirror tokens for the desk, and batches pushed by a venue."""
import hashlib
import secrets
from datetime import datetime

from ..database import DB_INT_MAX, utcnow
from ..extensions import db
from ..models import Event, Operation
from ..services import ServiceError
from ..services.ties import pushed
from ..tournament.errors import N_
from . import state as mirror_state
from .models import ID_SPAN, MirrorLink

OP_COLUMNS = ("op_id", "device_id", "seq", "kind", "base_version", "payload", "device_time", "outcome",
              "code", "message", "params", "match_version")


class Refused(Exception):
    """A push the public site does not take; `code` tells the venue why (HTTP status beside)."""

    def __init__(self, code: str, status: int, **extra):
        super().__init__(code)
        self.code, self.status, self.extra = code, status, extra


def hash_token(token: str) -> str:
    """Tokens are stored as their sha256 (they are long and random, so no salt is needed)."""
    return hashlib.sha256(token.encode()).hexdigest()


def issue(slug: str, name: str) -> tuple[MirrorLink, str]:
    """A new link and its token, shown once to the desk."""
    slug = slug.strip().lower()
    if not slug or not all(c.isalnum() or c in "-_" for c in slug) or len(slug) > 80:
        raise ServiceError("mirror.slug", N_("The address may use letters, digits, - and _ only."))
    if db.session.query(Event.id).filter_by(slug=slug).first() or \
            db.session.query(MirrorLink.id).filter_by(slug=slug).first():
        raise ServiceError("mirror.slug_taken", N_("The address %(slug)s is already used."), slug=slug)
    token = "tkm_" + secrets.token_urlsafe(32)
    link = MirrorLink(slug=slug, name=name.strip()[:200] or slug, token_hash=hash_token(token))
    db.session.add(link)
    db.session.flush()
    return link, token


def set_status(link_id: int, status: str) -> MirrorLink:
    """Revoke a token, or promote the public copy to be the event's writer."""
    link = db.session.get(MirrorLink, link_id)
    if link is None:
        raise ServiceError("mirror.unknown", N_("This mirror link does not exist."))
    if link.status != "active":
        raise ServiceError("mirror.closed", N_("This mirror link is already closed."))
    link.status, link.changed_at = status, utcnow()
    return link


def link_for(token: str) -> MirrorLink:
    """The link a bearer token opens; refused when unknown, revoked or promoted."""
    link = db.session.query(MirrorLink).filter_by(token_hash=hash_token(token or "")).first()
    if link is None or link.status == "revoked":
        raise Refused("token", 401)
    if link.status == "promoted":
        raise Refused("promoted", 409, since=link.changed_at.isoformat() if link.changed_at else None)
    return link


def status(link: MirrorLink) -> dict:
    """How far this site has the event: the venue resumes from `seq`."""
    return {"seq": link.seq, "digest": link.digest, "ids": link.ids_digest or "", "status": link.status,
            "slug": link.slug, "push": link.push_seq}


def _is_repeat(link: MirrorLink, batch: dict) -> bool:
    """Pushes are numbered by the venue: an older one is refused, never applied (it would roll the
    public copy back); the last one again (its answer was lost) is answered and changes nothing."""
    number = batch.get("push")
    if not isinstance(number, int) or isinstance(number, bool) or not 0 < number <= DB_INT_MAX:
        raise Refused("malformed", 422)
    if number < link.push_seq:
        raise Refused("stale", 409, push=link.push_seq, seq=link.seq)
    return number == link.push_seq


def receive(link: MirrorLink, batch: dict) -> dict:
    """Take one batch (in one transaction): operations after `after`, then the state if sent."""
    if _is_repeat(link, batch):
        return status(link)
    link.push_seq = batch["push"]
    after = int(batch.get("after", 0))
    if after > link.seq:
        raise Refused("gap", 409, seq=link.seq)  # the venue thinks we have more than we do
    check_scope(link, batch)
    ops = [op for op in batch.get("ops") or [] if int(op["id"]) > link.seq]
    state = batch.get("state")
    if ops:  # first: the state's conflicts point at these operations
        _log(ops, link.id_base, int(batch["event_id"]) + link.id_base)
    link.seq = max([link.seq, int(batch.get("upto") or 0)] + [int(op["id"]) for op in ops])
    if state is not None:
        link.event_id = mirror_state.apply_state(state, link.id_base, link.slug)
        link.digest = mirror_state.digest(state, batch.get("startgg"))
        link.ids_digest = mirror_state.ids_digest(batch.get("startgg"))
        pushed.keep(link.event_id, batch.get("startgg"), lambda venue_id: venue_id + link.id_base)
    link.source = str(batch.get("source") or link.source)[:200]
    link.last_push_at = utcnow()
    db.session.commit()
    return status(link)


def _in_span(value) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 < value < ID_SPAN


def venue_event(link: MirrorLink) -> int | None:
    """The venue's id of the one event this link mirrors, once a batch has named it."""
    if link.event_id is not None:
        return link.event_id - link.id_base
    first = (db.session.query(Operation.event_id)
             .filter(Operation.event_id >= link.id_base, Operation.event_id < link.id_base + ID_SPAN)
             .limit(1).scalar())
    return None if first is None else first - link.id_base


def check_scope(link: MirrorLink, batch: dict) -> None:
    """A token writes one event, inside its own id range: refuse any batch that reaches further."""
    event_id = batch.get("event_id")
    if not _in_span(event_id):
        raise Refused("scope", 422)
    if venue_event(link) not in (None, event_id):
        raise Refused("other_event", 409)  # this token was used for another venue event first
    for op in batch.get("ops") or []:
        if not isinstance(op.get("id"), int) or op.get("match_id") is not None and not _in_span(op["match_id"]):
            raise Refused("scope", 422)
    state = batch.get("state")
    if batch.get("startgg") is not None and (state is None or not pushed.well_formed(batch["startgg"], _in_span)):
        raise Refused("scope", 422)  # start.gg's ids of the venue's rows, with the state they name
    if state is None:
        return
    kinds = dict(mirror_state.TABLES)
    if not isinstance(state, dict) or set(state) - set(kinds) or \
            [r.get("id") for r in state.get("event") or [] if isinstance(r, dict)] != [event_id]:
        raise Refused("scope", 422)
    for kind, records in state.items():
        for record in records if isinstance(records, list) else [None]:
            if not isinstance(record, dict) or not _in_span(record.get("id")) or \
                    not all(_in_span(i) for i in mirror_state.ids_in(kind, record)):
                raise Refused("scope", 422)
            if kind in ("phase", "entrant") and record.get("event_id") != event_id:
                raise Refused("scope", 422)


def _log(ops: list[dict], base: int, event_id: int) -> None:
    """The venue's decisions, as the venue made them (the public site does not decide again)."""
    known = {op_id for (op_id,) in db.session.query(Operation.op_id)
             .filter(Operation.op_id.in_([op["op_id"] for op in ops]))}
    rows = []
    for op in sorted(ops, key=lambda o: int(o["id"])):
        if op["op_id"] in known:
            continue  # already here (a phone's op_id is unique the world over)
        known.add(op["op_id"])
        row = {k: op.get(k) for k in OP_COLUMNS}
        row["match_id"] = op["match_id"] + base if isinstance(op.get("match_id"), int) else None
        row["event_id"] = event_id
        row["received_at"] = datetime.fromisoformat(op["received_at"]) if op.get("received_at") else utcnow()
        rows.append(row)
    if rows:
        db.session.execute(Operation.__table__.insert(), rows)
