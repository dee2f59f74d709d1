"""One writer per event: a mirrored copy, or a venue whose copy was promoted, takes no entries.

The rule lives under the services, so the pipeline (operations/decide) checks it without importing
the mirror; the mirror (webapp/mirror/guard) keeps the desk pages' refusal and re-exports this."""
import time

from ...extensions import db
from ...models import BracketRow, Entrant, MatchRow, MirrorLink, MirrorTarget, Phase
from ...tournament.errors import N_, RuleViolation

_CACHE: dict = {"at": 0.0, "events": {}}
CACHE_SECONDS = 2.0  # other workers see a promotion this late at most


def forget() -> None:
    """Drop the cached list (after this process changed a link)."""
    _CACHE["at"] = 0.0


def read_only_events() -> dict[int, tuple[str, str]]:
    """{event id: (code, where the event is run)} for events this site must not write."""
    if time.monotonic() - _CACHE["at"] < CACHE_SECONDS:
        return _CACHE["events"]
    events = {}
    for event_id, source in db.session.query(MirrorLink.event_id, MirrorLink.source).filter(
            MirrorLink.status == "active", MirrorLink.event_id.isnot(None)):
        events[event_id] = ("mirror.read_only", source)
    for event_id, url in db.session.query(MirrorTarget.event_id, MirrorTarget.url).filter(
            MirrorTarget.status == "promoted"):
        events[event_id] = ("mirror.moved", url)
    _CACHE.update(at=time.monotonic(), events=events)
    return events


def writer_elsewhere(event_id: int) -> tuple[str, str] | None:
    """(code, where) when this event is run on another site, else None."""
    return read_only_events().get(event_id)


def _match_event(match_id: int) -> int | None:
    return (db.session.query(Phase.event_id).join(BracketRow).join(MatchRow)
            .filter(MatchRow.id == match_id).scalar())


def _event_of(op) -> int | None:
    """The event an entry changes: its match's, else the entrant's it names."""
    if op.match_id is not None:
        return _match_event(op.match_id)
    entrant_id = op.payload.get("entrant_id")
    if isinstance(entrant_id, int):
        return db.session.query(Entrant.event_id).filter_by(id=entrant_id).scalar()
    return op.event_id


def check(op) -> None:
    """Refuse an entry (services/entries/entry.Entry) for an event whose writer is another site, naming that site."""
    if read_only_events():
        check_event(_event_of(op))


def check_event(event_id: int | None) -> None:
    """Refuse a change to this event when its writer is another site, naming that site."""
    elsewhere = read_only_events().get(event_id)
    if elsewhere is None:
        return
    code, where = elsewhere
    if code == "mirror.read_only":
        raise RuleViolation(code, N_("This event is run at the venue (%(where)s); this site only shows it. "
                                     "Make entries at the venue."), where=where or "?")
    raise RuleViolation(code, N_("This event is now run on the public site (%(where)s). Make entries there."),
                        where=where)
