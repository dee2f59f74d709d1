"""A phone several people use: an entry goes out only under the person who made it.

The phone marks each queued entry with who entered it (`entered_by`, a user id). A batch
carrying someone else's entry is refused whole, so a sign-in by B never sends A's entries
as B; the desk may take A's entries from the phone instead, recorded under A with the desk
as receiver (Operation.received_by), so nothing A entered is lost. An entry queued by an
older version (no entered_by) is nobody's: the phone sends it under no one's session, and
the desk takes it as its own entry, with itself as receiver.
"""
from sqlalchemy import or_

from ...extensions import db
from ...models import Operation, User
from ...tournament.errors import N_
from .. import ServiceError
from .access import check_desk


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
