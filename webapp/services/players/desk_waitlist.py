"""The desk's hand on the waitlist: give a waiting sign-up a place now, past the cap, or take it off
the list. Both lock the event's row first, as every path that gives or frees a place does (signups)."""
from ...extensions import db
from ...models import Event, Signup
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from . import signups


def give_place(event: Event, signup_id: int, user=None) -> Signup:
    """The desk enters a waiting sign-up now, past the cap."""
    signups.lock_places(event)
    signup = _own(event, signup_id)
    if signup.status != "waiting":
        raise ServiceError("signup.not_waiting", N_("%(name)s is not on the waitlist."), name=signup.name)
    signups.enter_signup(event, signup, user)
    audit.record("signup.place_given", user, event.id, signup=signup.id, name=signup.name)
    return signup


def drop(event: Event, signup_id: int, user=None) -> Signup:
    """The desk takes a waiting sign-up off the list (their page says they are not entered)."""
    signups.lock_places(event)
    signup = _own(event, signup_id)
    if signup.status != "waiting":
        raise ServiceError("signup.not_waiting", N_("%(name)s is not on the waitlist."), name=signup.name)
    signup.status = "removed"
    audit.record("signup.dropped", user, event.id, signup=signup.id, name=signup.name)
    return signup


def _own(event: Event, signup_id: int) -> Signup:
    signup = db.session.get(Signup, signup_id)
    if signup is None or signup.event_id != event.id:
        raise ServiceError("signup.unknown", N_("There is no such sign-up."))
    return signup
