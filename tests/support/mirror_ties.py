"""Two taikai apps in this process, each on a database of its own: a venue laptop and the public site that
mirrors it, for the tests of start.gg reports sent from the mirror (issue 39). The venue's pusher posts
through httpx's WSGI transport to the public app; every body it posts is kept (``Pipe.bodies``)."""
import contextlib
from datetime import datetime, timedelta, timezone

import httpx
from mirror_support import migrated_app

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror.models import MirrorLink
from webapp.services.accounts import users as accounts
from webapp.services.entries import access
from webapp.services.setup import events
from webapp.services.ties import sender
from webapp.web import tie_sender

NO_INTERNET = "http://127.0.0.1:9/gql/alpha"  # nothing listens there: every call is Unreachable
T0 = datetime(2026, 12, 5, 10, 0, tzinfo=timezone.utc)


@contextlib.contextmanager
def checked_standin(token: str, clock=None):
    """A start.gg stand-in whose every query start.gg's schema takes (checked at the end), the sender's
    rate windows empty; ``clock``: the stand-in's own clock for its rate limit."""
    from startgg_standin import StartggStandIn

    sender._windows.clear()
    with StartggStandIn(token) as standin:
        if clock is not None:
            standin.clock = clock
        yield standin
        assert standin.invalid == [], "a query start.gg's schema refuses"


def two_sites(tmp_path_factory) -> tuple:
    """(venue app, public app), each with a desk account desk / desk-pass-123."""
    apps = tuple(migrated_app(f"sqlite:///{tmp_path_factory.mktemp(name) / (name + '.sqlite3')}")
                 for name in ("venue", "public"))
    for app in apps:
        with on(app):
            accounts.create_user("desk", "desk-pass-123", role="desk")
            db.session.commit()
    return apps


@contextlib.contextmanager
def on(app):
    """Work on one site: its app context (its database), the one-writer cache read afresh."""
    access.forget_read_only_events()
    with app.app_context():
        yield
        db.session.remove()
    access.forget_read_only_events()


def link_startgg(app, gg, event_id: int, address: str, lang: str = "") -> str:
    """The site's desk links one of its events to the start.gg stand-in, as the desk's form does; the page
    it lands on, as text."""
    app.config["STARTGG_URL"] = gg.url
    query = f"?lang={lang}" if lang else ""
    return signed_in(app).post(f"/desk/e/{event_id}/startgg/link{query}", data={"event": address, "token": gg.token},
                               follow_redirects=True).get_data(as_text=True)


def linked_weekly(venue, gg, bracket: str, size: int, address: str) -> tuple[int, str]:
    """A weekly made at the venue while it has the internet, linked to a start.gg event of ``size`` entrants in
    a ``bracket`` ("SINGLE_ELIMINATION", "DOUBLE_ELIMINATION"): (its id, the page the link landed on)."""
    from startgg_brackets import put

    venue.config["STARTGG_URL"] = gg.url
    with on(venue):
        put(gg, bracket, size)
        event = events.create_event("Weekly 12", "standard_1on1")
        db.session.commit()
        event_id = event.id
    return event_id, link_startgg(venue, gg, event_id, address)


def signed_in(app):
    """A test client of the site signed in as its desk."""
    client = app.test_client()
    assert client.post("/login", data={"username": "desk", "password": "desk-pass-123"}).status_code == 302
    return client


class Pipe(httpx.BaseTransport):
    """The venue's link to the public site (the phone's tether): on or cut, every body posted kept."""

    def __init__(self, public):
        self.inner, self.bodies, self.up = httpx.WSGITransport(app=public), [], True

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        if not self.up:
            raise httpx.ConnectError("no tether", request=request)
        self.bodies.append(request.read().decode())
        access.forget_read_only_events()  # the public site reads its own links, not the venue's
        try:
            return self.inner.handle_request(request)
        finally:
            access.forget_read_only_events()


def mirror_link(public, slug: str) -> str:
    """The public site's desk issues a mirror token for the venue's event."""
    with on(public):
        _link, token = receiver.issue(slug, slug)
        db.session.commit()
        return token


def push(venue, pipe: Pipe, event_id: int, token: str) -> str:
    """The venue pushes the event once through the pipe; how it ended."""
    with on(venue):
        target = pusher.link_event(event_id, "http://127.0.0.1", token)
        db.session.commit()
        client = httpx.Client(transport=pipe, base_url=target.url, headers={"Authorization": f"Bearer {token}"})
        return pusher.push(target, client=client).status


def copy_of(public, slug: str) -> int:
    """The public site's id of the mirrored event."""
    with on(public):
        return db.session.query(MirrorLink).filter_by(slug=slug).one().event_id


def passes(app, start: datetime, count: int = 3) -> None:
    """The site's background sender, ``count`` passes two minutes apart (past any backoff's wait)."""
    for n in range(count):
        access.forget_read_only_events()
        tie_sender.send_once(app, start + timedelta(minutes=2 * n))
