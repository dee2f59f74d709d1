"""The venue's start.gg ids, carried by its mirror push, so the public site pairs its copy by ids (issue 39).

A venue that linked start.gg while it had the internet knows each entrant's and each set's start.gg id. The
push's last batch carries them with the event's state (``for_push``: the link's slug and its ``entrant``
and ``match`` ids, nothing else of the link: never its token, the one credential a link holds). The public
site keeps them for the copy, moved into its own ids (``keep``), on a row of their own (service ``HOLDER``:
no token, never sent from, never shown), and when the organiser links the copy to the same start.gg event
(the same slug) it pairs entrants and sets by these ids first, by name and shape only for what the venue
never linked (``of_copy``). Sound because start.gg's ids are public (any page of the event shows them), they
are used only to pair, and every report is still read against the set as start.gg holds it before it goes.
"""
import re

from ...extensions import db
from ...models import TieId, TieLink

HOLDER = "startgg_venue"  # the public site's row of the ids a venue pushed for a copy
KINDS = ("entrant", "match")
MOST = 100_000  # ids in one push: far above a day of 9000 players in pools
_REMOTE = re.compile(r"^[0-9]{1,40}\Z")
_LOCAL = re.compile(r"^[0-9]{1,12}\Z")


def for_push(event_id: int) -> dict | None:
    """What the push carries of the event's start.gg link: {"slug", "entrant": {id: id}, "match": {id: id}}."""
    link = db.session.query(TieLink).filter_by(event_id=event_id, service="startgg").one_or_none()
    if link is None:
        return None
    out: dict = {"slug": link.slug, **{kind: {} for kind in KINDS}}
    for kind, local, remote in db.session.query(TieId.kind, TieId.local, TieId.remote).filter(
            TieId.link_id == link.id, TieId.kind.in_(KINDS)):
        out[kind][local] = remote
    return out


def well_formed(doc, in_span) -> bool:
    """A pushed document the public site takes: a slug, then ids only (``in_span``: a venue row id it may hold)."""
    if not isinstance(doc, dict) or set(doc) != {"slug", *KINDS} or not isinstance(doc["slug"], str) \
            or not 0 < len(doc["slug"]) <= 300:
        return False
    if not all(isinstance(doc[kind], dict) for kind in KINDS) or sum(len(doc[kind]) for kind in KINDS) > MOST:
        return False
    return all(isinstance(local, str) and isinstance(remote, str) and _LOCAL.match(local) and _REMOTE.match(remote)
               and in_span(int(local)) for kind in KINDS for local, remote in doc[kind].items())


def keep(event_id: int, doc: dict | None, move) -> None:
    """On the public site: the copy's pushed ids (the venue's moved by ``move``), replacing the last push's;
    none pushed (the venue unlinked, or never linked) removes them."""
    row = db.session.query(TieLink).filter_by(event_id=event_id, service=HOLDER).one_or_none()
    if doc is None:
        if row is not None:
            db.session.delete(row)
        return
    if row is None:
        row = TieLink(event_id=event_id, service=HOLDER, slug=doc["slug"], token="")
        db.session.add(row)
        db.session.flush()
    row.slug = doc["slug"]
    wanted = {(kind, str(move(int(local)))): remote for kind in KINDS for local, remote in doc[kind].items()}
    for held in db.session.query(TieId).filter_by(link_id=row.id):
        remote = wanted.pop((held.kind, held.local), None)
        if remote is None:
            db.session.delete(held)
        elif held.remote != remote:
            held.remote = remote
    db.session.add_all(TieId(link_id=row.id, kind=kind, local=local, remote=remote)
                       for (kind, local), remote in wanted.items())


def of_copy(event_id: int, slug: str) -> dict[str, dict[int, str]]:
    """The ids the venue pushed for this copy, by kind, when it linked the same start.gg event ({} each else)."""
    out: dict[str, dict[int, str]] = {kind: {} for kind in KINDS}
    row = db.session.query(TieLink).filter_by(event_id=event_id, service=HOLDER).one_or_none()
    if row is None or row.slug != slug:
        return out
    for kind, local, remote in db.session.query(TieId.kind, TieId.local, TieId.remote).filter(
            TieId.link_id == row.id, TieId.kind.in_(KINDS)):
        out[kind][int(local)] = remote
    return out
