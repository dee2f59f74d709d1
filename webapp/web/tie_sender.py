"""Reports to start.gg and Challonge sent by a loop of its own in each server process, never inside someone's request
(issue 39.3). Every TIE_SEND_SECONDS (10) a daemon thread catches each start.gg link's queue up with the
results taikai holds and sends what is due (services/ties/sender.py: in order, within the rate limit,
paused with a growing wait while offline). Several processes may run it: each report is claimed by a
conditional update before it is sent. 0 turns it off; the tests' app starts none and calls ``send_once``.
"""
import logging
import threading
from datetime import datetime, timezone

from flask import Flask

from ..extensions import db

log = logging.getLogger(__name__)


def init_tie_sender(app: Flask) -> None:
    app.config.setdefault("TIE_SEND_SECONDS", 10)
    app.config.setdefault("STARTGG_URL", "https://api.start.gg/gql/alpha")
    app.config.setdefault("CHALLONGE_URL", "https://api.challonge.com/v1")
    if app.config["TIE_SEND_SECONDS"] and not app.config.get("TESTING"):
        stop = threading.Event()
        threading.Thread(target=run, args=(app, stop), name="tie-sender", daemon=True).start()


def run(app: Flask, stop: threading.Event) -> None:
    while not stop.wait(float(app.config.get("TIE_SEND_SECONDS") or 10)):
        send_once(app)


def send_once(app: Flask, now: datetime | None = None) -> int:
    """One pass over every start.gg link in its own app context; how many reports were settled."""
    from ..models import TieLink
    from ..services.ties import challonge, links, mirrored, pools, queue, results, sender

    settled, now = 0, now or datetime.now(timezone.utc)
    with app.app_context():
        try:
            for link in db.session.query(TieLink).filter(TieLink.service.in_(links.SERVICES)).order_by(TieLink.id):
                if link.service == "startgg":  # a top cut whose pools are done: built and paired, as start.gg does
                    pools.start_due(link, **mirrored.due_options(link))  # a copy: paired, never built
                    db.session.commit()
                queue.catch_up_when_changed(link, challonge.body_of if link.service == "challonge" else results.body_of)
                db.session.commit()
                if link.service == "challonge":
                    settled += challonge.send_due(link, now, url=app.config["CHALLONGE_URL"])
                else:
                    settled += sender.send_due(link, now, url=app.config["STARTGG_URL"])
        except Exception:  # noqa: BLE001 - the loop must outlive any one bad pass (the token is never in it)
            db.session.rollback()
            log.exception("start.gg reports: a pass failed")
        finally:
            db.session.remove()
    return settled
