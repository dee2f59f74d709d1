"""Finding a player across events (issue 35.9): through the folded name's and reading's index, with a
limit, and a stranger's search loop waits — never every entrant of every event read per request."""
from sqlalchemy import event as sa_event

from webapp.extensions import db
from webapp.models import Entrant, Member
from webapp.services.entrants import entrant_lists
from webapp.services.reads import player_history
from webapp.services.setup import events


def _events(count=3, per_event=40):
    for n in range(count):
        event = events.create_event(f"Weekly #{n}", "kgp2025")
        entrant_lists.add_entrants(event, [{"name": f"選手{n}-{i}", "reading": f"せんしゅ{i}", "seed": None,
                                           "members": []} for i in range(per_event)])
        entrant_lists.add_entrants(event, [{"name": "ウメハラ", "reading": "うめはら", "seed": None, "members": []}])
    db.session.commit()


def test_the_folded_name_and_reading_are_kept_on_every_write(app):
    _events(1, 1)
    umehara = db.session.scalars(db.select(Entrant).where(Entrant.name == "ウメハラ")).one()
    assert (umehara.name_key, umehara.reading_key) == ("うめはら", "うめはら")
    umehara.name = "ＵＭＥＨＡＲＡ"
    db.session.commit()
    assert umehara.name_key == "umehara"
    assert all(m.name_key for m in db.session.scalars(db.select(Member)))


def test_a_player_is_found_in_every_event_whatever_width_or_kana_they_were_typed_in(app, client):
    _events()
    assert len(player_history.history("うめはら")) == 3
    assert len(player_history.history("ｳﾒﾊﾗ")) == 3
    assert ("ウメハラ", "うめはら") in player_history.suggestions("ウメ")


def test_a_search_reads_no_row_beyond_its_matches(app):
    _events(3, 40)
    loaded = []
    listener = lambda target, context: loaded.append(target)  # noqa: E731
    sa_event.listen(Entrant, "load", listener)
    try:
        assert player_history.history("誰も登録していない名前") == []
        assert player_history.suggestions("誰も登録していない") == []
    finally:
        sa_event.remove(Entrant, "load", listener)
    assert loaded == []


def test_a_strangers_search_loop_waits_in_words(app, client):
    try:
        for n in range(30):
            assert client.get(f"/player?name=nobody{n}").status_code == 200
        refused = client.get("/player?name=nobody-again")
        assert refused.status_code == 429 and "秒待ってから" in refused.get_data(as_text=True)
        assert refused.headers["Retry-After"]
    finally:
        app.extensions["taikai_limiter"].reset()  # the next test's searches start from none
