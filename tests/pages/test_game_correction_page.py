"""The correction page corrects one game's score with the staff page's score chips and a reason;
the history then says "game 2 corrected: 2–0 → 2–1 (reason)" (issue 28, trap 5)."""
from play_support import send, team_event

from webapp.extensions import db
from webapp.models import MatchRow


def _played(desk_user):
    """A best-of-3 KGP match won 2–0 by side a."""
    _, match = team_event("best_of", "kgp2025", size=1, teams=8)
    for _n in range(2):
        assert send(match, "report_game", user=desk_user, winner="a", rounds_a=2, rounds_b=0).outcome == "applied"
    return db.session.get(MatchRow, match.id)


def test_the_page_offers_each_game_with_score_chips_and_records_the_correction(desk_client, desk_user):
    match = _played(desk_user)
    page = desk_client.get(f"/desk/match/{match.id}/correction?lang=en").get_data(as_text=True)
    assert 'data-testid="correct-game"' in page and 'data-testid="score-choices"' in page
    assert 'name="game" value="2"' in page and 'value="2-1"' in page
    answer = desk_client.post(f"/desk/match/{match.id}/correct-game?lang=en", follow_redirects=True,
                              data={"game": "2", "score": "2-1", "reason": "wrong chip",
                                    "base_version": str(match.version)}).get_data(as_text=True)
    assert "Game 2 corrected." in answer
    assert "game 2 corrected: 2–0 → 2–1 (wrong chip)" in answer
    after = db.session.get(MatchRow, match.id)
    assert [(a["rounds_a"], a["rounds_b"]) for a in after.actions if a["kind"] == "report_game"] == [(2, 0), (2, 1)]


def test_a_refused_correction_is_said_in_words_and_changes_nothing(desk_client, desk_user):
    match = _played(desk_user)
    version = match.version
    answer = desk_client.post(f"/desk/match/{match.id}/correct-game?lang=en", follow_redirects=True,
                              data={"game": "1", "score": "0-2", "reason": "mistake",
                                    "base_version": str(version)}).get_data(as_text=True)
    assert "nobody has won the match yet" in answer and "correction.no_winner" not in answer
    assert db.session.get(MatchRow, match.id).version == version
