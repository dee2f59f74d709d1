"""Who may make an entry, in the service layer: the checks every entry passes, whoever made it.

- The role and the event: a person signs in; desk entries are the desk's; staff signed in with an
  event's PIN enter for that event only. Views check too (for a page's 403), but an entry can also
  arrive through /sync/ops, so the rule lives here, where both paths meet.
- One writer per event: a mirrored copy, or a venue whose copy was promoted, takes no entries. The
  rule lives under the services, so the pipeline (operations/decide) checks it without importing the
  mirror; the mirror (webapp/mirror/guard) words the desk pages' refusal with it.
- A phone several people use: an entry goes out only under the person who made it. The phone marks
  each queued entry with who entered it (`entered_by`, a user id). A batch carrying someone else's
  entry is refused whole, so a sign-in by B never sends A's entries as B; the desk may take A's
  entries from the phone instead, recorded under A with the desk as receiver (Operation.received_by),
  so nothing A entered is lost. An entry queued by an older version (no entered_by) is nobody's: the
  phone sends it under no one's session, and the desk takes it as its own entry, with itself as receiver.
"""
import time

from sqlalchemy import or_

from ...extensions import db
from ...models import BracketRow, Entrant, MatchRow, MirrorLink, MirrorTarget, Operation, Phase, User
from ...tournament.errors import N_, RuleViolation
from .. import ServiceError

# The role and the event.


def check_signed_in(user) -> None:
    """A person must be signed in; None is the log's own replay, which decides nothing new."""
    if user is not None and not getattr(user, "is_authenticated", False):
        raise ServiceError("access.sign_in", N_("Sign in to make this entry."))


def check_desk(user) -> None:
    """Only the desk (or the log's replay) may make desk entries."""
    if user is not None and not getattr(user, "is_desk", False):
        raise ServiceError("op.desk_only", N_("Only the desk may make this entry."))


def may_enter(user, event_id: int) -> bool:
    """The desk may enter for every event; staff signed in with an event's PIN for that event only."""
    if user is None or getattr(user, "is_desk", False):
        return True
    return getattr(user, "event_id", None) in (None, event_id)


def check_event(user, event_id: int) -> None:
    """Refuse an entry for an event this person is not staff of."""
    if not may_enter(user, event_id):
        raise ServiceError("access.other_event", N_("You are staff for another event."))


# One writer per event.

_CACHE: dict = {"at": 0.0, "events": {}}
CACHE_SECONDS = 2.0  # other workers see a promotion this late at most


def forget_read_only_events() -> None:
    """Drop the cached list (after this process changed a link)."""
    _CACHE["at"] = 0.0


def read_only_events() -> dict[int, tuple[str, str]]:
    """{event id: (code, where the event is run)} for events this site must not write."""
    if time.monotonic() - _CACHE["at"] < CACHE_SECONDS:
        return _CACHE["events"]
    events = {}
    for event_id, source in db.session.query(MirrorLink.event_id, MirrorLink.source).filter(
            MirrorLink.status == "active", MirrorLink.event_id.isnot(None)):
        events[event_id] = ("mirror.read_only", source)
    for event_id, url in db.session.query(MirrorTarget.event_id, MirrorTarget.url).filter(
            MirrorTarget.status == "promoted"):
        events[event_id] = ("mirror.moved", url)
    _CACHE.update(at=time.monotonic(), events=events)
    return events


def writer_elsewhere(event_id: int) -> tuple[str, str] | None:
    """(code, where) when this event is run on another site, else None."""
    return read_only_events().get(event_id)


def event_of_match(match_id: int) -> int | None:
    return (db.session.query(Phase.event_id).join(BracketRow).join(MatchRow)
            .filter(MatchRow.id == match_id).scalar())


def _event_of(op) -> int | None:
    """The event an entry changes: its match's, else the entrant's it names."""
    if op.match_id is not None:
        return event_of_match(op.match_id)
    entrant_id = op.payload.get("entrant_id")
    if isinstance(entrant_id, int):
        return db.session.query(Entrant.event_id).filter_by(id=entrant_id).scalar()
    return op.event_id


def check_writer(op) -> None:
    """Refuse an entry (services/entries/entry.Entry) for an event whose writer is another site, naming that site."""
    if read_only_events():
        check_event_writer(_event_of(op))


def check_event_writer(event_id: int | None) -> None:
    """Refuse a change to this event when its writer is another site, naming that site."""
    elsewhere = read_only_events().get(event_id)
    if elsewhere is None:
        return
    code, where = elsewhere
    if code == "mirror.read_only":
        raise RuleViolation(code, N_("This event is run at the venue (%(where)s); this site only shows it. "
                                     "Make entries at the venue."), where=where or "?")
    raise RuleViolation(code, N_("This event is now run on the public site (%(where)s). Make entries there."),
                        where=where)


# A shared phone: the entry kept under the person who made it.


def _owner(raw):
    owner = raw.get("entered_by") if isinstance(raw, dict) else None
    return owner if isinstance(owner, int) and not isinstance(owner, bool) else None


def entered_by_other(raws: list, user_id: int) -> bool:
    """Whether a batch carries an entry someone other than this person entered."""
    return any(_owner(raw) not in (None, user_id) for raw in raws)


def person_for_desk(desk, raws: list) -> User:
    """The one person whose entries the desk takes from a shared phone (desk only, a known person)."""
    check_desk(desk)
    owners = {_owner(raw) for raw in raws}
    if len(owners) != 1:
        raise ServiceError("received.one_person", N_("Take the entries of one person at a time."))
    if owners == {None}:
        # Queued by an older version that did not record who: owned by nobody, the desk takes them as its own.
        return desk
    person = db.session.get(User, owners.pop())
    if person is None:
        raise ServiceError("received.unknown_person",
                           N_("The person who entered these entries is not known on this server."))
    return person


def outcomes_for(user, device_id: str, since_seq: int, limit: int = 1000) -> list[Operation]:
    """This device's entries whose outcomes this person may learn, by sequence number.

    Their own entries, and the entries this person (the desk) took for someone else from this
    phone: a held one decided later, or a conflict the desk decided, reaches the phone that
    holds it, whoever made it. Nobody else learns another person's entries.
    """
    return (db.session.query(Operation)
            .filter(Operation.device_id == device_id, Operation.seq >= since_seq,
                    or_(Operation.user_id == user.id, Operation.received_by == user.id))
            .order_by(Operation.seq).limit(limit).all())


def mark_received(op_ids: list[str], person: User, desk) -> None:
    """Note the desk as receiver of the entries it just sent for this person (not older ones)."""
    if op_ids:
        (db.session.query(Operation)
         .filter(Operation.op_id.in_(op_ids), Operation.user_id == person.id, Operation.received_by.is_(None))
         .update({Operation.received_by: desk.id}, synchronize_session=False))
    db.session.commit()
