"""What a player's own page shows: my next match and its call, the no-show time left, my results,
my place on the waitlist, whether I have checked in."""
from dataclasses import dataclass, field
from datetime import datetime, timedelta

from ...database import as_utc, utcnow
from ...extensions import db
from ...models import Entrant, Event, MatchRow, PlayerLink, Signup
from ..day import stations
from . import finder as players


@dataclass
class Result:
    """One of my decided matches: against whom, won or lost (a walkover says so)."""

    match: MatchRow
    opponent: str
    won: bool
    walkover: bool


@dataclass
class MyPage:
    """Everything the player's page shows, decided here so the view only renders."""

    entrant: Entrant | None
    signup: Signup | None
    status: str                 # entered | waiting | withdrawn | removed (by the desk)
    waitlist_place: int | None = None
    view: players.PlayerView | None = None
    match: MatchRow | None = None
    state: str = "none"         # none | waiting | called | playing | out
    wait: int | None = None
    no_show_until: datetime | None = None
    no_show_left: int | None = None   # minutes left (rounded up) before a walkover may be given
    no_show_seconds: int | None = None  # the same in seconds: the page counts down from it
    results: list[Result] = field(default_factory=list)


def waitlist_place(signup: Signup) -> int | None:
    """1 for the first in line; None when not waiting."""
    if signup.status != "waiting":
        return None
    ahead = db.session.query(Signup.id).filter(Signup.event_id == signup.event_id, Signup.status == "waiting",
                                               Signup.id < signup.id).count()
    return ahead + 1


def page(event: Event, link: PlayerLink) -> MyPage:
    """The page of the player whose link this is."""
    signup = db.session.get(Signup, link.signup_id) if link.signup_id else None
    entrant = db.session.get(Entrant, link.entrant_id) if link.entrant_id else None
    if entrant is None:
        status = signup.status if signup is not None else "removed"
        status = "removed" if status == "entered" else status  # the desk took the entrant out
        return MyPage(None, signup, status, waitlist_place(signup) if signup else None)
    mine = MyPage(entrant, signup, "withdrawn" if (entrant.info or {}).get("withdrawn") else "entered")
    _next_match(event, mine)
    mine.results = results(event, entrant)
    return mine


def _next_match(event: Event, mine: MyPage) -> None:
    mine.view = view = players.view(event, mine.entrant)
    mine.match = match = view.current or view.upcoming
    mine.state = "out" if view.out else stations.match_state(match) if match is not None else "none"
    mine.wait = stations.estimated_wait(event, view.current) if view.current is not None else None
    if mine.state == "called" and match.called_at is not None:
        minutes = stations.calling(match.bracket.phase)["no_show_minutes"]
        mine.no_show_until = as_utc(match.called_at) + timedelta(minutes=minutes)
        seconds = max(0, int((mine.no_show_until - utcnow()).total_seconds()))
        mine.no_show_left, mine.no_show_seconds = -(-seconds // 60), seconds


def results(event: Event, entrant: Entrant) -> list[Result]:
    """My decided matches, the latest first."""
    names = {e.id: e.name for e in event.entrants}
    done = [m for p in event.phases for b in p.brackets for m in b.matches
            if m.status == "done" and entrant.id in (m.slot_a, m.slot_b)]
    done.sort(key=lambda m: m.updated_at, reverse=True)
    return [Result(m, names.get(m.slot_b if m.slot_a == entrant.id else m.slot_a, ""), m.winner_id == entrant.id,
                   m.walkover) for m in done]
