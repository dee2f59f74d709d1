"""The game catalogue: every shipped title file is valid, titles are found by key and by the
names people type, characters by kana, in あいうえお order."""
import tomllib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.tournament import games
from webapp.tournament.games import schema
from webapp.tournament.textsearch import matches

FILES = games.data_files()


@pytest.mark.parametrize("key", sorted(FILES))
def test_every_shipped_file_validates(key):
    data = tomllib.loads(FILES[key])
    assert schema.problems(data, key) == []
    for row in data.get("characters", []):
        assert row["ja"].strip() and row["en"].strip() and schema.is_hiragana(row["kana"])


def test_the_catalogue_holds_the_titles_of_the_issue():
    assert {"sf6", "tekken8", "tekken7", "ggst", "gbvsr", "fatal_fury_cotw", "other"} <= set(games.GAMES)
    assert games.get_title("other").characters == () and games.get_title("other").stages == ()
    assert games.get_title("other").rounds_to_win == 2


def test_the_schema_refuses_what_is_wrong():
    data = tomllib.loads(FILES["sf6"])
    bad = {**data, "characters": [*data["characters"], {**data["characters"][0], "kana": "リュウ"}]}
    wrong = " ".join(schema.problems(bad, "sf6"))
    assert "kana must be hiragana" in wrong and "key ryu twice" in wrong and "ja リュウ twice" in wrong
    assert "key sf6 is not the file name" in " ".join(schema.problems(data, "tekken8"))
    assert any("name_ja" in p for p in schema.problems({k: v for k, v in data.items() if k != "name_ja"}))
    assert any("double_ko" in p for p in schema.problems({**data, "double_ko": "both"}))
    assert any("unknown field" in p for p in schema.problems({**data, "colour": "red"}))
    blank = {**data, "characters": [{"key": "x", "en": "", "ja": "エックス", "kana": "えっくす"}]}
    assert "key, en and ja are required" in " ".join(schema.problems(blank))


@pytest.mark.parametrize("text,key", [("Tekken 7", "tekken7"), ("鉄拳7", "tekken7"), ("TEKKEN 7", "tekken7"),
                                      ("tekken7", "tekken7"), ("鉄拳８", "tekken8"), ("スト6", "sf6"),
                                      ("Street Fighter 6", "sf6"), ("GGST", "ggst"), ("KGP2025 1on1", "fatal_fury_cotw"),
                                      ("餓狼伝説 City of the Wolves", "fatal_fury_cotw"), ("GBVSR", "gbvsr")])
def test_titles_resolve_from_free_text(text, key):
    assert games.resolve(text) == key


def test_unknown_or_empty_text_resolves_to_nothing_and_reads_as_other():
    assert games.resolve("Puyo Puyo") is None and games.resolve("") is None and games.resolve(None) is None
    assert games.get_title("puyo").key == "other"


def test_characters_are_found_by_kana_with_textsearch():
    tekken8 = games.get_title("tekken8")
    assert [c.key for c in games.search(tekken8.characters, "かずや")] == ["kazuya"]
    assert [c.key for c in games.search(tekken8.characters, "ﾕｳｼﾞﾛｳ")] == ["yujiro"]
    sf6 = games.get_title("sf6")
    assert matches("しゅんれい", *sf6.character("chun_li").names())
    assert sf6.character("Chun-Li").ja == "春麗" and sf6.character("春麗").en == "Chun-Li"


def test_characters_come_in_aiueo_order():
    values = games.get_title("tekken7").character_values()
    assert values.index("アーマーキング") < values.index("アリサ") < values.index("一八") < values.index("ロウ")
    readings = [games.get_title("tekken7").character(v).kana for v in values]
    assert [games.title.reading_key(r) for r in readings] == sorted(games.title.reading_key(r) for r in readings)


def test_today_s_stored_values_stay_known():
    """Old entries hold Tekken 7's Japanese names and English stage names."""
    tekken7 = games.get_title("tekken7")
    for name in ("一八", "仁", "ポール", "キング", "ロウ", "風間飛鳥", "ロジャーJr.", "ジャック7"):
        assert tekken7.character(name) is not None, name
    assert tekken7.stage("Mishima Dojo").ja == "三島道場"
    fatal_fury = games.get_title("fatal_fury_cotw")
    assert fatal_fury.character("テリー・ボガード").en == "Terry Bogard"
    assert fatal_fury.stage("Pao Pao Cafe").ja == "パオパオカフェ"


def test_rule_defaults_are_the_title_s_usual_rules():
    tekken8 = games.rule_defaults("tekken8")
    assert {k: tekken8[k] for k in ("rounds_to_win", "stage_choice", "side_choice", "double_ko")} == {
        "rounds_to_win": 3, "stage_choice": True, "side_choice": True, "double_ko": "replayed"}
    assert games.rule_defaults("sf6")["rounds_to_win"] == 2
    assert games.rule_defaults("nonsense") == games.rule_defaults("other")


def test_choices_put_other_game_last_in_the_reader_s_language():
    ja, en = games.choices("ja"), games.choices("en")
    assert ja[-1].key == en[-1].key == "other"
    assert [t.name_en for t in en[:-1]] == sorted((t.name_en for t in en[:-1]), key=str.casefold)
    assert games.title_name("sf6", "ja") == "ストリートファイター6" and games.title_name("sf6", "en") == "Street Fighter 6"


def test_desk_additions_merge_by_key():
    sf6 = games.get_title("sf6")
    merged = sf6.with_entries([games.Entry("ryu", "Ryu", "隆", "りゅう"), games.Entry("new", "New", "ニュー", "にゅー")])
    assert merged.character("ryu").ja == "隆" and merged.characters[-1].key == "new"
    assert len(merged.characters) == len(sf6.characters) + 1


@settings(max_examples=60, deadline=None)
@given(st.sampled_from(sorted(games.GAMES)), st.data())
def test_every_character_is_found_by_each_of_its_names(key, data):
    title = games.get_title(key)
    if not title.characters:
        return
    character = data.draw(st.sampled_from(title.characters))
    for name in (character.ja, character.en, character.key):
        assert title.character(name) == character or title.character(name).key == character.key
    assert character in games.search(title.characters, character.kana)


def test_every_event_template_names_a_title_of_the_catalogue():
    from webapp.tournament.event_plans import TEMPLATES
    assert {name: t.game for name, t in TEMPLATES.items()} == {
        "tekken7_hiza_5on5": "tekken7", "kgp2025": "fatal_fury_cotw", "single_elimination_1on1": "fatal_fury_cotw"}


def test_each_game_has_its_own_shape():
    """Smash counts stocks, has no sides nor double K.O., strikes stages; KOF XV is three characters in
    order, 2XKO a duo; the rest one character, rounds, sides."""
    smash = games.rule_defaults("ssbu")
    assert (smash["score"], smash["stocks"], smash["sides"], smash["double_ko"]) == ("stocks", 3, False, "impossible")
    assert smash["stage_choice"] == "striking" and smash["stage_striking"]["strike_order"] == [1, 2, 1]
    assert "Battlefield" in smash["stage_striking"]["starters"]
    assert (games.rule_defaults("kofxv")["characters_per_side"], games.rule_defaults("kofxv")["character_order"]) == (3, True)
    assert games.rule_defaults("2xko")["characters_per_side"] == 2
    for key in games.GAMES:
        if key not in ("ssbu", "kofxv", "2xko"):
            shape = games.rule_defaults(key)
            assert (shape["score"], shape["characters_per_side"], shape["sides"]) == ("rounds", 1, True), key


def test_a_stage_rule_set_names_the_title_s_stages_and_can_be_played():
    from webapp.tournament.games import schema
    data = {"key": "x", "name_ja": "x", "name_en": "x", "rounds_to_win": 1, "stage_choice": True,
            "side_choice": False, "double_ko": "impossible", "minutes_per_set": 10, "stage_procedure": "striking",
            "stages": [{"key": "a", "en": "A", "ja": "A"}, {"key": "b", "en": "B", "ja": "B"}],
            "stage_rules": [{"key": "r", "name_ja": "r", "name_en": "r", "starters": ["a", "c"], "counterpicks": [],
                             "strike_order": [1], "bans": 2, "dsr": "dsr"}]}
    found = schema.problems(data, "x")
    assert any("c is not one of the title's stages" in p for p in found)
    assert any("not playable: bans" in p for p in found)
