"""Accounts: desk users, staff users and event staff PINs."""
import secrets

from flask import abort
from werkzeug.security import check_password_hash, generate_password_hash

from ..extensions import db
from ..models import Event, User
from ..tournament.errors import N_
from . import ServiceError


def create_user(username: str, password: str, role: str = "desk", display_name: str = "") -> User:
    """A new account with a hashed password."""
    if role not in ("desk", "staff"):
        raise ServiceError("account.role", N_("Role must be desk or staff."))
    if len(password) < 8:
        raise ServiceError("account.password", N_("Use a password of at least 8 characters."))
    if db.session.query(User.id).filter_by(username=username).first():
        raise ServiceError("account.taken", N_("The user name %(name)s is taken."), name=username)
    user = User(username=username, role=role, display_name=display_name or username)
    user.set_password(password)
    db.session.add(user)
    return user


def event_by_slug(slug: str) -> Event:
    """The event, or 404."""
    event = db.session.query(Event).filter_by(slug=slug).first()
    if event is None:
        abort(404)
    return event


PIN_DIGITS = 6  # a million PINs: with the sign-in throttle, years of guessing


def new_pin() -> str:
    """A random staff PIN of PIN_DIGITS digits."""
    return "".join(secrets.choice("0123456789") for _ in range(PIN_DIGITS))


def set_staff_pin(event: Event, pin: str | None = None) -> str:
    """Set the PIN staff type once on their phone (generated when none is given); returns it.

    Every phone signed in with the previous PIN is signed out (its session id changes).
    """
    pin = (pin or "").strip() or new_pin()
    if not (pin.isdigit() and PIN_DIGITS <= len(pin) <= 12):
        raise ServiceError("account.pin", N_("The staff PIN must be %(min)s to 12 digits."), min=PIN_DIGITS)
    if event.staff_pin_hash:
        event.staff_pin_generation = (event.staff_pin_generation or 0) + 1
    event.staff_pin_hash = generate_password_hash(pin)
    return pin


def change_password(user: User, current: str, new: str) -> None:
    """A desk account's new password; every other session of the account is signed out."""
    if not user.check_password(current):
        raise ServiceError("account.password_wrong", N_("The current password is wrong."))
    if len(new) < 8:
        raise ServiceError("account.password", N_("Use a password of at least 8 characters."))
    user.set_password(new)


def staff_by_pin(event: Event, name: str, pin: str) -> User | None:
    """The staff account for this name at this event, made on first sign-in; None if the PIN is wrong."""
    name = name.strip()[:60]
    if not name or not event.staff_pin_hash or not check_password_hash(event.staff_pin_hash, pin):
        return None
    username = f"staff:{event.id}:{name}"
    user = db.session.query(User).filter_by(username=username).first()
    if user is None:
        user = User(username=username, display_name=name, role="staff", event_id=event.id,
                    password_hash="!pin")  # no password: only the PIN signs this account in
        db.session.add(user)
    return user
