"""The Open Bracket Format export: every format and team type validates against the vendored
OBF v1.0 schema (tests/vendor/openbracketformat), and the bracket's shape reads back from it."""
import json
import pathlib

import jsonschema
import pytest
from export_events import KINDS, played

from webapp.extensions import db
from webapp.services.exports import obf_export
from webapp.services.matches import brackets

SCHEMA = json.loads((pathlib.Path(__file__).resolve().parents[1] / "vendor" / "openbracketformat"
                     / "tournamentSchema.json").read_text(encoding="utf-8"))


def _valid(document: dict) -> None:
    jsonschema.Draft6Validator(SCHEMA, format_checker=jsonschema.FormatChecker()).validate(document)


@pytest.mark.parametrize("kind", KINDS)
def test_every_format_exports_valid_obf(app, kind):
    event, phase = played(kind)
    with app.test_request_context("/?lang=en"):
        for document in (obf_export.phase_document(phase, "en"), obf_export.event_document(event, "ja")):
            _valid(document)
            assert document["version"] == "v1.0" and document["sets"]
            ids = {e["entrantID"] for e in document["entrants"]}
            assert {s[k] for s in document["sets"] for k in ("entrant1ID", "entrant2ID") if k in s} <= ids
            decided = [s for s in document["sets"] if s["status"] == "completed"]
            assert decided and all({s["entrant1Result"], s["entrant2Result"]} <= {"win", "lose", "dq", "draw"}
                                   for s in decided)


@pytest.mark.parametrize("kind", ["kachinuki", "point_format"])
def test_a_team_match_names_both_members_of_every_game(app, kind):
    event, phase = played(kind)
    with app.test_request_context("/?lang=ja"):
        document = obf_export.phase_document(phase, "ja")
    members = {m.name for e in event.entrants for m in e.members}
    games = [g for s in document["sets"] for g in s["games"]]
    assert games
    for game in games:
        assert game["other"]["entrant1Player"] in members and game["other"]["entrant2Player"] in members
    team = next(e for e in document["entrants"] if len(e["personalInformation"]) > 1)
    assert [p["tag"] for p in team["personalInformation"]] == team["other"]["teamMembers"]


def _edges_from_obf(document: dict) -> set:
    """(set, next set) for each entrant of a decided set, read from the NextSetIDs and checked
    against the PrevSetIDs of the set they lead to."""
    by_id = {s["setID"]: s for s in document["sets"]}
    edges = set()
    for s in document["sets"]:
        for n in (1, 2):
            nxt = s.get(f"entrant{n}NextSetID")
            if nxt is None:
                continue
            entrant, target = s[f"entrant{n}ID"], by_id[nxt]
            slot = 1 if target.get("entrant1ID") == entrant else 2
            assert target.get(f"entrant{slot}ID") == entrant
            assert target[f"entrant{slot}PrevSetID"] == s["setID"]
            edges.add((s["setID"], nxt, s[f"entrant{n}Result"] == "win"))
    return edges


def _edges_from_bracket(phase) -> set:
    """The same from the bracket's own links, byes and void resets stepped over."""
    rows = {m.key: m for m in phase.brackets[0].matches}
    edges = set()
    for m in rows.values():
        if m.status in ("bye", "void") or m.winner_id is None:
            continue
        for link, won in ((m.winner_to, True), (m.loser_to, False)):
            while link is not None and rows[link[0]].status == "bye":
                link = rows[link[0]].winner_to
            if link is not None and rows[link[0]].status != "void":
                edges.add((str(m.id), str(rows[link[0]].id), won))
    return edges


@pytest.mark.parametrize("kind", ["single_elimination", "double_elimination", "kgp_finals"])
def test_the_bracket_shape_reads_back_from_the_obf_links(app, kind):
    event, phase = played(kind)
    with app.test_request_context("/"):
        document = obf_export.phase_document(phase, "ja")
    from_obf = _edges_from_obf(document)
    assert from_obf and from_obf == _edges_from_bracket(phase)
    firsts = [s for s in document["sets"] if "entrant1PrevSetID" not in s and "entrant2PrevSetID" not in s]
    assert firsts  # round one: nobody came from anywhere


def test_a_disqualified_entrant_loses_by_dq(app):
    event, phase = played("single_elimination", share=0.0)
    loser = next(e for e in event.entrants if e.seed == 8)
    brackets.disqualify(loser, reason="遅刻")
    db.session.commit()
    with app.test_request_context("/"):
        document = obf_export.phase_document(phase, "ja")
    _valid(document)
    mine = [s for s in document["sets"] if str(loser.id) in (s.get("entrant1ID"), s.get("entrant2ID"))]
    side = 1 if mine[0]["entrant1ID"] == str(loser.id) else 2
    assert mine[0][f"entrant{side}Result"] == "dq" and mine[0]["other"]["disqualified"]
    assert next(e for e in document["entrants"] if e["entrantID"] == str(loser.id))["other"]["disqualified"]


def test_a_withdrawn_entrant_is_exported_as_withdrawn_not_disqualified(app):
    """OBF v1.0 has no "withdrawn" result: the set keeps its one documented value for a side that did
    not play ("dq"), and says withdrawn (not disqualified) under the set's and the entrant's "other"."""
    from webapp.services.entrants import entrant_edits
    assert "withdrawn" not in json.dumps(SCHEMA["definitions"]["SetGameResult"])
    event, phase = played("single_elimination", share=0.0)
    loser = next(e for e in event.entrants if e.seed == 8)
    entrant_edits.withdraw(loser)
    db.session.commit()
    with app.test_request_context("/"):
        document = obf_export.phase_document(phase, "ja")
    _valid(document)
    mine = [s for s in document["sets"] if str(loser.id) in (s.get("entrant1ID"), s.get("entrant2ID"))]
    side = 1 if mine[0]["entrant1ID"] == str(loser.id) else 2
    assert mine[0][f"entrant{side}Result"] == "dq"
    assert mine[0]["other"]["withdrawn"] and not mine[0]["other"]["disqualified"]
    out = next(e for e in document["entrants"] if e["entrantID"] == str(loser.id))["other"]
    assert out["withdrawn"] and not out["disqualified"]


def test_a_player_disqualified_during_play_loses_by_dq(app):
    from play_support import send, team_event

    from webapp.models import MatchRow
    event, match = team_event("best_of", "standard_1on1", size=1)
    out = send(match, "penalty", position=0, side="b", penalty="dq_day")
    assert out.outcome == "applied", out.message
    phase = event.phases[0]
    with app.test_request_context("/"):
        document = obf_export.phase_document(phase, "ja")
        sets = {s["setID"]: s for s in document["sets"]}
    _valid(document)
    done = sets[str(match.id)]
    assert db.session.get(MatchRow, match.id).status == "done"
    assert (done["entrant1Result"], done["entrant2Result"]) == ("win", "dq") and done["other"]["forfeit"]
