"""A disqualified or withdrawn entrant is told so, not to wait for a match (issue 28, trap 1).

Their later matches stay in the bracket as walkovers waiting for an opponent; the player's page
said "敗者側 2回戦 · 待機中 · 呼び出されたら通知する", and the bracket and search showed nothing."""
from play_support import team_event

from webapp.extensions import db
from webapp.models import Entrant
from webapp.services.entrants import entrant_edits
from webapp.services.matches import brackets


def _kgp_with_a_dq():
    event, first = team_event("best_of", "kgp2025", size=1, teams=8)
    brackets.record_winner(first, first.slot_a)  # the winner waits in round 2
    entrant = db.session.get(Entrant, first.slot_a)
    brackets.disqualify(entrant, reason="遅刻")
    db.session.commit()
    return event, entrant


def test_the_player_page_says_disqualified_not_waiting(app, client):
    event, entrant = _kgp_with_a_dq()
    page = client.get(f"/e/{event.slug}/p/{entrant.id}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert "失格 — この大会での試合はもうありません" in page
    assert "待機中" not in page and "呼び出されました" not in page


def test_search_bracket_and_projector_mark_the_disqualified(app, client):
    event, entrant = _kgp_with_a_dq()
    search = client.get(f"/e/{event.slug}/players?q={entrant.name}").get_data(as_text=True)
    assert '<span class="badge dq">失格</span>' in search
    bracket = client.get(f"/e/{event.slug}/phase/{event.phases[0].id}").get_data(as_text=True)
    assert '<span class="badge dq">失格</span>' in bracket
    english = client.get(f"/e/{event.slug}/p/{entrant.id}?lang=en").get_data(as_text=True)
    assert "Disqualified — no more matches in this event" in english


def test_a_withdrawn_player_reads_withdrew(app, client, desk_user):
    event, first = team_event("best_of", "kgp2025", size=1, teams=8)
    entrant = db.session.get(Entrant, first.slot_b)
    entrant_edits.withdraw(entrant, desk_user)
    db.session.commit()
    page = client.get(f"/e/{event.slug}/p/{entrant.id}").get_data(as_text=True)
    assert "棄権 — この大会での試合はもうありません" in page
