"""A player's personal link: opens "my event" for one entrant of one event on that phone, no password.

The token is random and lives only in the link (the printed card, the page after sign-up) and in
the player's cookie; the database keeps its hash (like login_sessions). It is never a staff or
desk session: it opens that entrant's own page and actions of that event, nothing else. The desk
revokes a link (or makes a new one, which revokes the old): the next request with the old
cookie finds no one. A waiting sign-up holds a link too; when it gets its place, the same link
opens the new entrant (attach).

The cookie may hold the links of several events on one phone (a player in two games of a day),
joined by "."; each request picks the one of its event.
"""
import secrets

from sqlalchemy import update

from ...database import utcnow
from ...extensions import db
from ...models import Entrant, PlayerLink, Signup
from ..accounts.login_sessions import digest

COOKIE = "taikai_player"
COOKIE_SECONDS = 120 * 86400  # a season of weeklies
MAX_IN_COOKIE = 6  # links of this many events kept on one phone


def _new(event_id: int, entrant_id: int | None, signup_id: int | None) -> str:
    token = secrets.token_urlsafe(24)
    db.session.add(PlayerLink(event_id=event_id, entrant_id=entrant_id, signup_id=signup_id,
                              token_hash=digest(token)))
    db.session.flush()
    return token


def issue(entrant: Entrant) -> str:
    """A new link for this entrant (any link made before stops working); its token. The caller commits."""
    revoke(entrant)
    signup = db.session.query(Signup).filter_by(entrant_id=entrant.id).first()
    return _new(entrant.event_id, entrant.id, signup.id if signup else None)


def issue_for_signup(signup: Signup) -> str:
    """A new link for a sign-up (waiting or entered); its token. The caller commits."""
    _end(PlayerLink.signup_id == signup.id)
    if signup.entrant_id is not None:
        _end(PlayerLink.entrant_id == signup.entrant_id)
    return _new(signup.event_id, signup.entrant_id, signup.id)


def _end(condition) -> int:
    result = db.session.execute(update(PlayerLink).where(condition, PlayerLink.revoked_at.is_(None))
                                .values(revoked_at=utcnow()).execution_options(synchronize_session=False))
    return result.rowcount or 0


def revoke(entrant: Entrant) -> int:
    """Every link of this entrant stops working now; how many there were. The caller commits."""
    return _end(PlayerLink.entrant_id == entrant.id)


def attach(signup: Signup, entrant: Entrant) -> None:
    """A waiting sign-up got its place: its link now opens its entrant."""
    db.session.execute(update(PlayerLink).where(PlayerLink.signup_id == signup.id)
                       .values(entrant_id=entrant.id).execution_options(synchronize_session=False))


def has_link(entrant: Entrant) -> bool:
    """Whether a live link opens this entrant (the desk's list shows it)."""
    return db.session.query(PlayerLink.id).filter_by(entrant_id=entrant.id, revoked_at=None).first() is not None


def tokens(value: str | None) -> list[str]:
    """The tokens a player cookie holds (malformed parts dropped)."""
    parts = [t for t in (value or "").split(".") if 20 <= len(t) <= 64]
    return parts[:MAX_IN_COOKIE]


def link_for(token: str) -> PlayerLink | None:
    """The live link this token opens, or None (unknown, revoked)."""
    if not token:
        return None
    return db.session.query(PlayerLink).filter_by(token_hash=digest(token), revoked_at=None).one_or_none()


def link_from_cookie(value: str | None, event_id: int | None = None) -> PlayerLink | None:
    """The live link in this cookie for this event (any event when None)."""
    for token in tokens(value):
        link = link_for(token)
        if link is not None and (event_id is None or link.event_id == event_id):
            return link
    return None


def player_from_request_cookie(value: str | None, event_id: int | None = None) -> Entrant | None:
    """The entrant this player cookie opens (for this event), or None: no cookie, revoked, still waiting."""
    link = link_from_cookie(value, event_id)
    if link is None or link.entrant_id is None:
        return None
    return db.session.get(Entrant, link.entrant_id)


def cookie_with(value: str | None, token: str, event_id: int) -> str:
    """The cookie value after opening `token`: it replaces this event's older link, keeps the others."""
    kept = []
    for old in tokens(value):
        link = link_for(old)
        if old != token and link is not None and link.event_id != event_id:
            kept.append(old)
    return ".".join([token] + kept[:MAX_IN_COOKIE - 1])


def seen(link_id: int) -> None:
    """Note that the link was just opened (the desk sees whether a card was ever used).

    One UPDATE by id, as the first statement of its transaction: a page view that writes after
    reading could be refused on SQLite when another request wrote in between."""
    db.session.execute(update(PlayerLink).where(PlayerLink.id == link_id).values(last_seen_at=utcnow())
                       .execution_options(synchronize_session=False))
