"""Best-of by round through the services: the match setup, the play and the scores follow it."""
import random

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, play, simulate
from webapp.services.reads import match_scores
from webapp.services.setup import events


def test_bo3_until_top4_then_bo5_is_played_and_scored_so(app, desk_client):
    event = events.create_event("EVO Japan 形式", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)])
    phase = events.add_phase(event, "本戦", "double_elimination", best_of=3, grand_final="reset",
                             best_of_by_round={"from": "top4", "best_of": 5})
    db.session.commit()
    page = desk_client.get(f"/desk/phase/{phase.id}/preview").get_data(as_text=True)
    assert "from the top 4: first to 3" in page or "上位4名から: 3本先取" in page
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    simulate.play_phase(phase, random.Random(8))
    db.session.commit()
    rows = phase.brackets[0].matches
    later = {("W", 3), ("L", 3), ("L", 4), ("GF", 1), ("GF", 2)}
    scores = match_scores.scores(phase, rows)
    for m in rows:
        want = 5 if (m.side, m.round) in later else 3
        assert play.best_of_for(m) == want, (m.key, want)
        if m.status == "done" and not m.walkover:
            assert max(play.state_of(m).score) == want // 2 + 1
            assert max(scores[m.id]) == want // 2 + 1
    final = next(m for m in rows if m.key == "GF1")
    first = next(m for m in rows if m.key == "W1.1")
    for match, wins in ((final, 3), (first, 2)):
        for path in (f"/m/{match.id}", f"/staff/m/{match.id}"):
            words = desk_client.get(path).get_data(as_text=True)
            assert f"first to {wins} games" in words or f"{wins}本先取" in words, path


def test_the_bo5_rounds_are_marked_on_bracket_projector_player_page_and_in_the_offline_pack(app, desk_client):
    from webapp.services.reads import offline_pack
    event = events.create_event("EVO Japan 形式 表示", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)])
    phase = events.add_phase(event, "本戦", "double_elimination", best_of=3, grand_final="reset",
                             best_of_by_round={"from": "top4", "best_of": 5})
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    rng = random.Random(4)
    while not any(m.status == "ready" and play.best_of_for(m) == 5 for m in phase.brackets[0].matches):
        simulate.play_match(next(m for m in phase.brackets[0].matches if m.status == "ready"), rng)
        db.session.commit()
    later = next(m for m in phase.brackets[0].matches if m.status == "ready" and play.best_of_for(m) == 5)
    bracket = desk_client.get(f"/e/{event.slug}/phase/{phase.id}").get_data(as_text=True)
    assert bracket.count('data-testid="round-bo"') == 5        # W3, L3, L4, GF1, GF2: Bo5; W1, W2, L1, L2 not
    calls = desk_client.get(f"/e/{event.slug}/calls").get_data(as_text=True)
    assert 'data-testid="call-bo">3本先取<' in calls  # how many games, said as everywhere else
    player = desk_client.get(f"/e/{event.slug}/p/{later.slot_a}").get_data(as_text=True)
    assert 'data-testid="player-bo">3本先取<' in player
    packed = {m["key"]: m for p in offline_pack.pack(event, str)["phases"] for b in p["brackets"] for m in b["matches"]}
    assert packed[later.key]["best_of"] == 5 and packed[later.key]["rules"]["games_to_win"] == 3
    assert packed["W1.1"]["best_of"] == 3 and packed["W1.1"]["rules"]["games_to_win"] == 2
