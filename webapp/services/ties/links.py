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
_SLUG_PART = re.compile(r"[A-Za-z0-9_.~%-]{1,120}")  # start.gg's and Challonge's url names
_TOKEN = re.compile(r"[\x21-\x7e]{1,200}")  # printable ASCII: both services' tokens are hex or letters and digits
PASTED_MAX = 2000  # a pasted address; longer is not an address


def startgg_slug(text: str) -> str:
    """The event's slug from what the desk pasted: a start.gg address or the slug itself."""
    found = _STARTGG_SLUG.search((text or "")[:PASTED_MAX].strip())
    if not found or not all(_SLUG_PART.fullmatch(part) for part in found.group(1).split("/")):
        raise ServiceError("tie.slug", N_("Paste the event's start.gg address (…/tournament/…/event/…)."))
    return found.group(1)


def challonge_slug(text: str) -> str:
    """The tournament's url name from what the desk pasted: its Challonge address or the name itself
    ("weekly12", or "club-weekly12" for a community's)."""
    slug = (text or "")[:PASTED_MAX].strip().rstrip("/").rsplit("/", 1)[-1]
    if not _SLUG_PART.fullmatch(slug):
        raise ServiceError("tie.slug_challonge", N_("Paste the tournament's Challonge address "
                                                    "(https://challonge.com/…)."))
    return slug


def link_of(event: Event, service: str = "startgg") -> TieLink | None:
    return db.session.query(TieLink).filter_by(event_id=event.id, service=service).one_or_none()


def link(event: Event, service: str, slug: str, token: str) -> TieLink:
    """Keep the event's link (replacing an earlier one of the same service, ids and queue with it)."""
    if service not in SERVICES:
        raise ServiceError("tie.service", N_("taikai cannot link to that service."))
    token = (token or "")[:PASTED_MAX].strip()
    if not token:
        raise ServiceError("tie.token", N_("Paste the organiser's API token."))
    if not _TOKEN.fullmatch(token):
        raise ServiceError("tie.token_form", N_("That is not an API token: a token is up to 200 letters, digits and "
                                                "signs without spaces, as the service shows it. Paste it again."))
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
