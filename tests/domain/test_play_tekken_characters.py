"""Tekken character lock: registered character, the three-part change, voided wins."""
from __future__ import annotations

from domain_play import kachinuki, named, rejected, tossed, win

from webapp.tournament.play import DeclareChange, Penalty, apply


def started(**kw):
    """Toss made, A1 vs B1 seated."""
    return named(tossed(kachinuki(**kw)), 1, 11)


def test_registered_character_win_stands():
    s = apply(started(), win("a", char_a="Kazuya"))
    g = s.games[0]
    assert g.winner == "a" and not g.voided and g.char_b == "Kazuya"  # "" = registered


def test_win_with_undeclared_character_is_voided_into_a_loss():
    s = apply(started(), win("a", 1, char_a="Heihachi"))
    g = s.games[0]
    assert g.played_winner == "a" and g.voided and g.winner == "b"
    p = s.prompt()
    assert p.players == {"a": None, "b": 11} and p.must_name == ["a"] and p.score == (0, 1)
    assert p.stage_picker == "a"   # A lost the game that counts


def test_loss_with_another_character_stays_a_loss():
    s = apply(started(), win("b", char_a="Heihachi"))
    assert s.games[0].winner == "b" and not s.games[0].voided


def test_change_needs_declaration_at_reception():
    v = rejected(started(), DeclareChange("a", 1, "Heihachi", True, True),
                 "tekken.change_not_declared_at_reception")
    assert v.params["registered"] == "Kazuya"


def test_change_declared_and_allowed_by_both_is_allowed():
    s = apply(started(declared_a=(1,)), DeclareChange("a", 1, "Heihachi", True, True))
    assert s.prompt().may_change_character == ["a"]
    assert s.prompt().characters["a"] == "Heihachi"
    s = apply(s, win("a", char_a="Heihachi"))
    assert s.games[0].winner == "a" and not s.games[0].voided


def test_change_refused_by_the_opponent_keeps_the_lock():
    s = apply(started(declared_a=(1,)), DeclareChange("a", 1, "Heihachi", False, True))
    assert s.prompt().may_change_character == []
    s = apply(s, win("a", char_a="Heihachi"))
    assert s.games[0].voided and s.games[0].winner == "b"


def test_void_after_the_match_can_change_its_result():
    s = started()
    s = named(apply(s, win("a")), b=12)
    for b_next in (13, 14, 15):
        s = named(apply(s, win("a")), b=b_next)
    s = apply(s, win("a", char_a="Kazuya"))
    assert s.finished and s.winner == "a"
    s = apply(s, Penalty("a", "undeclared_change", game=4, note="played Heihachi, recorded wrong"))
    assert not s.finished and s.score == (4, 1) and s.prompt().must_name == ["a"]


def test_void_needs_a_win_of_that_side():
    s = apply(started(), win("b"))
    rejected(s, Penalty("a", "undeclared_change", game=0), "tekken.void_needs_win")
    rejected(s, Penalty("b", "undeclared_change", game=3), "penalty.game_unknown")
