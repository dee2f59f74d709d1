"""Accounts: desk users, staff users and event staff PINs."""
import secrets
import unicodedata

import pyotp
from werkzeug.security import check_password_hash, generate_password_hash

from ...database import write_transaction
from ...extensions import db
from ...models import Event, User
from ...tournament.errors import N_
from .. import NotFound, ServiceError
from . import login_sessions


def create_user(username: str, password: str, role: str = "desk", display_name: str = "") -> User:
    """A new account with a hashed password."""
    if role not in ("desk", "staff"):
        raise ServiceError("account.role", N_("Role must be desk or staff."))
    check_new_password(username, password)
    if db.session.query(User.id).filter_by(username=username).first():
        raise ServiceError("account.taken", N_("The user name %(name)s is taken."), name=username)
    user = User(username=username, role=role, display_name=display_name or username)
    user.set_password(password)
    db.session.add(user)
    return user


MIN_PASSWORD = 8
MIN_STRENGTH = 2  # zxcvbn's score (0-4): 2 and up are not in its lists of common passwords, words and names


def check_new_password(username: str, password: str) -> None:
    """Refuse a short password, one among the commonest, or one like the user name."""
    if len(password) < MIN_PASSWORD:
        raise ServiceError("account.password", N_("Use a password of at least 8 characters."))
    # Imported here, not with the module: its word lists take about 11 MB in every worker that loads
    # them, and only a new password reads them (docs/benchmarks.md, bench/pages.py's memory).
    from zxcvbn import zxcvbn

    name = username.strip().lower()
    if password.strip().lower() == name or zxcvbn(password[:100], user_inputs=[name])["score"] < MIN_STRENGTH:
        raise ServiceError("account.password_weak", N_(
            "This password is too easy to guess: it is a common password, or close to the user name. "
            "Use a longer one, for example a few unrelated words."))


# Checked when no account matches, so an unknown name takes as long as a wrong password.
_DUMMY_HASH = generate_password_hash(secrets.token_urlsafe(16))


def authenticate(username: str, password: str, code: str = "") -> User | None:
    """The account these credentials open, or None; the same work whether or not the name exists."""
    user = db.session.query(User).filter_by(username=username).first()
    if user is None or user.password_hash.startswith("!"):
        check_password_hash(_DUMMY_HASH, password)  # no timing difference tells a name exists
        return None
    if not user.check_password(password):
        return None
    if user.totp_secret and not pyotp.TOTP(user.totp_secret).verify(code.strip(), valid_window=1):
        return None
    return user


def new_totp_secret() -> str:
    """A fresh one-time-code secret for the desk to add to its authenticator app."""
    return pyotp.random_base32()


def totp_uri(user: User, secret: str, issuer: str = "taikai") -> str:
    """The otpauth:// address an authenticator app reads from a QR code."""
    return pyotp.TOTP(secret).provisioning_uri(name=user.username, issuer_name=issuer)


def set_totp(user: User, secret: str | None, code: str = "") -> None:
    """Turn one-time codes on (the code from the app proves it is set up) or off (secret None)."""
    if secret is not None and not (secret and pyotp.TOTP(secret).verify(code.strip(), valid_window=1)):
        raise ServiceError("account.totp_code", N_("The one-time code is wrong: type the 6 digits the app shows now."))
    user.totp_secret = secret
    user.end_sessions(keep=user.login_session_id)  # other sessions, made without the second factor, end


def sign_out(user: User) -> None:
    """Sign-out ends this phone's session on the server (a copied cookie opens nothing); the
    person's other phones stay signed in.

    One update in SQL under the write lock from its start: the page's earlier reads must not
    turn it into a read-then-write that SQLite refuses ("database is locked") while a phone's
    sync or page fetches are writing."""
    with write_transaction(db.session):
        login_sessions.end(user.login_session_id)


def event_by_slug(slug: str) -> Event:
    """The event, or NotFound (the views' 404)."""
    event = db.session.query(Event).filter_by(slug=slug).first()
    if event is None:
        raise NotFound("event.not_found", N_("There is no event at this address."))
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
        login_sessions.end_event_staff(event)
    event.staff_pin_hash = generate_password_hash(pin)
    return pin


def change_password(user: User, current: str, new: str) -> None:
    """A desk account's new password; every other session of the account is signed out."""
    if not user.check_password(current):
        raise ServiceError("account.password_wrong", N_("The current password is wrong."))
    check_new_password(user.username, new)
    user.set_password(new, keep=user.login_session_id)


def staff_by_pin(event: Event, name: str, pin: str, phone_secret: str | None = None) -> User | None:
    """The staff account for this name at this event, made on first sign-in; None if the PIN is wrong.

    A name is one person's: held by the phone that signed in under it (its cookie), it is refused
    to any other phone (ServiceError) until the desk frees it; the same phone may take it back. An event whose
    desk has set no PIN yet says so (ServiceError): no PIN could sign in, so the referee asks the desk, not
    retypes (the page already names any event that exists; the throttle counts it as a failure all the same)."""
    if not event.staff_pin_hash:
        raise ServiceError("signin.no_pin", N_("No staff PIN is set for this event yet: ask the desk to set one."))
    if not name.strip() or not check_password_hash(event.staff_pin_hash, pin):
        return None
    user = staff_user(event, name)
    claim_name(user, phone_secret)
    return user


def claim_name(user: User, phone_secret: str | None) -> None:
    """This phone takes the name, or ServiceError when another phone holds it."""
    phone = login_sessions.digest(phone_secret) if phone_secret else None
    if not user.phone_hash or user.phone_hash == phone:
        user.phone_hash = phone
    elif user.phone_hash == login_sessions.DESK_CODE:
        raise ServiceError("signin.name_reserved", N_(
            "%(name)s signs in with their own code from the desk: choose another name, or ask the desk."),
            name=user.display_name)
    elif login_sessions.is_signed_in(user):
        raise ServiceError("signin.name_taken", N_(
            "%(name)s is already signed in on another phone: choose another name, or ask the desk."),
            name=user.display_name)
    else:
        raise ServiceError("signin.name_held", N_(
            "%(name)s signed in on another phone before: choose another name, or ask the desk to free "
            "this name."), name=user.display_name)


STAFF_NAME_MAX = 60


def staff_user(event: Event, name: str) -> User | None:
    """The staff account for this name at this event (made when new); None without a name."""
    name = name.strip()[:STAFF_NAME_MAX]
    if not name:
        return None
    username = f"staff:{event.id}:{name}"
    user = db.session.query(User).filter_by(username=username).first() or _same_name(event, name)
    if user is None:
        user = User(username=username, display_name=name, role="staff", event_id=event.id,
                    password_hash="!pin")  # no password: only the PIN or a sign-in link signs it in
        db.session.add(user)
        db.session.flush()
    return user


def same_person_name(name: str) -> str:
    """A name as people read it: "Aoki", "aoki", "Ａｏｋｉ" and "青木 " are each one person."""
    return " ".join(unicodedata.normalize("NFKC", name).casefold().split())


def _same_name(event: Event, name: str) -> User | None:
    """The event's staff account whose name reads as this one (an event has tens of staff)."""
    key = same_person_name(name)
    staff = db.session.query(User).filter_by(event_id=event.id, role="staff").order_by(User.id)
    return next((user for user in staff if same_person_name(user.display_name) == key), None)
