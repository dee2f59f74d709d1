"""Sign-in links: a station's QR code, or a person's, signs a phone in without the PIN.

A link is signed with the app's secret (itsdangerous) and names the event, the station or
the person, and that one's link generation; it expires SIGNIN_LINK_DAYS days after it was
made. Making a station's codes anew (one click) bumps the generation, so every code printed
before stops working; revoking a person's code does the same and signs that phone out.
"""
from dataclasses import dataclass

from flask import current_app, url_for
from itsdangerous import BadSignature, SignatureExpired, URLSafeTimedSerializer

from ...extensions import db
from ...models import Event, Station, User
from ...tournament.errors import N_
from .. import ServiceError
from . import login_sessions
from . import users as accounts

SALT = "taikai-signin-link"
DEFAULT_DAYS = 14  # long enough to print the cards days before a weekend event


@dataclass
class Opened:
    """What a valid link lets in: an event, and its station (anyone naming themselves) or person."""

    event: Event
    station: Station | None = None
    user: User | None = None


def _signer() -> URLSafeTimedSerializer:
    return URLSafeTimedSerializer(current_app.secret_key, salt=SALT)


def max_age() -> int:
    """How long a link works, in seconds (config SIGNIN_LINK_DAYS)."""
    return int(current_app.config.get("SIGNIN_LINK_DAYS") or DEFAULT_DAYS) * 86400


def _url(claims: dict, base: str | None) -> str:
    token = _signer().dumps(claims)
    return base.rstrip("/") + url_for("auth.link", token=token) if base else url_for("auth.link", token=token,
                                                                                     _external=True)


def station_signin_url(event: Event, station: Station, base: str | None = None) -> str:
    """The address in a station's QR code: sign in by name, then that station's match."""
    return _url({"e": event.id, "s": station.id, "g": station.signin_generation}, base)


def staff_signin_url(event: Event, name: str, base: str | None = None) -> str:
    """The address in one person's QR code (their account is made when new; the caller commits).

    `base` is the site address phones use (e.g. the venue laptop's https address); without it,
    the address of the current request.
    """
    user = accounts.staff_user(event, name)
    if user is None:
        raise ServiceError("signin.name", N_("Give the person's name."))
    if not user.phone_hash:  # the name waits for its code: a phone typing it with the PIN is refused
        user.phone_hash = login_sessions.DESK_CODE
    return user_signin_url(user, base)


def user_signin_url(user: User, base: str | None = None) -> str:
    """The address in a staff account's QR code."""
    return _url({"e": user.event_id, "u": user.id, "g": user.signin_generation}, base)


def open_link(token: str) -> Opened:
    """What the link lets in; ServiceError when forged, expired, rotated or revoked."""
    try:
        claims = _signer().loads(token, max_age=max_age())
    except SignatureExpired:
        raise ServiceError("signin.expired",
                           N_("This sign-in code has expired: ask the desk for a new one.")) from None
    except BadSignature:
        claims = None
    opened = _opened(claims) if isinstance(claims, dict) else None
    if opened is None:
        raise ServiceError("signin.revoked", N_("This sign-in code no longer works: ask the desk for a new one."))
    return opened


def _opened(claims: dict) -> Opened | None:
    event = db.session.get(Event, claims.get("e")) if isinstance(claims.get("e"), int) else None
    if event is None:
        return None
    if isinstance(claims.get("s"), int):
        station = db.session.get(Station, claims["s"])
        ok = station is not None and station.event_id == event.id and station.signin_generation == claims.get("g")
        return Opened(event, station=station) if ok else None
    if isinstance(claims.get("u"), int):
        user = db.session.get(User, claims["u"])
        ok = user is not None and user.event_id == event.id and user.role == "staff" \
            and user.signin_generation == claims.get("g")
        return Opened(event, user=user) if ok else None
    return None


def rotate_station_links(event: Event, station_id: int | None = None) -> None:
    """New codes for one station (or all of the event's): the ones printed before stop working."""
    query = db.session.query(Station).filter_by(event_id=event.id)
    if station_id is not None:
        query = query.filter_by(id=station_id)
    for station in query:
        station.signin_generation = (station.signin_generation or 0) + 1


def event_staff(event: Event) -> list[User]:
    """The event's staff accounts (signed in with the PIN or given a code), by name."""
    return (db.session.query(User).filter_by(event_id=event.id, role="staff")
            .order_by(User.display_name).all())


def revoke_staff(event: Event, user_id: int) -> User:
    """This person's code stops working and their phone is signed out."""
    user = db.session.get(User, user_id)
    if user is None or user.event_id != event.id or user.role != "staff":
        raise ServiceError("signin.unknown", N_("This person is not staff of this event."))
    user.signin_generation = (user.signin_generation or 0) + 1
    user.end_sessions()
    return user
