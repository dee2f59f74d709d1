"""The offline pack carries what the one-tap score choices need: rounds to win and double K.O."""
from webapp.services import offline_pack

from play_support import team_event


def test_the_pack_says_how_a_game_is_scored(app):
    tekken, _match = team_event()
    kgp, _match = team_event("best_of", "kgp2025", size=1)
    assert {k: offline_pack.pack(tekken, str)[k] for k in ("rounds_to_win", "double_ko")} == \
        {"rounds_to_win": 3, "double_ko": True}
    assert {k: offline_pack.pack(kgp, str)[k] for k in ("rounds_to_win", "double_ko")} == \
        {"rounds_to_win": 2, "double_ko": False}
