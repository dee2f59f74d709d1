"""Each title's match from the staff phone's form under its usual rules: only its own shape shows (Smash: stocks,
strikes and bans, no double K.O. nor 1P/2P; KOF XV: three characters in order; 2XKO: a duo), and a whole
match is played from the form's fields, refusals in words."""
import json

import pytest
from game_events import form_game, staff_client, title_event
from game_shapes import report
from play_support import send

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.matches import play
from webapp.tournament import games


def _state(match):
    return play.state_of(db.session.get(MatchRow, match.id))


@pytest.mark.parametrize("game", sorted(games.GAMES))
def test_every_title_plays_a_match_from_the_phone_form(client, game):
    event, match = title_event(game)
    staff = staff_client(client, event)
    for n, winner in enumerate("aba"):
        match = db.session.get(MatchRow, match.id)
        state = _state(match)
        response = staff.post(f"/staff/m/{match.id}/op", data=form_game(state.rules, state, game, winner, n, match))
        assert response.status_code == 302, response.get_data(as_text=True)[-2000:]
    state = _state(db.session.get(MatchRow, match.id))
    assert state.finished and state.score == (2, 1)
    if state.rules.characters_per_side > 1:
        assert len(state.games[0].char_a.split(" / ")) == state.rules.characters_per_side
    api = client.get(f"/api/v1/events/{event.slug}/phases/{match.bracket.phase_id}").get_json()
    played = next(m for b in api["brackets"] for m in b["matches"] if m["id"] == match.id)
    assert played["score_unit"] == state.rules.score_unit
    assert len(played["games"][0]["characters_a"]) == state.rules.characters_per_side
    obf = json.loads(client.get(f"/api/v1/events/{event.slug}/export/obf.json").get_data(as_text=True))
    first = next(s for s in obf["sets"] if s["games"])["games"][0]
    assert len(first["entrant1Characters"]) == state.rules.characters_per_side
    if game == "ssbu":  # the history says the strikes and bans, stages in the reader's language
        public = client.get(f"/m/{match.id}").get_data(as_text=True)
        assert "拒否：戦場、終点" in public and "バン：戦場、終点" in public and "ストック" in public


def test_smash_shows_stocks_and_strikes_and_no_double_ko_nor_side(client):
    event, match = title_event("ssbu")
    page = staff_client(client, event).get(f"/staff/m/{match.id}").get_data(as_text=True)
    assert "ストック" in page and 'value="3-0"' in page and 'value="a:1-1"' in page
    assert 'name="side_a"' not in page and "ダブルKO" not in page and 'name="struck"' in page
    assert "1-2-1" in page


def test_smash_refuses_a_stage_the_strikes_did_not_leave_in_words(client):
    event, match = title_event("ssbu")
    staff = staff_client(client, event)
    state = _state(match)
    fields = form_game(state.rules, state, "ssbu", "a", 0, match)
    fields.setlist("stage", ["Final Destination"])
    response = staff.post(f"/staff/m/{match.id}/op", data=fields)
    assert response.status_code == 422 and "残ったステージ" in response.get_data(as_text=True)


def test_kof_offers_three_places_in_order_and_2xko_two(client):
    for game, n in (("kofxv", 3), ("2xko", 2)):
        event, match = title_event(game)
        page = staff_client(client, event).get(f"/staff/m/{match.id}").get_data(as_text=True)
        assert f'data-testid="team-a-{n}"' in page and f'data-testid="team-a-{n + 1}"' not in page
        assert 'name="side_a"' in page


def test_the_start_preview_says_the_phase_s_rules(desk_client):
    from game_events import draft_event
    event, phase = draft_event("ssbu")
    db.session.commit()
    page = desk_client.get(f"/desk/phase/{phase.id}/preview").get_data(as_text=True)
    line = page[page.index('data-testid="preview-rules"'):][:900]
    for words in ("3ストック", "7分", "1-2-1", "スターター5", "カウンターピック4", "2 バン", "DSR"):
        assert words in line, words


def test_a_rule_change_after_the_start_reaches_only_matches_not_yet_begun(desk_client):
    """Top cut to 2 stocks mid-phase: the begun match keeps 3 stocks (its game 2-0 stands), the others play 2."""
    event, match = title_event("ssbu", players=4)
    phase = match.bracket.phase
    game = report("ssbu", _state(match), "a").to_dict()
    del game["kind"]
    assert send(match, "report_game", position=0, **game).outcome == "applied"
    response = desk_client.post(f"/desk/phase/{phase.id}/rules", data={"stocks": "2"}, follow_redirects=True)
    text = response.get_data(as_text=True)
    assert "まだ始まっていない試合 2 件" in text and "始まった試合 1 件" in text
    begun = _state(db.session.get(MatchRow, match.id))
    other = next(m for m in phase.brackets[0].matches if m.status == "ready" and m.id != match.id)
    assert begun.rules.stocks == 3 and _state(other).rules.stocks == 2


def test_the_desk_picks_a_usual_stage_list_and_sets_its_bans_and_clause(desk_client):
    from game_events import draft_event

    from webapp.services.setup.rules import rules_for
    event, phase = draft_event("ssbu")
    db.session.commit()
    page = desk_client.get(f"/desk/e/{event.id}/rules").get_data(as_text=True)
    assert 'data-testid="stage-striking"' in page and "スターター5・カウンターピック3" in page
    desk_client.post(f"/desk/e/{event.id}/rules", data={"preset": "standard_1on1", "best_of": ["3", "5"],
                                                          "stocks": "3", "stage_list": "five_three_modified",
                                                          "bans": "3", "dsr": "modified"})
    striking = rules_for(event, phase).stage_striking
    assert (len(striking.counterpicks), striking.bans, striking.dsr) == (3, 3, "modified")
    assert "Hollow Bastion" not in striking.stages


def test_a_title_added_at_the_desk_sets_its_shape_and_the_form_follows(desk_client):
    from webapp.services.setup import game_catalogue
    desk_client.post("/desk/games/", data={"name_ja": "ストックバトル", "name_en": "Stock Battle", "rounds_to_win": "1",
                                          "double_ko": "impossible", "score": "stocks", "stocks": "2",
                                          "characters_per_side": "2", "character_order": "on", "sides": "off"})
    shape = game_catalogue.rule_defaults("stock_battle")
    assert (shape["score"], shape["stocks"], shape["characters_per_side"], shape["sides"]) == ("stocks", 2, 2, False)
    page = desk_client.get("/desk/games/stock_battle").get_data(as_text=True)
    assert '<option value="stocks" selected>' in page
    refused = desk_client.post("/desk/games/", data={"name_ja": "謎", "name_en": "Mystery", "rounds_to_win": "2",
                                                    "score": "stocks", "stocks": "9"})
    assert refused.status_code == 422


def test_the_desk_pages_of_a_smash_event_speak_of_stocks_and_offer_no_round_side_or_double_ko(desk_client):
    """Smash counts stocks, has no 1P/2P side and no double K.O.: the event page, the phase preview and the
    rules page say stocks and offer none of another game's controls (Tekken's page keeps them)."""
    from game_events import draft_event
    event, phase = draft_event("ssbu")
    tekken, _phase = draft_event("tekken8")
    db.session.commit()
    line = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    line = line[line.index('data-testid="rules-line"'):][:400]
    assert "3ストック" in line and "ラウンド" not in line
    preview = desk_client.get(f"/desk/phase/{phase.id}/preview").get_data(as_text=True)
    words = preview[preview.index('data-testid="phase-format"'):][:400]
    assert "3ストック" in words and "ラウンド" not in words
    rules = desk_client.get(f"/desk/e/{event.id}/rules").get_data(as_text=True)
    for control in ('name="rounds_to_win"', 'name="side_rule"', 'name="double_ko"'):
        assert control not in rules, control
        assert control in desk_client.get(f"/desk/e/{tekken.id}/rules").get_data(as_text=True), control


def test_the_desk_corrects_a_smash_game_with_stock_chips(desk_client):
    event, match = title_event("ssbu")
    for position in range(2):
        game = report("ssbu", _state(db.session.get(MatchRow, match.id)), "a").to_dict()
        del game["kind"]
        assert send(db.session.get(MatchRow, match.id), "report_game", position=position, **game).outcome == "applied"
    page = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    chips = page[page.index('data-testid="correct-game"'):]
    assert "残りストック" in chips and 'value="a:1-1"' in chips and 'value="0-3"' in chips
    assert "ラウンド数" not in chips and "ダブルK.O." not in chips
    row = db.session.get(MatchRow, match.id)
    desk_client.post(f"/desk/match/{match.id}/correct-game", data={
        "game": "1", "score": "1-0", "reason": "残りストックの数え違い", "base_version": str(row.version)})
    db.session.expire_all()
    assert _state(db.session.get(MatchRow, match.id)).games[0].rounds_a == 1


def test_a_smash_event_s_penalties_are_a_stock_or_the_game_never_a_round(desk_client, client):
    """Smash has no rounds: the desk's default penalties, the rules page's effects and the referee's penalty list
    offer a stock or the game, never a round (Tekken keeps its round penalty); a round typed in is refused in
    words, and a stock penalty is recorded while the game goes on (the stock is taken on the console)."""
    from game_events import draft_event

    from webapp.services.setup.rules import rules_for
    event, phase = draft_event("ssbu")
    tekken, _phase = draft_event("tekken8")
    db.session.commit()
    assert set(rules_for(event).penalties.values()) == {"stock", "game", "match", "dq_match", "dq_day"}
    rules_ja = desk_client.get(f"/desk/e/{event.id}/rules?lang=ja").get_data(as_text=True)
    assert "ラウンド" not in rules_ja and "ペナルティ：1ストック" in rules_ja and "ストックを1つ失う" in rules_ja
    assert "相手にラウンドを与える" in desk_client.get(f"/desk/e/{tekken.id}/rules").get_data(as_text=True)
    assert "Penalty: a stock" in desk_client.get(f"/desk/e/{event.id}/rules?lang=en").get_data(as_text=True)
    refused = desk_client.post(f"/desk/e/{event.id}/rules?lang=ja", data={
        "preset": "standard_1on1", "best_of": ["3"], "penalty_name": "遅延", "penalty_effect": "round"})
    assert refused.status_code == 422 and "ストック制でラウンドがありません" in refused.get_data(as_text=True)
    assert set(rules_for(event).penalties.values()) == {"stock", "game", "match", "dq_match", "dq_day"}

    event, match = title_event("ssbu")
    page = staff_client(client, event).get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True)
    offered = page[page.index('name="penalty"'):][:1500]
    assert "ペナルティ：1ストック" in offered and "ラウンド" not in offered
    assert send(match, "penalty", side="a", penalty="penalty_stock").outcome == "applied"
    state = _state(match)
    assert not state.games and [p["penalty"] for p in state.penalties] == ["penalty_stock"]
