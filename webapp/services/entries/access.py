"""Who may change what: the role and event checks every operation passes, in the service layer.

Views check too (for a page's 403), but an operation can also arrive through /sync/ops,
so the rule lives here, where both paths meet.
"""
from ...tournament.errors import N_
from .. import ServiceError


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
