"""Public sign-up: open or closed by the desk, an entry cap with a waitlist in order, a cap per address.

A sign-up with a place becomes an entrant at once (made and checked as the desk's add makes it:
entrant_edits.check_new / add_one); past the cap it waits in line. A withdrawal, a removal or a
higher cap gives the first in line the place (promote), and their page says so. Each sign-up
gets the player's personal link (player_links)."""
from dataclasses import dataclass, field
from datetime import datetime

from ...extensions import db
from ...models import Entrant, Event, Signup
from ...tournament.errors import N_
from ...tournament.textsearch import fold
from .. import ServiceError
from ..accounts import audit
from ..accounts.login_sessions import digest
from ..entrants import entrant_edits
from ..entrants.entrant_lists import normalize_name
from . import player_links, waitlist

PER_ADDRESS = 5          # sign-ups one address may send to one event (a household, a team captain)
MAX_QUESTIONS = 5
QUESTION_MAX, ANSWER_MAX = 40, 200
MAX_CAP = 4096


class SignupProblem(ServiceError):
    """Bad input on the sign-up form, with the field it belongs next to."""

    def __init__(self, field_name: str, code: str, message: str, **params):
        super().__init__(code, message, **params)
        self.field = field_name


@dataclass
class Settings:
    """How the event takes sign-ups (event.settings["signup"])."""

    open: bool = False
    cap: int | None = None
    per_address: int = PER_ADDRESS
    questions: list[str] = field(default_factory=list)
    closes_at: str = ""  # "YYYY-MM-DDTHH:MM" at the venue, or "" (open until the desk closes it)
    late: bool = False   # stays open after the first phase starts (late entries into phases not started)


def settings(event: Event) -> Settings:
    raw = (event.settings or {}).get("signup") or {}
    return Settings(bool(raw.get("open")), raw.get("cap"), int(raw.get("per_address") or PER_ADDRESS),
                    list(raw.get("questions") or []), str(raw.get("closes_at") or ""), bool(raw.get("late")))


def closing(value: str) -> datetime | None:
    """The closing time the desk set, read ("" or unreadable: none)."""
    try:
        return datetime.fromisoformat(value) if value else None
    except ValueError:
        return None


def set_settings(event: Event, is_open: bool, cap: int | None, per_address: int | None, questions: list[str],
                 user=None, closes_at: str = "", late: bool = False) -> Settings:
    """The desk opens or closes sign-up, sets when it closes, the cap, the cap per address and its questions."""
    closes_at = (closes_at or "").strip()[:16]
    if closes_at and closing(closes_at) is None:
        raise ServiceError("signup.closes_at", N_("Give the closing time as a date and a time, or leave it empty."))
    if cap is not None and not 1 <= cap <= MAX_CAP:
        raise ServiceError("signup.cap", N_("The entry cap is a number from 1 to %(max)s, or empty for none."),
                           max=MAX_CAP)
    if per_address is not None and not 1 <= per_address <= 100:
        raise ServiceError("signup.per_address", N_("Sign-ups per address is a number from 1 to 100."))
    asked = [normalize_name(q)[:QUESTION_MAX] for q in questions if normalize_name(q)]
    if len(asked) > MAX_QUESTIONS:
        raise ServiceError("signup.questions", N_("At most %(n)s questions of your own."), n=MAX_QUESTIONS)
    value = {"open": bool(is_open), "cap": cap, "per_address": per_address or PER_ADDRESS, "questions": asked,
             "closes_at": closes_at, "late": bool(late)}
    lock_places(event)
    onsite = {k: v for k, v in ((event.settings or {}).get("signup") or {}).items() if k.startswith("onsite")}
    event.settings = {**(event.settings or {}), "signup": {**onsite, **value}}
    audit.record("signup.settings", user, event.id, **value)
    promote(event, user)
    return settings(event)


def taken(event: Event) -> int:  # places taken: every entrant of the event (the desk's entries too)
    return db.session.query(Entrant.id).filter_by(event_id=event.id).count()


def has_room(event: Event) -> bool:
    return settings(event).cap is None or taken(event) < settings(event).cap


def waiting(event: Event) -> list[Signup]:  # the waitlist, first in line first
    return db.session.query(Signup).filter_by(event_id=event.id, status="waiting").order_by(Signup.id).all()


def listed(event: Event) -> list[Signup]:  # every sign-up of the event, in the order they came
    return db.session.query(Signup).filter_by(event_id=event.id).order_by(Signup.id).all()


FIELD_OF_CODE = {"entrants.team_size_edit": "members", "entrants.team_size": "members"}


def checked_row(event: Event, form: dict) -> dict:
    """The sign-up form as an entrant row, checked as the desk's add checks it; SignupProblem names the field."""
    name, reading = str(form.get("name") or "")[:1000], normalize_name(str(form.get("reading") or "")[:1000])
    if len(reading) > entrant_edits.NAME_MAX:
        raise SignupProblem("reading", "entrants.name_long", N_("Names and readings are at most %(max)s characters."),
                            max=entrant_edits.NAME_MAX)
    members = [(str(n)[:1000], normalize_name(str(r)[:1000]), "") for n, r in form.get("members") or []]
    row = {"name": name, "reading": reading, "seed": None, "members": members}
    try:
        row = entrant_edits.check_new(event, row)
    except ServiceError as problem:
        raise SignupProblem(FIELD_OF_CODE.get(problem.code, "name"), problem.code, problem.message,
                            **problem.params) from None
    if any(_same(s.name, row["name"]) for s in waiting(event)):
        raise SignupProblem("name", "entrants.duplicate", N_("%(name)s is entered twice: names must be unique."),
                            name=row["name"])
    return row


def _same(a: str, b: str) -> bool:
    return fold(a) == fold(b)


def answers(event: Event, form: dict) -> dict:
    """The answers to the event's own questions (optional, each kept short)."""
    given = form.get("answers") or {}
    out = {}
    for question in settings(event).questions:
        answer = normalize_name(str(given.get(question) or ""))
        if len(answer) > ANSWER_MAX:
            raise SignupProblem("q-" + question, "signup.answer_long",
                                N_("An answer is at most %(max)s characters."), max=ANSWER_MAX)
        if answer:
            out[question] = answer
    return out


def _kept(sender: str) -> str:
    """What is kept of the sender: a hash of the address the page keyed with the server's secret
    (web/clients.keyed_client), enough to count its sign-ups; cleared when the event ends."""
    return digest("signup:" + sender)


def closed_problem(event: Event, now_local: datetime | None = None) -> SignupProblem | None:
    """Why sign-up is closed now, in words (None while it is open): closed by the desk, its closing
    time reached, the first phase started (unless the desk keeps late entries open), the event over."""
    setting, closes = settings(event), closing(settings(event).closes_at)
    if _ended(event, now_local):
        return SignupProblem("", "signup.ended", N_("This event has ended: sign-up is closed."))
    if not setting.open:
        return SignupProblem("", "signup.closed", N_("Sign-up for this event is closed."))
    if closes and now_local and now_local >= closes:
        return SignupProblem("", "signup.closed_at", N_("Sign-up closed at %(time)s."),
                             time=closes.strftime("%m/%d %H:%M"))
    if not setting.late and entrant_edits.phase_started(event):
        return SignupProblem("", "signup.started", N_(
            "The event has started: sign-up closed at the start. Ask the desk about a late entry."))
    return None


def _ended(event: Event, now_local: datetime | None) -> bool:
    """Every phase finished, or the event's day is past at the venue."""
    if event.phases and all(p.status == "done" for p in event.phases):
        return True
    return bool(event.day and now_local and event.day < now_local.date())


def is_open(event: Event, now_local: datetime | None = None) -> bool:
    """Open by the desk, and not closed by its closing time, the start or the event's end."""
    return closed_problem(event, now_local) is None


def check_open(event: Event, address: str, now_local: datetime | None = None, onsite: bool = False) -> None:
    """Refuse while sign-up is closed, or once this address has sent its share (not through the
    reception's code: the venue's wifi is one address for everyone)."""
    problem = closed_problem(event, now_local)
    if problem is not None:
        raise problem
    if onsite:
        return
    sent = db.session.query(Signup.id).filter_by(event_id=event.id, address=_kept(address)).count()
    if sent >= settings(event).per_address:
        raise SignupProblem("", "signup.address_cap", N_(
            "%(n)s sign-ups have already come from this connection: ask the desk to enter more."),
            n=settings(event).per_address)


def sign_up(event: Event, form: dict, address: str, now_local: datetime | None = None,
            onsite: bool = False) -> tuple[Signup, str]:
    """A new sign-up (entered when there is room, else on the waitlist) and its personal link's token.

    form: {"name", "reading", "members": [(name, reading)], "answers": {question: answer}}. The caller commits."""
    lock_places(event)
    check_open(event, address, now_local, onsite)
    promote(event)  # a place freed since is the first in line's, not the newcomer's
    row = checked_row(event, form)
    signup = Signup(event_id=event.id, name=row["name"], reading=row.get("reading") or "", address=_kept(address),
                    members=[{"name": m[0], "reading": m[3]} for m in row["members"]] if event.team_size > 1 else [],
                    fields=answers(event, form), status="waiting")
    db.session.add(signup)
    db.session.flush()
    if has_room(event) and not waiting(event)[:-1]:  # nobody already in line ahead
        try:
            enter_signup(event, signup)
        except ServiceError as problem:  # the event has started and takes no late entry
            raise SignupProblem("", problem.code, problem.message, **problem.params) from None
    token = player_links.issue_for_signup(signup)
    audit.record("signup.new", None, event.id, signup=signup.id, name=signup.name, status=signup.status)
    return signup, token


def lock_places(event: Event) -> None:
    """One sign-up or promotion of an event at a time (PostgreSQL: the event's row; SQLite's write lock
    already holds the whole database): two phones never both take the last place.

    The one lock order wherever a place is given or freed (sign-up, withdrawal, the desk's removal,
    place and drop, a cap raised, promotion): the event's row first, then sign-up rows, then entrants.
    Taken before any of those rows is written, so two withdrawals never hold each other's rows."""
    db.session.query(Event.id).filter_by(id=event.id).with_for_update().scalar()




def _fresh(*rows) -> None:
    """Rows read before the lock, read again under it (another withdrawal may have changed them)."""
    for row in rows:
        if row is not None:
            db.session.refresh(row)


def enter_signup(event: Event, signup: Signup, user=None) -> Entrant:
    """Give this sign-up its place: its entrant is made, its link opens it."""
    members = [(m["name"], m.get("reading", ""), "") for m in signup.members]
    entrant = entrant_edits.add_one(event, {"name": signup.name, "reading": signup.reading, "seed": None,
                                            "members": members}, user)
    if signup.fields:
        entrant.info = {**(entrant.info or {}), "answers": dict(signup.fields)}
    signup.entrant_id, signup.status = entrant.id, "entered"
    player_links.attach(signup, entrant)
    return entrant


def promote(event: Event, user=None) -> list[Signup]:
    """While there is room and the entry list can still take entrants, the first in line gets the place."""
    lock_places(event)
    waitlist.settle(event)
    moved = []
    for signup in waiting(event):
        if not has_room(event) or (entrant_edits.phase_started(event)):
            break
        entrant = enter_signup(event, signup, user)
        entrant.info = {**(entrant.info or {}), "from_waitlist": True}
        audit.record("signup.promoted", user, event.id, signup=signup.id, name=signup.name)
        moved.append(signup)
    return moved


def withdraw(event: Event, signup: Signup | None, entrant: Entrant | None) -> None:
    """The player withdraws from their own page: out of the line, or out of the event (removed before
    their phase starts, the place going to the first in line; after it, their matches are walkovers)."""
    lock_places(event)
    _fresh(signup, entrant)
    if entrant is None:
        if signup is None or signup.status != "waiting":
            raise ServiceError("signup.not_waiting", N_("You are not on the waitlist."))
        signup.status = "withdrawn"
        audit.record("signup.withdrawn", None, event.id, signup=signup.id, name=signup.name)
        return
    if entrant.dq:
        raise ServiceError("entrants.already_out", N_("%(name)s is already out of the event."), name=entrant.name)
    if signup is not None:
        signup.status = "withdrawn"
    if entrant_edits.removable(entrant):
        name = entrant.name
        entrant_edits.remove(entrant)  # the link stays: the page says they withdrew
        audit.record("signup.withdrawn", None, event.id, name=name)
        promote(event)
        return
    from dataclasses import replace

    from ..decisions.disqualifications import apply, entry
    from ..entries.pipeline import record

    op = replace(entry("withdraw", entrant), device_id=f"player-{entrant.id}")  # made by the player
    record(op, None, apply(op, None), None)  # logged like the desk's: a replay of the log withdraws them too
