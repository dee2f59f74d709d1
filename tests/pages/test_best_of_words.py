"""How many games a match is, said one way on every page: "2本先取" / "3本先取" in Japanese (the games to win, as
the FGC says it), "Best of 3" in English, from one function (rulesets/summary.best_of_words), never "ベスト・オブ3",
"2ゲーム先取", "3本勝負" or "Bo5" beside it."""
import re

from game_events import draft_event, staff_client, title_event
from rules_setups import add_phase_at_desk, create_at_desk

from webapp.extensions import db
from webapp.tournament.rulesets.summary import BEST_OF_WORDS, best_of_words

OTHER_WORDINGS = re.compile(r"ベスト・オブ|ゲーム先取|本勝負|BO\d|Bo\d|best of \d")


def _said_one_way(page: str) -> str:
    found = OTHER_WORDINGS.findall(page)
    assert not found, found
    return page


def test_each_size_has_its_words_and_an_unusual_one_still_reads():
    assert best_of_words(3) == "Best of 3" and set(BEST_OF_WORDS) == {1, 3, 5, 7, 9}
    assert best_of_words(11) == "Bo11"


def test_the_desk_s_pages_say_best_of_one_way_in_japanese_then_english(desk_client, client):
    event = create_at_desk(desk_client, entrant_kind="player")
    desk_client.post(f"/desk/e/{event.id}/rules", data={"preset": "standard_1on1", "rounds_to_win": "2",
                                                        "best_of": ["3", "5"]})
    phase = add_phase_at_desk(desk_client, event, best_of="5")
    pages = {"event": f"/desk/e/{event.id}", "rules": f"/desk/e/{event.id}/rules",
             "preview": f"/desk/phase/{phase.id}/preview", "builder": "/desk/new"}
    ja = {name: _said_one_way(desk_client.get(url + "?lang=ja").get_data(as_text=True)) for name, url in pages.items()}
    assert "2本先取 / 3本先取" in ja["event"] and "2本先取 / 3本先取" in ja["rules"]
    assert "1on1・3本先取" in ja["preview"]
    assert all(f'{w}本先取' in ja["builder"] for w in (1, 2, 3, 4))
    en = {name: desk_client.get(url + "?lang=en").get_data(as_text=True) for name, url in pages.items()}
    assert "Best of 3 / Best of 5" in en["event"] and "Best of 3 / Best of 5" in en["rules"]
    assert "1-on-1, Best of 5" in en["preview"] and "Best of 7" in en["builder"]

    _, draft = draft_event("ssbu")
    db.session.commit()
    words = desk_client.get(f"/desk/phase/{draft.id}/preview?lang=ja").get_data(as_text=True)
    assert "2本先取 · 3ストック" in _said_one_way(words)

    smash, match = title_event("ssbu")
    staff = staff_client(client, smash)  # the same test client, now a referee's
    sheet = _said_one_way(staff.get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True))
    assert "この試合は2本先取" in sheet
    assert "This match: Best of 3" in staff.get(f"/staff/m/{match.id}?lang=en").get_data(as_text=True)
