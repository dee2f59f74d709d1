"""Helpers several test files share (moved from tests/service/test_match_rules.py, where they were imported from)."""
import re

from bare_event import post_bare_event

from webapp.extensions import db
from webapp.models import Event, Phase


def create_at_desk(desk_client, **form) -> Event:
    answer = post_bare_event(desk_client, form.pop("name", "テスト杯"), **form)
    assert answer.status_code == 302, answer.get_data(as_text=True)[-2000:]
    return db.session.get(Event, int(answer.headers["Location"].rstrip("/").split("/")[-1]))


def add_phase_at_desk(desk_client, event, **form) -> Phase:
    data = {"name": "本戦", "format": "single_elimination", "match_type": "best_of", "best_of": "3", **form}
    answer = desk_client.post(f"/desk/e/{event.id}/phases", data=data)
    assert answer.status_code == 302, flash(answer)
    db.session.expire_all()
    return db.session.get(Event, event.id).phases[-1]


def flash(answer) -> str:
    text = answer.get_data(as_text=True)
    return " ".join(re.findall(r'class="flash[^"]*"[^>]*>(.*?)<', text, re.S)) or text[-1500:]
