"""Helpers several test files share (moved from tests/browser/test_weekly_run_by_players.py, where they were imported from)."""
import re

import requests

from webapp.extensions import db
from webapp.models import Event, MatchRow

PHONE = {"viewport": {"width": 390, "height": 844}, "has_touch": True, "is_mobile": True, "locale": "ja-JP"}


PHONE_EN = {**PHONE, "locale": "en-US"}


LAPTOP = {"viewport": {"width": 1366, "height": 768}, "locale": "ja-JP"}


class Phone:
    """A player's phone as HTTP on the served site: its own cookies, its pages' CSRF token."""

    def __init__(self, url: str):
        self.url, self.http = url, requests.Session()

    def get(self, path: str):
        return self.http.get(self.url + path, timeout=20)

    def post(self, path: str, data: dict):
        return self.http.post(self.url + path, data=data, timeout=20, allow_redirects=False)


def token(client, path: str) -> str:
    return re.search(r'name="csrf-token" content="([^"]+)"', client.get(path).text).group(1)


def post(player, path: str, **data):
    """A form's POST with the token the player's page carries."""
    client = player["client"]
    answer = client.post(path, {**data, "csrf_token": token(client, "/")})
    assert answer.status_code == 302, (path, answer.status_code, answer.text.split("<main")[-1][:400])


def fresh(model, row_id):
    db.session.rollback()  # the test's own reads end: the phones have written since
    return db.session.get(model, row_id)


def ready_matches(event) -> list[MatchRow]:
    db.session.rollback()
    return [m for p in fresh(Event, event.id).phases for b in p.brackets for m in b.matches
            if m.status == "ready" and m.slot_a and m.slot_b]


def report_by_http(event, match, players):
    """The first side with an HTTP phone reports (and wins) game by game; the other confirms."""
    side = "a" if players[match.slot_a].get("link") else "b"
    reporter, opponent = (players[match.slot_a], players[match.slot_b])[:: 1 if side == "a" else -1]
    base = f"/e/{event.slug}/me/match/{match.id}"
    for position in (0, 1):
        post(reporter, f"{base}/op", kind="report_game", position=str(position),
              score="2-0" if side == "a" else "0-2")
    post(opponent, f"{base}/confirm")
