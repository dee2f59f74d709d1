"""The builder sets what a major needs (issue 41): a double-elimination phase played down to its
top cut (stop_at_top), pools called in waves (groups per wave) and qualifiers that keep their side
("sides"). A 64-entrant day of 8 DE pools (cut at 2: 1 + 1 each) → a top 16 cut at its top 8 →
a top 8 that starts with four in winners and four in losers, built from the builder's form alone."""
import random
import re

from webapp.extensions import db
from webapp.models import Event, Phase
from webapp.services.matches import bracket_rows, simulate
from webapp.tournament.bracket import real_matches


def _phase(i, name, pools="1", **extra):
    fields = {"name": name, "format": "double_elimination", "pools": pools, "match_type": "best_of",
              "best_of": "3", "later_from": "", "later_best_of": "5", "grand_final": "reset",
              "advance": "entry", "advance_count": "", "rounds": "", "stop_at_top": "", "pools_per_wave": ""}
    fields.update(extra)
    return {f"p{i}-{k}": v for k, v in fields.items()}


def _form(**extra) -> dict:
    form = {"preset": "weekly_double_elimination", "plan": "", "name": "SF6 Major 予選", "address": "",
            "day": "2026-12-19", "venue": "幕張", "game": "other", "entrants": "1on1", "team_size": "1",
            "expected": "64", "entry_cap": "", "stations": "16", "stream_stations": "", "start_time": "10:00",
            "checkin_opens": "", "checkin_closes": "", "venue_closes": "21:00", "fee": "", "phase_count": "3",
            "sheet": "\n".join(f"選手{i:02d}" for i in range(1, 65)), "confirm": "1", "action": "create"}
    form |= _phase(0, "プール", pools="8", stop_at_top="2", pools_per_wave="4")
    form |= _phase(1, "TOP16", stop_at_top="8", advance="sides")
    form |= _phase(2, "TOP8", advance="sides")
    form.update(extra)
    return form


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def test_the_builder_offers_top_cut_waves_and_sides(desk_client):
    page = _text(desk_client.post("/desk/new", data=_form(action="add_phase")))
    assert 'name="p0-stop_at_top"' in page and 'name="p0-pools_per_wave"' in page
    assert '<option value="sides"' in page


def test_a_major_from_the_builder_starts_its_top_eight_four_and_four(desk_client):
    answer = desk_client.post("/desk/new", data=_form())
    assert answer.status_code == 302, _text(answer)[:3000]
    event = db.session.scalar(db.select(Event))
    pools, top16, top8 = event.phases
    assert len(event.entrants) == 64 and pools.group_count == 8
    assert pools.options["stop_at_top"] == 2 and pools.options["pools_per_wave"] == 4
    assert top16.options["stop_at_top"] == 8
    assert top16.options["progression"]["mode"] == "sides" and top8.options["progression"]["mode"] == "sides"
    for phase in (pools, top16):
        assert desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"}).status_code == 302
        phase = db.session.get(Phase, phase.id)
        while phase.status != "done":
            simulate.play_phase(phase, random.Random(phase.id))
            db.session.commit()
            phase = db.session.get(Phase, phase.id)
    assert len(db.session.get(Phase, top16.id).brackets[0].entrants) == 16
    assert desk_client.post(f"/desk/phase/{top8.id}/start", data={"gate": "anyway"}).status_code == 302
    bracket = bracket_rows.load_to_read(db.session.get(Phase, top8.id).brackets[0])
    assert len(bracket.entrants) == 8 and len(bracket.options["losers_side"]) == 4


def test_sides_from_a_phase_not_cut_is_refused_next_to_the_field(desk_client):
    answer = desk_client.post("/desk/new", data=_form(**{"p0-stop_at_top": ""}))
    assert answer.status_code == 422
    page = _text(answer)
    assert 'id="err-p1-advance"' in page


def test_the_builders_estimate_counts_each_phase_to_its_cut_as_the_day_plays_it(desk_client):
    """The preview's matches per phase are what the started phases hold: pools played down to their
    top 2, a top 16 down to its top 8, a top 8 of 4 + 4 (not brackets played to a champion)."""
    page = _text(desk_client.post("/desk/new", data=_form(action="preview")))
    counted = [int(n) for n in re.findall(r'data-testid="preview-matches">(\d+)<', page)]
    assert desk_client.post("/desk/new", data=_form()).status_code == 302
    event = db.session.scalar(db.select(Event))
    played = []
    for n, phase in enumerate(event.phases):
        assert desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"}).status_code == 302
        phase = db.session.get(Phase, phase.id)
        played.append(sum(len(list(real_matches(bracket_rows.load_to_read(row)))) for row in phase.brackets))
        while n < len(event.phases) - 1 and phase.status != "done":
            simulate.play_phase(phase, random.Random(phase.id))
            db.session.commit()
            phase = db.session.get(Phase, phase.id)
    assert counted == played, (counted, played)
