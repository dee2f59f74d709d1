"""A player's history across this taikai's events: matched by name and reading, linked from the
standings and the player search, ja and en, exports linked from the event pages."""
from export_events import played

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.reads import player_history
from webapp.services.setup import events


def _two_events():
    first, _ = played("single_elimination", seed=1)
    second, _ = played("double_elimination", seed=2)
    for event in (first, second):
        champion = next(e for e in event.entrants if e.seed == 1)
        champion.reading = "せんしゅいち"
    db.session.commit()
    return first, second


def test_one_player_across_two_events(app, client):
    first, second = _two_events()
    page = client.get("/player?name=選手1&reading=せんしゅいち&lang=ja").get_data(as_text=True)
    assert first.name in page and second.name in page
    assert page.count('data-testid="history-event"') == 2
    english = client.get("/player?name=選手1&lang=en").get_data(as_text=True)
    assert "Won" in english or "Lost" in english


def test_readings_that_differ_are_two_people_and_a_missing_one_joins(app):
    first, second = _two_events()
    next(e for e in second.entrants if e.seed == 1).reading = "べつじん"
    db.session.commit()
    with app.test_request_context("/"):
        assert [a.event.id for a in player_history.history("選手1", "せんしゅいち")] == [first.id]
        assert len(player_history.history("選手1")) == 2  # no reading asked: both
    assert player_history.same_reading("センシュイチ", "せんしゅいち") and player_history.same_reading("", "x")


def test_part_of_a_name_offers_the_players_it_fits(app, client):
    _two_events()
    page = client.get("/player?name=せんしゅ&lang=ja").get_data(as_text=True)
    assert 'data-testid="history-similar"' in page and "/player?name=%E9%81%B8%E6%89%8B1" in page


def test_a_team_member_sees_their_own_games(app, client):
    event, phase = played("kachinuki")
    page = client.get("/player?name=A1&lang=en").get_data(as_text=True)
    assert "Team チームA" in page and 'data-testid="history-event"' in page


def test_standings_and_search_link_to_the_history(app, client):
    event, _ = played("single_elimination")
    standings = client.get(f"/e/{event.slug}/standings").get_data(as_text=True)
    assert "/player?name=" in standings
    search = client.get(f"/e/{event.slug}/players?q=選手1").get_data(as_text=True)
    assert "/player?name=" in search


def test_the_event_pages_link_the_exports(app, desk_client):
    event, phase = played("round_robin")
    for page in (f"/e/{event.slug}", f"/desk/e/{event.id}"):
        html = desk_client.get(page).get_data(as_text=True)
        assert f"/api/v1/events/{event.slug}/export/obf.json" in html
        assert f"/api/v1/events/{event.slug}/phases/{phase.id}/export/placements.csv" in html


def test_odd_names_are_answered_never_a_500(app, client):
    event = events.create_event("記号", "standard_1on1")
    entrants.add_entrants(event, [{"name": "<b>太字</b>", "seed": 1, "members": []}])
    db.session.commit()
    for query in ("?name=%00", "?name=" + "あ" * 500, "?name=<b>太字</b>", "?reading=x", ""):
        answer = client.get("/player" + query)
        assert answer.status_code == 200
        assert "<b>太字</b>" not in answer.get_data(as_text=True)
