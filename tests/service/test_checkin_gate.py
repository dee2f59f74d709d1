"""The check-in gate's "drop them": removed before anything started, withdrawn after (a template
event's plan is built from its entrant count, so its count never changes once a phase started)."""
import pytest

from webapp.extensions import db
from webapp.services import ServiceError
from webapp.services.day import checkin
from webapp.services.entrants import entrant_edits, entrant_import
from webapp.services.setup import event_templates

CHARS = ["一八", "仁", "ポール", "キング", "ロウ"]


def _tekken(teams=16):
    rows = [{"name": f"チーム{t:02d}", "seed": None,
             "members": [(f"T{t}-{k}", CHARS[k - 1]) for k in range(1, 6)]} for t in range(1, teams + 1)]
    event = event_templates.create_from_template("tekken7_hiza_5on5", "膝まったり杯", rows)
    db.session.commit()
    return event


def test_after_the_morning_block_started_the_afternoon_no_shows_are_withdrawn_not_removed(app):
    event = _tekken()
    morning, afternoon = event.phases[0], event.phases[1]
    assert morning.seeding == afternoon.seeding == "entry"
    for entrant in event.entrants:
        entrant.checked_in = True
    event_templates.start(morning)
    db.session.commit()
    in_morning = {e["id"] for b in morning.brackets for e in b.entrants}
    absent = next(e for e in event.entrants if e.id not in in_morning)
    absent.checked_in = False
    assert not entrant_edits.removable(absent)
    with pytest.raises(ServiceError):
        entrant_edits.remove(absent)
    with pytest.raises(ServiceError) as refused:
        entrant_import.apply(event, entrant_import.plan(event, "名前\n遅刻チーム\n"))
    assert refused.value.code == "import.template_started"
    db.session.rollback()
    absent.checked_in = False
    count = len(event.entrants)
    assert checkin.drop_no_shows(event) == [absent.name]
    event_templates.start(afternoon)
    db.session.commit()
    assert len(event.entrants) == count and absent.dq and absent.info.get("withdrawn")
    theirs = [m for b in afternoon.brackets for m in b.matches if absent.id in (m.slot_a, m.slot_b)]
    assert theirs and all(m.winner_id != absent.id for m in theirs if m.status == "done")
    assert any(m.walkover for m in theirs)


def test_before_anything_started_no_shows_are_removed_and_the_plan_rebuilt(app):
    event = _tekken(12)
    for entrant in event.entrants[:10]:
        entrant.checked_in = True
    dropped = checkin.drop_no_shows(event)
    db.session.commit()
    assert len(dropped) == 2 and len(event.entrants) == 10
    assert {p.key for p in event.phases} and all(p.status == "draft" for p in event.phases)
