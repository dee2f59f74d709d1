"""A bracket's match boxes carry what start.gg shows: games won per side, seeds, the match's state
(waiting, ready, called to station N, playing, done) and a link to the match."""
import re

from bracket_builders import big_double_elimination  # noqa: E402
from play_support import send, team_event


def _box(page: str, match_id: int) -> str:
    """The text of one match box (its tags dropped, spaces folded)."""
    start = page.index(f'href="/m/{match_id}"')
    box = page[page.rindex("<a", 0, start):page.index("</a>", start)]
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", box)).strip()


def _classes(page: str, match_id: int) -> str:
    start = page.index(f'href="/m/{match_id}"')
    return re.search(r'class="([^"]*)"', page[page.rindex("<a", 0, start):start]).group(1)


def test_boxes_show_games_won_seeds_station_and_playing(client, app):
    event, _ = team_event("best_of", "kgp2025", teams=8, size=1, best_of=3)
    done, called, playing, ready = sorted((m for m in event.phases[0].brackets[0].matches if m.status == "ready"),
                                          key=lambda m: m.index)
    for n, winner in enumerate("aba"):
        send(done, "report_game", winner=winner, rounds_a=2 if winner == "a" else 1,
             rounds_b=2 if winner == "b" else 1, position=n)
    send(called, "set_station", station="3")
    send(playing, "report_game", winner="b", rounds_a=0, rounds_b=2, position=0)
    page = client.get(f"/e/{event.slug}/phase/{event.phases[0].id}?lang=en").get_data(as_text=True)
    assert "done" in _classes(page, done.id).split()
    assert re.search(r"1 チーム\S* 2 8 チーム\S* 1$", _box(page, done.id)), _box(page, done.id)  # seed, name, games
    assert "called" in _classes(page, called.id).split() and "Station 3" in _box(page, called.id)
    assert "playing" in _classes(page, playing.id).split() and _box(page, playing.id).endswith(" 1")
    assert "Playing" in _box(page, playing.id)
    assert "ready" in _classes(page, ready.id).split() and "Ready" in _box(page, ready.id)
    final = next(m for m in event.phases[0].brackets[0].matches if m.round == 3)
    assert "waiting" in _classes(page, final.id).split() and "Waiting" in _box(page, final.id)
    ja = client.get(f"/e/{event.slug}/phase/{event.phases[0].id}?lang=ja").get_data(as_text=True)
    assert "Station" not in _box(ja, called.id) and "3" in _box(ja, called.id)


def test_the_99_player_double_elimination_page_is_at_most_15_kb_compressed(client, app):
    phase = big_double_elimination(players=99, share=0.5)
    url = f"/e/{phase.event.slug}/phase/{phase.id}"
    for encoding in ("br", "gzip"):
        response = client.get(url, headers={"Accept-Encoding": encoding})
        assert response.headers["Content-Encoding"] == encoding
        assert len(response.data) <= 15 * 1024, (encoding, len(response.data))


def test_the_grand_final_rounds_are_named(client, app):
    phase = big_double_elimination(players=8, share=0)
    page = client.get(f"/e/{phase.event.slug}/phase/{phase.id}?lang=en").get_data(as_text=True)
    labels = re.findall(r'<div class="round-label">([^<]*)</div>', page)
    assert labels[-2:] == ["Grand final", "Grand final reset"], labels
