"""The conflicts page's third version is the referee's own form (issue 28, trap 4): score chips,
character buttons from the event's game, stage and side — no raw payload, no internal name —
and deciding with it records that version through the conflicts' decide route."""
import re

from play_support import send, team_event

from webapp.extensions import db
from webapp.models import Conflict, MatchRow


def _game_conflict():
    """Two phones recorded game 1 of a KGP best-of-3 with different winners."""
    _, match = team_event("best_of", "kgp2025", size=1, teams=8)
    send(match, "report_game", device="p1", position=0, winner="a", rounds_a=2, rounds_b=0)
    send(match, "report_game", device="p2", position=0, base_version=1, winner="b", rounds_a=1, rounds_b=2)
    assert db.session.query(Conflict).count() == 1
    return db.session.get(MatchRow, match.id)


def _third(page):
    return page.split('data-testid="third-version"')[1].split('value="third"')[0]


def _words(html):
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def test_the_third_version_is_the_staff_game_form_with_nothing_internal(desk_client, desk_user):
    _game_conflict()
    for lang in ("ja", "en"):
        form = _third(desk_client.get(f"/desk/conflicts/?lang={lang}").get_data(as_text=True))
        assert 'data-testid="score-choices"' in form and 'value="2-1"' in form
        assert 'data-testid="chars-a"' in form and 'data-testid="chars-b"' in form
        assert 'name="stage"' in form and 'name="side_a"' in form
        assert 'name="f_' not in form
        text = _words(form)
        for internal in ("base version", "base_version", "report_game", "rounds_a", "char_a", "position"):
            assert internal not in text.lower(), internal
        sides = "[ab]" if lang == "ja" else "b"  # "a" is English's article: the sides are named
        assert not re.search(rf"(?<![\w.-]){sides}(?![\w.-])", text), text


def test_deciding_with_the_third_form_records_it(desk_client, desk_user):
    match = _game_conflict()
    conflict = db.session.query(Conflict).one()
    answer = desk_client.post(f"/desk/conflicts/{conflict.id}?lang=en", follow_redirects=True,
                              data={"decision": "third", "score": "2-1", "stage": "", "side_a": "1P"})
    assert "Decision recorded." in answer.get_data(as_text=True)
    db.session.expire_all()
    game = db.session.get(MatchRow, match.id).actions[0]
    assert (game["winner"], game["rounds_a"], game["rounds_b"], game["side_a"]) == ("a", 2, 1, "1P")
    assert db.session.get(Conflict, conflict.id).status != "open"


def test_a_result_conflict_asks_for_the_winner_by_name(desk_client, desk_user):
    _, match = team_event("best_of", "kgp2025", size=1, teams=8)
    send(match, "record_winner", user=desk_user, device="d1", winner=match.slot_a)
    send(match, "record_winner", user=desk_user, device="d2", winner=match.slot_b)
    conflict = db.session.query(Conflict).one()
    names = {e.id: e.name for e in match.bracket.phase.event.entrants}
    form = _third(desk_client.get("/desk/conflicts/?lang=en").get_data(as_text=True))
    assert names[match.slot_a] in form and names[match.slot_b] in form and 'data-testid="third-winner"' in form
    desk_client.post(f"/desk/conflicts/{conflict.id}", data={"decision": "third", "winner": str(match.slot_b)})
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_b
