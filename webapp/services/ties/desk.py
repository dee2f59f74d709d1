"""What the desk does with a link and its queue: link, unlink, send a refused report again, settle a
conflict (send taikai's result over start.gg's, or keep start.gg's). Role and event checked here."""
from ...extensions import db
from ...models import Event, Phase, TieReport
from ...tournament.errors import N_
from .. import NotFound, ServiceError
from ..accounts import audit
from ..entries import access
from ..entries.violation_words import translate_violation
from ..setup import game_catalogue
from . import challonge, challonge_api, linking, links, mirrored, startgg_api, unpaired
from .answers import Busy, Malformed, Refused, Unreachable


def link_startgg(event: Event, pasted: str, token: str, user, url: str = startgg_api.URL) -> dict:
    """Link, read the event from start.gg and build its bracket here (on a public site's mirrored copy:
    pair the venue's bracket with it, nothing built); or refuse with nothing kept."""
    _check(user, event.id)
    row = links.link(event, "startgg", links.startgg_slug(pasted), token)
    try:
        build = mirrored.pair if mirrored.is_copy(event.id) else linking.build
        built = build(event, row, linking.read(row, url))
    except Malformed as odd:
        raise _malformed("start.gg", odd) from None
    except Refused as refused:
        raise ServiceError("tie.refused", N_("start.gg refused: %(words)s"), words=str(refused)) from None
    except (Busy, Unreachable):
        raise ServiceError("tie.offline", N_("start.gg cannot be reached now: link the event when the internet "
                                             "is there.")) from None
    audit.record("tie.link", user, event.id, service="startgg", slug=row.slug, **built)  # the token never
    return built


def link_challonge(event: Event, pasted: str, key: str, user, url: str = challonge_api.URL) -> dict:
    """Link a Challonge tournament (its address or its url name) the same way."""
    _check(user, event.id)
    row = links.link(event, "challonge", links.challonge_slug(pasted), key)
    try:
        built = linking.build(event, row, challonge.read(row, url))
    except Malformed as odd:
        raise _malformed("Challonge", odd) from None
    except Refused as refused:
        raise ServiceError("tie.refused_challonge", N_("Challonge refused: %(words)s"), words=str(refused)) from None
    except (Busy, Unreachable):
        raise ServiceError("tie.offline_challonge", N_("Challonge cannot be reached now: link the event when the "
                                                       "internet is there.")) from None
    audit.record("tie.link", user, event.id, service="challonge", slug=row.slug, **built)
    return built


def read_again(event: Event, service: str, user, url: str) -> dict:
    """Read the event again before the start (late registrations, seed changes); what changed."""
    _check(user, event.id)
    row = links.link_of(event, service)
    if row is None:
        raise NotFound("tie.no_link", N_("This event is not linked."))
    reader = challonge.read if service == "challonge" else linking.read
    try:
        changes = linking.rebuild(event, row, reader(row, url))
    except Malformed as odd:
        raise _malformed(_NAMES[service], odd) from None
    except Refused as refused:
        raise ServiceError("tie.refused", N_("%(service)s refused: %(words)s"), service=_NAMES[service],
                           words=str(refused)) from None
    except (Busy, Unreachable):
        raise ServiceError("tie.offline", N_("%(service)s cannot be reached now: try when the internet is there."),
                           service=_NAMES[service]) from None
    audit.record("tie.read_again", user, event.id, service=service, added=len(changes["added"]),
                 removed=len(changes["removed"]), moved=changes["moved"])
    return changes


_NAMES = {"startgg": "start.gg", "challonge": "Challonge"}


def _malformed(service: str, odd: Malformed) -> ServiceError:
    """An answer not in the service's documented shape (checked as it arrived: answer_shapes), in words
    naming what was wrong; the caller's transaction is rolled back, so nothing of it is kept."""
    if odd.message:
        return ServiceError("tie.malformed", N_("%(problem)s: nothing was linked or changed. Try again later, or "
                                                "enter the event at the desk."),
                            problem=_Words(odd))
    return ServiceError("tie.malformed", N_("%(service)s answered in a form taikai cannot read (%(words)s): nothing "
                                            "was linked or changed. Try again later, or enter the event at the desk."),
                        service=service, words=str(odd))


class _Words:
    """The sentence naming what was wrong, translated when the refusal is (its values too)."""

    def __init__(self, odd: Malformed):
        self.message, self.params = odd.message, odd.params

    def __str__(self) -> str:
        return translate_violation(self)


def match_name(event: Event, service: str, kind: str, name: str, key: str, user) -> str:
    """The desk says which catalogue character (or stage) a name start.gg listed is; its id is kept."""
    _check(user, event.id)
    row = links.link_of(event, service)
    unmatched = next((t for t in (row.ids if row else []) if t.kind == f"unmatched_{kind}" and t.local == name),
                     None)
    title = game_catalogue.event_title(event)
    entry = (title.character if kind == "character" else title.stage)(key) if kind in ("character", "stage") \
        else None
    if unmatched is None or entry is None:
        raise ServiceError("tie.match_name", N_("Choose one of the game's characters or stages."))
    links.remember(row, kind, {entry.key: unmatched.remote})
    db.session.delete(unmatched)
    audit.record("tie.match_name", user, event.id, kind=kind, name=name, key=entry.key)
    return entry.name("ja")


def unlink(event: Event, service: str, user) -> bool:
    _check(user, event.id)
    gone = links.unlink(event, service)
    if gone:
        audit.record("tie.unlink", user, event.id, service=service)
    return gone


def set_mark_called(event: Event, on: bool, user) -> None:
    """Whether a set called to its station is marked in progress on start.gg (markSetInProgress)."""
    _check(user, event.id)
    row = links.link_of(event, "startgg")
    if row is None:
        raise NotFound("tie.no_link", N_("This event is not linked."))
    row.mark_called = bool(on)
    audit.record("tie.mark_called", user, event.id, on=row.mark_called)


def start_again(event: Event, phase_id: int, user) -> bool:
    """Start a later phase the desk seeded otherwise again, as start.gg seeds it (nothing of it played);
    whether its matches are paired with start.gg's sets now."""
    _check(user, event.id)
    row, phase = links.link_of(event, "startgg"), db.session.get(Phase, phase_id)
    if row is None or phase is None or phase.event_id != event.id:
        raise NotFound("tie.no_link", N_("This event is not linked."))
    paired = unpaired.start_again(row, phase)
    audit.record("tie.start_again", user, event.id, phase=phase.name, paired=paired)
    return paired


def act(report_id: int, action: str, user) -> TieReport:
    """again (a refused report) | ours (a conflict: send taikai's over that version) | theirs (keep it).
    On a mirrored copy a conflict is not settled: the copy decides nothing, the venue does."""
    report = db.session.get(TieReport, report_id)
    if report is None:
        raise NotFound("tie.report", N_("That report is no longer in the queue."))
    _check(user, report.link.event_id)
    if action in ("ours", "theirs") and mirrored.is_copy(report.link.event_id):
        raise ServiceError("tie.copy_decides_nothing", N_("This site only shows the venue's event: which result "
                                                          "stands is decided at the venue's desk (correct the result "
                                                          "there, or settle it on its start.gg page), not here."))
    if (action, report.state) not in (("again", "refused"), ("ours", "conflict"), ("theirs", "conflict")):
        raise ServiceError("tie.state", N_("That report has moved on: look at the queue again."))
    if action == "theirs":
        report.state = "kept"
    else:
        db.session.add(TieReport(link_id=report.link_id, match_id=report.match_id, set_id=report.set_id,
                                 body=report.body, theirs=report.theirs if action == "ours" else None))
        report.state = "answered"
    audit.record("tie.report", user, report.link.event_id, choice=action, set_id=report.set_id)
    return report


def _check(user, event_id: int) -> None:
    access.check_desk(user)
    access.check_event(user, event_id)
