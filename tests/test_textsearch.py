"""Japanese names fold alike across widths and kana for search and sorting."""
from hypothesis import given, strategies as st

from webapp.textsearch import fold, matches, sort_key


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
