"""Japanese names fold alike across widths and kana for search and sorting."""
from hypothesis import given
from hypothesis import strategies as st

from webapp.tournament.textsearch import fold, matches, sort_key


def test_width_and_kana_fold_together():
    assert fold("ﾀﾛｳ") == fold("タロウ") == fold("たろう")
    assert fold("ＴＡＲＯ") == fold("taro")
    assert matches("たろ", "チーム タロウ")
    assert not matches("", "タロウ")


def test_sorting_uses_the_reading():
    names = [("鈴木", "すずき"), ("阿部", "あべ"), ("佐藤", "さとう")]
    assert [n for n, _ in sorted(names, key=lambda p: sort_key(*p))] == ["阿部", "佐藤", "鈴木"]


@given(st.text())
def test_fold_is_idempotent(text):
    assert fold(fold(text)) == fold(text)


def test_readings_and_wave_dashes_are_found():
    from types import SimpleNamespace as NS

    from webapp.tournament.textsearch import entrant_texts
    yamada = NS(name="山田太郎", reading="やまだたろう", members=[NS(name="山田太郎", reading="")])
    team = NS(name="チーム桜", reading="", members=[NS(name="鈴木", reading="すずき")])
    assert matches("やまだ", *entrant_texts(yamada)) and matches("ヤマダ", *entrant_texts(yamada))
    assert matches("すずき", *entrant_texts(team))
    assert matches("なうまん", "ナウマン") and matches("ﾅｳﾏﾝ", "ナウマン")
    assert matches("阿部~", "阿部〜二郎") and matches("阿部～", "阿部〜二郎")


def test_the_shift_jis_wave_dash_stays_a_wave_dash():
    from webapp.services.entrants.entrant_lists import decode_csv, normalize_name
    assert normalize_name(decode_csv("阿部〜二郎".encode("cp932"))) == "阿部〜二郎"


def test_fold_name_and_normalise_name_are_the_domain_names_other_branches_reuse():
    import pytest

    from webapp.tournament.errors import RuleViolation
    from webapp.tournament.textsearch import fold_name, normalise_name
    assert normalise_name(" ｼﾞﾛｳ ") == "ジロウ" and normalise_name(normalise_name("Ａｌｐｈａ")) == "Alpha"
    assert fold_name("ｼﾞﾛｳ") == fold_name("じろう") == fold_name("ジロウ")
    for bad, code in (("a\u202eb", "entrants.name_invisible"), ("a\x07b", "entrants.name_control")):
        with pytest.raises(RuleViolation) as refused:
            normalise_name(bad)
        assert refused.value.code == code
