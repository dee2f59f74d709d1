"""Bracket core: recording, errors, corrections, persistence round trip."""
import json
from dataclasses import asdict, fields

import pytest

from webapp.tournament import bracket as core
from webapp.tournament.bracket import Bracket, Entrant, Match
from webapp.tournament.bracket_results import correct_result, record_result
from webapp.tournament.errors import BracketError
from webapp.tournament.formats import generate, placements


def ents(n):
    """Entrants with ids 100+seed."""
    return [Entrant(100 + s, s) for s in range(1, n + 1)]


def code_of(fn, *args, **kw):
    """The BracketError code ``fn`` raises."""
    with pytest.raises(BracketError) as err:
        fn(*args, **kw)
    return err.value


def test_domain_imports_only_stdlib():
    import pathlib
    root = pathlib.Path(core.__file__).parent
    for path in [root / "bracket.py", root / "bracket_results.py", *sorted((root / "formats").glob("*.py"))]:
        src = path.read_text()
        for name in ("flask", "sqlalchemy", "marshmallow", "werkzeug"):
            assert f"import {name}" not in src and f"from {name}" not in src, path


def test_record_errors_have_stable_codes():
    b = generate("single_elimination", ents(4))
    assert code_of(record_result, b, "W2.1", 101).code == "bracket.match_not_ready"
    assert code_of(record_result, b, "W1.1", 102).code == "bracket.not_a_participant"
    assert code_of(record_result, b, "W9.9", 101).code == "bracket.unknown_match"
    record_result(b, "W1.1", 101)
    err = code_of(record_result, b, "W1.1", 101)
    assert err.code == "bracket.already_decided" and err.params == {"key": "W1.1"}
    assert "W1.1" in str(err)


def test_record_returns_changed_keys_and_sets_fields():
    b = generate("double_elimination", ents(4))
    assert record_result(b, "W1.1", 104, walkover=True) == ["W1.1", "W2.1", "L1.1"]
    m = b.matches["W1.1"]
    assert (m.winner, m.loser, m.status, m.walkover) == (104, 101, "done", True)
    assert b.matches["W2.1"].slots == [104, None] and b.matches["L1.1"].slots == [101, None]


def test_ready_matches_and_rounds():
    b = generate("single_elimination", ents(6))
    assert [m.key for m in b.ready_matches()] == ["W1.2", "W1.4"]
    assert [[m.key for m in r] for r in b.rounds("W")] == [
        ["W1.1", "W1.2", "W1.3", "W1.4"], ["W2.1", "W2.2"], ["W3.1"]]
    assert b.rounds("L") == []
    assert b.match("W1.2") is b.matches["W1.2"]


def played(n, results):
    """A double elimination of n with ``results`` [(key, winner_seed)] recorded."""
    b = generate("double_elimination", ents(n))
    for key, seed in results:
        record_result(b, key, 100 + seed)
    return b


def test_correct_without_downstream_play_reopens_silently():
    b = played(4, [("W1.1", 1), ("W1.2", 2)])
    c = correct_result(b, "W1.1", 104)
    assert sorted(c.reopened) == ["L1.1", "W2.1"]
    assert c.played == []
    assert b.matches["W2.1"].slots == [104, 102] and b.matches["L1.1"].slots == [101, 103]
    assert b.matches["W1.1"].winner == 104 and b.matches["W1.1"].loser == 101


def test_correct_refuses_when_downstream_played():
    b = played(4, [("W1.1", 1), ("W1.2", 2), ("W2.1", 1)])
    before = b.to_dict()
    err = code_of(correct_result, b, "W1.1", 104)
    assert err.code == "bracket.downstream_played" and err.params["keys"] == ["W2.1"]
    assert "W2.1" in str(err)
    assert b.to_dict() == before          # nothing changed


def test_correct_with_cascade_reopens_played_matches():
    b = played(4, [("W1.1", 1), ("W1.2", 2), ("W2.1", 1), ("L1.1", 3)])
    c = correct_result(b, "W1.1", 104, cascade=True)
    assert sorted(c.played) == ["L1.1", "W2.1"]
    assert sorted(c.reopened) == ["GF1", "L1.1", "L2.1", "W2.1"]   # GF1 held W2.1's winner
    assert b.matches["W2.1"].status == "ready" and b.matches["W2.1"].slots == [104, 102]
    assert b.matches["L1.1"].status == "ready" and b.matches["L1.1"].slots == [101, 103]
    assert b.matches["L2.1"].status == "pending" and b.matches["L2.1"].slots == [None, None]
    assert b.matches["W2.1"].winner is None and b.matches["L1.1"].loser is None


def test_correct_grand_final_brings_reset_back():
    b = played(4, [("W1.1", 1), ("W1.2", 2), ("W2.1", 1), ("L1.1", 3), ("L2.1", 2), ("GF1", 1)])
    assert b.finished and b.matches["GF2"].status == "void"
    c = correct_result(b, "GF1", 102)
    assert c.reopened == ["GF2"] and c.played == []
    assert b.matches["GF2"].status == "ready" and not b.finished
    c = correct_result(b, "GF1", 101)
    assert b.matches["GF2"].status == "void" and b.matches["GF2"].winner == 101


def test_correct_a_bye_fed_downstream():
    b = generate("double_elimination", ents(5))
    record_result(b, "W1.2", 104)            # 5 drops to L1.1, a bye, then on to L2.1
    assert b.matches["L2.1"].slots[1] == 105
    c = correct_result(b, "W1.2", 105)
    assert "L1.1" in c.reopened and c.played == []
    assert b.matches["L1.1"].status == "bye" and b.matches["L1.1"].winner == 104
    assert b.matches["L2.1"].slots[1] == 104 and b.matches["W2.1"].slots == [101, 105]


def test_correct_errors():
    b = generate("single_elimination", ents(3))
    assert code_of(correct_result, b, "W1.1", 101).code == "bracket.not_played"
    assert code_of(correct_result, b, "W1.2", 102).code == "bracket.not_decided"
    record_result(b, "W1.2", 102)
    assert code_of(correct_result, b, "W1.2", 101).code == "bracket.not_a_participant"
    c = correct_result(b, "W1.2", 102, walkover=True)
    assert c.reopened == [] and b.matches["W1.2"].walkover


def test_to_dict_round_trip_through_json():
    b = played(6, [("W1.2", 4), ("W1.4", 3)])
    d = json.loads(json.dumps(b.to_dict()))
    assert d["matches"][0]["winner_to"] == ["W2.1", 0]
    again = Bracket.from_dict(d)
    assert again == b
    assert again.matches["W1.2"].winner_to == ("W2.1", 1)
    record_result(again, "W2.2", 102)
    assert again.matches["L2.1"].slots[0] == 103 or again.matches["L2.2"].slots[0] == 103


def test_rebuild_from_match_rows_only():
    b = generate("kgp_finals", [Entrant(1, 1, 0), Entrant(2, 2, 0), Entrant(3, 3, 1), Entrant(4, 4, 1)])
    record_result(b, "Q1", 4)
    rows = [{f.name: getattr(m, f.name) for f in fields(Match)} for m in b.matches.values()]
    rebuilt = Bracket(b.format, b.options, dict(b.entrants), {r["key"]: Match(**r) for r in rows})
    assert rebuilt.ready_matches() == b.ready_matches()
    record_result(rebuilt, "Q1R", 1)
    assert rebuilt.matches["F"].slots[0] == 1
    assert asdict(rebuilt.matches["Q1"]) == asdict(b.matches["Q1"])


def test_placements_dispatch_by_format():
    b = generate("pairs", ents(4))
    record_result(b, "P1", 102)
    assert [(p.entrant_id, p.rank, p.rank_to) for p in placements(b)] == [(102, 1, 2), (101, 3, 4)]


def test_from_dict_ignores_extra_row_columns():
    b = generate("single_elimination", ents(4))
    d = b.to_dict()
    for row in d["matches"]:
        row["id"] = 7
        row["version"] = 3
    assert Bracket.from_dict(d) == b
