"""The start.gg file of an event linked to start.gg: for every set, exactly the arguments taikai sent to
start.gg's ``reportBracketSet`` (or ``updateBracketSet``), start.gg's ids only (issue 39.5); a set
whose result is still waiting to be sent is named as waiting, without arguments: which entrant is
start.gg's "entrant 1" is read from start.gg when it is sent."""
from ...extensions import db
from ...models import Event, TieLink, TieReport

SETTLED = ("sent", "same")


def linked(event: Event) -> TieLink | None:
    return db.session.query(TieLink).filter_by(event_id=event.id, service="startgg").one_or_none()


def document(link: TieLink) -> dict:
    """What a reporting client sent for each set, in the order sent; the sets still waiting."""
    reports = db.session.query(TieReport).filter_by(link_id=link.id).order_by(TieReport.id).all()
    sent, waiting = {}, []
    for report in reports:
        if report.state in SETTLED and report.sent:
            sent[report.set_id] = report.sent
        elif report.state in ("waiting", "sending"):
            waiting.append(report.set_id)
    return {"shape": "startgg-report", "event": {"slug": link.slug, "id": link.remote_id},
            "note": "What taikai sent to start.gg for each set: reportBracketSet (or updateBracketSet) arguments, "
                    "start.gg's ids only.",
            "sets": [{"setId": set_id, **call} for set_id, call in sent.items()],
            "waiting": sorted(set(waiting) - set(sent))}
