"""Accounts: desk users, staff users and event staff PINs."""
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


def set_staff_pin(event: Event, pin: str) -> None:
    """The desk chooses the PIN staff type once on their phone."""
    if not (pin.isdigit() and 4 <= len(pin) <= 12):
        raise ServiceError("account.pin", N_("The staff PIN must be 4 to 12 digits."))
    event.staff_pin_hash = generate_password_hash(pin)


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
