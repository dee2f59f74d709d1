"""The bracket page is assembled from blocks of rounds kept by their content (views/public/bracket_rounds.py).

Invariant: after any change, the assembled page is byte for byte the page drawn from nothing
(every cache emptied); and a game that decides nothing draws only its own block again (a round
of these small brackets is one block).
"""
from play_support import send, team_event

from webapp.extensions import cache, db
from webapp.polling import fragments
from webapp.views.public import bracket_rounds


def _fresh(client, url: str) -> str:
    """The page drawn with every fragment forgotten (a new process on an empty cache)."""
    fragments._LOCAL.clear()  # noqa: SLF001
    cache.clear()
    return client.get(url).get_data(as_text=True)


def _drawing(monkeypatch) -> list:
    drawn, real = [], bracket_rounds.render_template
    monkeypatch.setattr(bracket_rounds, "render_template",
                        lambda name, **kw: ("cells" in kw and drawn.append(kw["cells"][0].match.round)) or real(name, **kw))
    return drawn


def _ready(event):
    return sorted((m for m in event.phases[0].brackets[0].matches if m.status == "ready"), key=lambda m: m.id)


def test_a_game_draws_only_its_round_and_the_page_is_the_fresh_one(client, app, monkeypatch):
    event, _ = team_event("best_of", "kgp2025", teams=16, size=1, best_of=3)
    url = f"/e/{event.slug}/phase/{event.phases[0].id}?lang=en"
    client.get(url)
    drawn = _drawing(monkeypatch)
    first = _ready(event)[0]
    send(first, "report_game", winner="a", rounds_a=2, rounds_b=0, position=0)
    page = client.get(url).get_data(as_text=True)
    assert drawn == [first.round]  # one round of the bracket's seven drawn again
    assert page == _fresh(client, url)


def test_results_across_rounds_assemble_the_fresh_page(client, app, monkeypatch):
    event, _ = team_event("best_of", "kgp2025", teams=12, size=1, best_of=3)
    url = f"/e/{event.slug}/phase/{event.phases[0].id}?lang=ja"
    client.get(url)
    drawn = _drawing(monkeypatch)
    for step in range(6):
        match = _ready(event)[step % 2]
        for n in range(2):
            send(match, "report_game", winner="b", rounds_a=0, rounds_b=2, position=n)
        db.session.expire_all()
        page = client.get(url).get_data(as_text=True)
        assert page == _fresh(client, url)
        drawn.clear()
        client.get(url)
    assert drawn == []  # unchanged: every round kept


def test_a_phase_of_many_pools_is_drawn_a_page_of_pools_at_a_time(client, app):
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events
    from webapp.views.public.pages import POOLS_PER_PAGE

    event = events.create_event("プール多数", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 73)])
    phase = events.add_phase(event, "予選", "double_elimination", group_count=18, grand_final="none")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    url = f"/e/{event.slug}/phase/{phase.id}?lang=en"
    first = client.get(url).get_data(as_text=True)
    assert first.count('class="bracket-group"') == POOLS_PER_PAGE and "Group P" in first and "Group Q" not in first
    assert 'aria-current="page">Groups A–P' in first and f'phase/{phase.id}?pools=2">Groups Q–R' in first
    second = client.get(url + "&pools=2").get_data(as_text=True)
    assert second.count('class="bracket-group"') == 2 and "Group Q" in second and "Group R" in second
    assert 'aria-current="page">Groups Q–R' in second and "pools=2" in second.split('hx-get="')[1].split('"')[0]
    assert client.get(url + "&pools=99").get_data(as_text=True).count('class="bracket-group"') == 2


def test_a_renamed_entrant_or_member_draws_the_blocks_again(client, app):
    """Blocks are keyed by the event's entrants_version, not by the names: renaming an entrant (or
    changing a member, whose record a score replays) must bump it and show on the page."""
    from webapp.models import Entrant, Event
    event, _ = team_event("best_of", "kgp2025", teams=8, size=1, best_of=3)
    url = f"/e/{event.slug}/phase/{event.phases[0].id}?lang=en"
    first = _ready(event)[0]
    send(first, "report_game", winner="a", rounds_a=2, rounds_b=0, position=0)
    assert "改名した選手" not in client.get(url).get_data(as_text=True)
    versions = [db.session.get(Event, event.id).entrants_version]
    db.session.get(Entrant, first.slot_a).name = "改名した選手"
    db.session.commit()
    page = client.get(url).get_data(as_text=True)
    assert "改名した選手" in page and page == _fresh(client, url)
    db.session.get(Entrant, first.slot_b).members[0].character = "仁"
    db.session.commit()
    versions += [db.session.get(Event, event.id).entrants_version]
    send(first, "report_game", winner="a", rounds_a=2, rounds_b=0, position=1)
    assert db.session.get(Event, event.id).entrants_version == versions[-1]  # a result is not a rename
    assert versions[1] == versions[0] + 2  # the rename, then the member


def test_a_readers_language_names_the_round_headings_whoever_drew_the_bracket_first(client, app):
    """The outline of a bracket is kept per process for its shape; its round headings are words, so it is
    kept per language too: an English reader after a Japanese one reads "Semifinals", not 準決勝."""
    event, match = team_event("best_of", "kgp2025", size=1, teams=8)
    url = f"/e/{event.slug}/phase/{match.bracket.phase_id}"
    assert "準決勝" in client.get(url + "?lang=ja").get_data(as_text=True)
    fragments._LOCAL.clear()  # noqa: SLF001 - the page's fragments, not the outline kept below them
    cache.clear()
    english = client.get(url + "?lang=en").get_data(as_text=True)
    assert "Semifinals" in english and "準決勝" not in english
