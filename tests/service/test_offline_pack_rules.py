"""The offline pack carries what the one-tap score choices need: rounds to win and double K.O."""
from play_support import team_event

from webapp.services.reads import offline_pack


def test_the_pack_says_how_a_game_is_scored(app):
    tekken, _match = team_event()
    kgp, _match = team_event("best_of", "kgp2025", size=1)
    assert {k: offline_pack.pack(tekken, str)[k] for k in ("rounds_to_win", "double_ko")} == \
        {"rounds_to_win": 3, "double_ko": True}
    assert {k: offline_pack.pack(kgp, str)[k] for k in ("rounds_to_win", "double_ko")} == \
        {"rounds_to_win": 2, "double_ko": False}


def test_the_pack_carries_what_the_offline_form_defaults_from(app):
    """Roster and stages (the buttons and the list), the toss/stage/side/character rules, and each match's plays."""
    from play_support import member_ids, send

    tekken, match = team_event()
    kgp, kgp_match = team_event("best_of", "kgp2025", size=1)
    rules = {k: offline_pack.pack(tekken, str)[k] for k in ("character_lock", "stage_rule", "side_rule")}
    assert rules == {"character_lock": True, "stage_rule": "toss_then_loser", "side_rule": "toss_fixed"}
    assert offline_pack.pack(tekken, str)["coin_toss_required"] == ["kachinuki"]
    pack = offline_pack.pack(kgp, str)
    assert (pack["character_lock"], pack["stage_rule"], pack["side_rule"]) == (False, "agreement", "agreement")
    assert "不知火舞" in pack["roster"] and "Pao Pao Cafe" in pack["stages"]
    send(kgp_match, "report_game", position=0, winner="a", rounds_a=2, rounds_b=1, char_a="不知火舞", char_b="春麗",
         stage="Pao Pao Cafe", side_a="2P")
    played = next(m for p in offline_pack.pack(kgp, str)["phases"] for b in p["brackets"] for m in b["matches"]
                  if m["id"] == kgp_match.id)["plays"]
    assert played == [{"kind": "report_game", "position": 0, "winner": "a", "rounds_a": 2, "rounds_b": 1, "double_ko": False,
                       "char_a": "不知火舞", "char_b": "春麗", "stage": "Pao Pao Cafe", "side_a": "2P"}]
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    send(match, "name_player", position=1, side="a", member_id=member_ids(match, "a")[0])
    named = next(m for p in offline_pack.pack(tekken, str)["phases"] for b in p["brackets"] for m in b["matches"]
                 if m["id"] == match.id)["plays"]
    assert named == [{"kind": "coin_toss", "position": 0, "winner": "a", "choice": "stage", "side_of_winner": None},
                     {"kind": "name_player", "position": 1, "side": "a", "member_id": member_ids(match, "a")[0]}]


def test_the_pack_names_the_stages_in_each_page_language(app):
    """The offline page shows a stage as the online page does: Japanese on Japanese pages, the stored name otherwise."""
    tekken, _match = team_event()
    pack = offline_pack.pack(tekken, str)
    assert pack["stage_names"]["ja"]["Mishima Dojo"] == "三島道場"
    assert pack["stage_names"]["en"]["Mishima Dojo"] == "Mishima Dojo"
    assert set(pack["stage_names"]["ja"]) == set(pack["stages"])
