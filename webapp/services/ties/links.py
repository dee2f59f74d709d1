"""Linking an event to start.gg or Challonge, and taking the link away (its token with it).

The token is kept in ``tie_link.token`` only: it is not an export's column (operations/leave.py), a page
shows that a token is kept, never the token, and nothing here logs it.
"""
import re

from ...extensions import db
from ...models import Event, TieId, TieLink
from ...tournament.errors import N_
from .. import ServiceError

SERVICES = ("startgg", "challonge")
_STARTGG_SLUG = re.compile(r"(tournament/[^/\s?#]+/event/[^/\s?#]+)")


def startgg_slug(text: str) -> str:
    """The event's slug from what the desk pasted: a start.gg address or the slug itself."""
    found = _STARTGG_SLUG.search((text or "").strip())
    if not found:
        raise ServiceError("tie.slug", N_("Paste the event's start.gg address (…/tournament/…/event/…)."))
    return found.group(1)


def link_of(event: Event, service: str = "startgg") -> TieLink | None:
    return db.session.query(TieLink).filter_by(event_id=event.id, service=service).one_or_none()


def link(event: Event, service: str, slug: str, token: str) -> TieLink:
    """Keep the event's link (replacing an earlier one of the same service, ids and queue with it)."""
    if service not in SERVICES:
        raise ServiceError("tie.service", N_("taikai cannot link to that service."))
    token = (token or "").strip()
    if not token:
        raise ServiceError("tie.token", N_("Paste the organiser's API token."))
    unlink(event, service)
    row = TieLink(event_id=event.id, service=service, slug=slug, token=token)
    db.session.add(row)
    db.session.flush()
    return row


def unlink(event: Event, service: str = "startgg") -> bool:
    """Remove the link, its token, its ids and its queue; whether there was one."""
    row = link_of(event, service)
    if row is None:
        return False
    db.session.delete(row)
    db.session.flush()
    return True


def remember(row: TieLink, kind: str, pairs: dict) -> None:
    """Keep ids known on both sides: {taikai's id or catalogue key: the service's id}."""
    known = {t.local: t for t in db.session.query(TieId).filter_by(link_id=row.id, kind=kind)}
    for local, remote in pairs.items():
        if str(local) in known:
            known[str(local)].remote = str(remote)
        else:
            db.session.add(TieId(link_id=row.id, kind=kind, local=str(local), remote=str(remote)))
    row.ids_version = (row.ids_version or 0) + 1
    db.session.flush()
