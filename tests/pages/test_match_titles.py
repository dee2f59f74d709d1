"""Matches are named for people ("勝者側 2回戦 第3試合"); the key is only a secondary label."""

import pytest
from flask_babel import force_locale  # noqa: E402
from play_support import kgp_top4  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets  # noqa: E402
from webapp.services.reads.round_names import match_title  # noqa: E402
from webapp.services.setup import event_templates, events
from webapp.views.template_helpers import match_key_label  # noqa: E402


def _phase(fmt, count, **options):
    event = events.create_event("名前テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, count + 1)])
    phase = events.add_phase(event, "本戦", fmt, **options)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return phase


def _titles(phase, locale):
    with force_locale(locale):
        return {m.key: match_title(m) for b in phase.brackets for m in b.matches}


def test_double_elimination_titles_in_both_languages(app):
    phase = _phase("double_elimination", 32, grand_final="reset")
    ja, en = _titles(phase, "ja"), _titles(phase, "en")
    assert ja["W2.3"] == "勝者側 2回戦 第3試合" and en["W2.3"] == "Winners round 2, match 3"
    assert ja["L1.2"] == "敗者側 1回戦 第2試合" and en["L1.2"] == "Losers round 1, match 2"
    assert ja["W5.1"] == "勝者側決勝" and ja["W4.2"] == "勝者側準決勝 第2試合"
    assert ja["GF1"] == "グランドファイナル" and en["GF2"] == "Grand final reset"


def test_single_elimination_uses_round_names_and_skips_byes(app):
    phase = _phase("single_elimination", 6, third_place=True)
    ja = _titles(phase, "ja")
    assert ja["W3.1"] == "決勝" and ja["W2.1"] == "準決勝 第1試合" and ja["3P"] == "3位決定戦"
    round_one = [m for m in phase.brackets[0].matches if m.round == 1 and m.side == "W"]
    played = sorted(ja[m.key] for m in round_one if m.status != "bye")
    assert len(played) < len(round_one) and played == ["準々決勝 第1試合", "準々決勝 第2試合"]


def test_groups_and_finals_stage(app):
    groups = _phase("double_elimination", 12, group_count=3, grand_final="none")
    third = groups.brackets[2]
    with force_locale("ja"):
        names = sorted(match_title(m) for m in third.matches if m.status not in ("bye", "void"))
    assert names[0] == "グループC 第1試合" and len(set(names)) == len(names)
    event, de, finals = kgp_top4()
    event_templates.start(finals)
    db.session.commit()
    with force_locale("ja"):
        names = {m.key: match_title(m) for m in finals.brackets[0].matches}
    assert names["F"] == "決勝" and "再戦" in names["Q1R"] and names["Q2"] == "決勝ステージ進出決定戦 第2試合"


def test_key_label_is_small_and_marked(app):
    phase = _phase("single_elimination", 4)
    match = phase.brackets[0].matches[0]
    with force_locale("en"):
        assert str(match_key_label(match)) == f'<small class="key" title="Bracket key">{match.key}</small>'



def test_messages_name_matches_not_keys(app):
    from types import SimpleNamespace

    from webapp.services.reads.sheets import translate_outcome

    phase = _phase("double_elimination", 8)
    match = next(m for m in phase.brackets[0].matches if m.key == "W1.2")
    said = SimpleNamespace(message="Match %(key)s cannot be corrected: %(matches)s already played with the old result. "
                                   "Reopen them too (cascade) or correct them first.",
                           params={"key": "W1.2", "matches": "W2.1, L1.1"})
    with force_locale("en"):
        text = translate_outcome(said, match)
    assert "W1.2" not in text and "Winners quarterfinals, match 2" in text
    assert "Winners semifinals, match 1, Losers round 1, match 1" in text


# --- The one naming rule, at the sizes people run ---------------------------------------

def _played(phase):
    return [m for b in phase.brackets for m in b.matches if m.status not in ("bye", "void")]


def _round_sizes(phase):
    sizes = {}
    for b in phase.brackets:
        for m in b.matches:
            sizes[(m.side, m.round)] = sizes.get((m.side, m.round), 0) + 1
    return sizes


@pytest.mark.parametrize("count", [8, 24, 48, 99, 256])
def test_double_elimination_names_follow_the_convention(app, count):
    from webapp.services.reads.round_names import phase_round_name, round_name

    phase = _phase("double_elimination", count, grand_final="reset")
    sizes = _round_sizes(phase)
    last_l = max(r for s, r in sizes if s == "L")
    for locale, words in (("ja", {"final": "勝者側決勝", "semi": "勝者側準決勝", "quarter": "勝者側準々決勝"}),
                          ("en", {"final": "Winners final", "semi": "Winners semifinals",
                                  "quarter": "Winners quarterfinals"})):
        with force_locale(locale):
            titles = [match_title(m) for m in _played(phase)]
            assert len(set(titles)) == len(titles), "every match name is unique in its phase"
            for (side, number), size in sizes.items():
                match = next(m for m in phase.brackets[0].matches if (m.side, m.round) == (side, number))
                name = round_name(match)
                assert phase_round_name(phase, side, number) == name  # the run table's filter says the same
                if side == "W":
                    expected = {1: words["final"], 2: words["semi"], 4: words["quarter"]}.get(size)
                    assert name == (expected or (f"勝者側 {number}回戦" if locale == "ja"
                                                 else f"Winners round {number}"))
                if side == "L":
                    final = "敗者側決勝" if locale == "ja" else "Losers final"
                    other = f"敗者側 {number}回戦" if locale == "ja" else f"Losers round {number}"
                    assert name == (final if number == last_l else other)
            names = {m.key: match_title(m) for m in phase.brackets[0].matches}
            assert names["GF1"] == ("グランドファイナル" if locale == "ja" else "Grand final")
            assert names["GF2"] == ("グランドファイナル（リセット）" if locale == "ja" else "Grand final reset")


def test_the_kgp_day_names_the_last_four_of_each_side(app):
    from webapp.services.reads.round_names import round_name

    _event, de, finals = kgp_top4(24)
    with force_locale("ja"):
        names = {m.key: match_title(m) for m in de.brackets[0].matches}
        assert names["W4.1"] == "勝者側準決勝 第1試合" and names["W4.2"] == "勝者側準決勝 第2試合"
        assert names["W3.1"] == "勝者側準々決勝 第1試合" and names["W2.1"] == "勝者側 2回戦 第1試合"
        last_l = max(m.round for m in de.brackets[0].matches if m.side == "L")
        assert names[f"L{last_l}.2"] == f"敗者側 {last_l}回戦 第2試合"  # two matches: not a "final"
        assert len({names[m.key] for m in _played(de)}) == len(_played(de))
    event_templates.start(finals)
    db.session.commit()
    with force_locale("en"):
        names = {m.key: match_title(m) for m in finals.brackets[0].matches}
        rounds = {m.key: round_name(m) for m in finals.brackets[0].matches}
    assert names["Q1"] == "Finals-stage qualifier 1" and names["F"] == "Final"
    assert rounds["Q1R"] == "Finals-stage qualifier rematches" and rounds["Q1"] == "Finals-stage qualifiers"


def test_names_are_built_once_per_bracket(app, monkeypatch):
    """Linear: naming every match of a bracket builds its table once, not once per match."""
    from webapp.services.reads import round_names

    phase = _phase("double_elimination", 99, grand_final="reset")
    built = []
    real_build = round_names.build
    monkeypatch.setattr(round_names, "build", lambda *a, **k: built.append(1) or real_build(*a, **k))
    with force_locale("ja"):
        [match_title(m) for m in phase.brackets[0].matches]
        [round_names.round_name(m) for m in phase.brackets[0].matches]
    with force_locale("en"):
        [match_title(m) for m in phase.brackets[0].matches]
    assert len(built) == 2  # once per language
