"""The start.gg-shaped export (sets with gameData, negative losers rounds, catalogue character ids)
and the placements CSV (BOM, rank, name, reading, members, characters), through their routes."""
import csv
import io

from export_events import played

from webapp.extensions import db
from webapp.services.matches import brackets


def test_startgg_sets_carry_game_data_and_losers_rounds_are_negative(app, client):
    event, phase = played("double_elimination", game="ssbu")  # characters with start.gg ids
    document = client.get(f"/api/v1/events/{event.slug}/phases/{phase.id}/export/startgg.json?lang=en").get_json()
    assert document["event"]["videogameId"] == 1386
    rounds = {s["round"] for s in document["sets"]}
    assert min(rounds) < 0 < max(rounds)
    losers = next(s for s in document["sets"] if s["round"] < 0)
    assert losers["fullRoundText"].startswith("Losers")
    # Spelled as start.gg spells it, and the file says it is taikai's own shape (issue 39.5).
    texts = {s["fullRoundText"] for s in document["sets"]}
    assert {"Winners Semi-Final", "Winners Final", "Losers Final", "Grand Final"} <= texts
    assert document["shape"] == "taikai" and "reportBracketSet" in document["note"]
    games = [g for s in document["sets"] for g in s["gameData"]]
    assert games and {"gameNum", "winnerId", "entrant1Score", "entrant2Score", "selections"} <= set(games[0])
    assert any("characterId" in sel for g in games for sel in g["selections"])
    assert all(sel["entrantId"] in (s["entrant1Id"], s["entrant2Id"]) for s in document["sets"]
               for g in s["gameData"] for sel in g["selections"])


def test_a_walkover_is_a_dq_with_minus_one(app, client):
    event, phase = played("single_elimination", share=0.0)
    loser = next(e for e in event.entrants if e.seed == 8)
    brackets.disqualify(loser, reason="欠席")
    db.session.commit()
    document = client.get(f"/api/v1/events/{event.slug}/export/startgg.json").get_json()
    dq = next(s for s in document["sets"] if s["isDQ"])
    scores = {dq["entrant1Id"]: dq["entrant1Score"], dq["entrant2Id"]: dq["entrant2Score"]}
    assert scores[loser.id] == -1 and dq["winnerId"] != loser.id


def test_the_placements_csv_names_members_and_characters(app, client):
    event, phase = played("kachinuki")
    answer = client.get(f"/api/v1/events/{event.slug}/export/placements.csv?lang=ja")
    text = answer.get_data(as_text=True)
    assert answer.headers["Content-Type"].startswith("text/csv") and text.startswith("\ufeff")
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    assert rows[0] == ["rank", "rank_to", "name", "reading", "members", "characters"]
    first = rows[1]
    assert first[0] == "1" and "A1" in first[4] or "B1" in first[4] or "/" in first[4]
    assert first[5]  # the champion played characters
    phase_rows = list(csv.reader(io.StringIO(client.get(
        f"/api/v1/events/{event.slug}/phases/{phase.id}/export/placements.csv").get_data(as_text=True).lstrip("\ufeff"))))
    assert phase_rows[0][0] == "group" and len(phase_rows) == 5
