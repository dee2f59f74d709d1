"""The waitlist's bookkeeping around freed places: a sign-up whose entrant is gone is no longer
entered, and when nobody can move up, the reason in words (signups.promote gives the places)."""
from ...extensions import db
from ...models import Event, Signup
from ...tournament.errors import N_
from ..entrants import entrant_edits


def settle(event: Event) -> None:
    """A sign-up whose entrant was removed (by the desk, or dropped as a no-show) is no longer entered."""
    here = {e.id for e in event.entrants}
    for signup in db.session.query(Signup).filter_by(event_id=event.id, status="entered"):
        if signup.entrant_id not in here:
            signup.status, signup.entrant_id = "removed", None


def why_nobody_moved_up(event: Event) -> str | None:
    """Why the first in line did not get a freed place (None when nobody waits or nothing stops them)."""
    someone_waits = db.session.query(Signup.id).filter_by(event_id=event.id, status="waiting").first()
    if someone_waits and entrant_edits.phase_started(event):
        return N_("The bracket has started: nobody on the waitlist can take a freed place now.")
    return None
