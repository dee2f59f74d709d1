"""The correction page's history in words (each game with its winner and score) and no
"correct it back" offered straight after a correction unless the desk chooses it."""
from play_support import send, team_event

from webapp.extensions import db
from webapp.models import MatchRow


def _row(match):
    return db.session.get(MatchRow, match.id)


def _played(desk_user):
    """A best-of-3 KGP match won 2–1 by side a (games 2–0, 1–2, 2–1)."""
    _, match = team_event("best_of", "kgp2025", size=1, teams=8)
    for side, a, b in (("a", 2, 0), ("b", 1, 2), ("a", 2, 1)):
        assert send(match, "report_game", user=desk_user, winner=side, rounds_a=a, rounds_b=b).outcome == "applied"
    return _row(match)


def test_each_game_is_shown_with_its_winner_and_score(desk_client, desk_user):
    match = _played(desk_user)
    names = {e.id: e.name for e in match.bracket.phase.event.entrants}
    a, b = names[match.slot_a], names[match.slot_b]
    page = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    assert f"第1ゲーム: {a}の勝ち 2–0" in page and f"第2ゲーム: {b}の勝ち 2–1" in page
    assert "ゲームの記録" not in page
    english = desk_client.get(f"/desk/match/{match.id}/correction?lang=en").get_data(as_text=True)
    assert f"game 3: {a} won 2–1" in english


def test_after_a_correction_the_page_does_not_offer_to_correct_it_back_at_once(desk_client, desk_user):
    match = _played(desk_user)
    before = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    assert 'data-testid="correction-effect"' in before   # the other player, previewed at once
    answer = desk_client.post(f"/desk/match/{match.id}/correct", follow_redirects=True,
                              data={"winner": str(match.slot_b), "reason": "記入ミス", "base_version": str(match.version)})
    winner = next(e.name for e in match.bracket.phase.event.entrants if e.id == match.slot_b)
    assert f"訂正しました: {winner}の勝ち" in answer.get_data(as_text=True)  # the message says what changed
    assert _row(match).winner_id == match.slot_b
    after = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    assert 'data-testid="correction-effect"' not in after and 'data-testid="just-corrected"' in after
    assert "訂正: " in after and "記入ミス" in after
    chosen = desk_client.get(f"/desk/match/{match.id}/correction?winner={match.slot_a}").get_data(as_text=True)
    assert 'data-testid="correction-effect"' in chosen   # still possible when the desk asks for it


def _box(page: str, match_id: int) -> str:
    start = page.index(f'href="/m/{match_id}"')
    return page[start:page.index("</a>", start)]


def test_a_corrected_match_shows_no_score_that_says_the_other_player_won(client, desk_client, desk_user):
    import re
    match = _played(desk_user)
    phase = match.bracket.phase
    url = f"/e/{phase.event.slug}/phase/{phase.id}"
    scores = re.findall(r'class="score">(\d*)<', _box(client.get(url).get_data(as_text=True), match.id))
    assert scores == ["2", "1"]
    desk_client.post(f"/desk/match/{match.id}/correct", data={"winner": str(match.slot_b), "reason": "記入ミス",
                                                             "base_version": str(match.version)})
    box = _box(client.get(url).get_data(as_text=True), match.id)
    assert re.findall(r'class="score">(\d*)<', box) == ["", ""]
    assert re.search(r'slot winner">\s*<span class="seed">\d*</span>\s*<span class="name"[^>]*>'
                     + re.escape(next(e.name for e in phase.event.entrants if e.id == match.slot_b)), box)
    sheet = client.get(f"/m/{match.id}").get_data(as_text=True)
    assert 'data-testid="score-corrected"' in sheet and "2 – 1" not in sheet


def _offered(page: str) -> list[int]:
    import re
    return [int(v) for v in re.findall(r'<input type="radio" name="winner" value="(\d+)"', page)]


def test_the_new_winner_offered_is_only_the_other_player_and_it_shows_its_effect(desk_client, desk_user):
    """The recorded winner is said as recorded, never offered as the new winner (choosing them showed nothing)."""
    match = _played(desk_user)
    winner, loser = match.winner_id, match.slot_b if match.winner_id == match.slot_a else match.slot_a
    page = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    assert _offered(page) == [loser]
    assert 'data-testid="correction-effect"' in page
    same = desk_client.get(f"/desk/match/{match.id}/correction?winner={winner}&lang=en").get_data(as_text=True)
    assert _offered(same) == [loser] and 'data-testid="correction-effect"' not in same
    assert "Choose the other player to see what the correction changes." in same
    desk_client.post(f"/desk/match/{match.id}/correct", data={"winner": str(loser), "reason": "記入ミス",
                                                              "base_version": str(match.version)})
    after = desk_client.get(f"/desk/match/{match.id}/correction").get_data(as_text=True)
    assert _offered(after) == [winner]   # corrected: now the first winner is the other player
    chosen = desk_client.get(f"/desk/match/{match.id}/correction?winner={winner}").get_data(as_text=True)
    assert _offered(chosen) == [winner] and 'checked' in chosen and 'data-testid="correction-effect"' in chosen
