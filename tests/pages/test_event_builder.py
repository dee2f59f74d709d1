"""The event builder (/desk/new): a preset chosen, its phases adjusted, the day previewed, the event
created; every refusal kept next to its field with everything typed."""
import re

from webapp.extensions import db
from webapp.models import Event, Station


def _form(**extra) -> dict:
    """The weekly preset's form as the page sends it, with a name and the day's figures."""
    form = {"preset": "weekly_double_elimination", "plan": "", "name": "鉄拳8 週例会 #12", "address": "",
            "day": "2026-12-12", "venue": "ゲームセンター", "game": "tekken8", "entrants": "1on1", "team_size": "1",
            "expected": "24", "entry_cap": "32", "stations": "4", "start_time": "19:00", "checkin_opens": "18:30",
            "checkin_closes": "18:55", "venue_closes": "23:00", "fee": "500", "phase_count": "1",
            "p0-name": "本戦", "p0-format": "double_elimination", "p0-pools": "1", "p0-match_type": "best_of",
            "p0-best_of": "3", "p0-later_from": "top8", "p0-later_best_of": "5", "p0-grand_final": "reset",
            "p0-advance": "entry", "p0-advance_count": "", "p0-rounds": ""}
    form.update(extra)
    return form


def _text(response) -> str:
    return re.sub(r"\s+", " ", response.get_data(as_text=True))


def test_the_builder_lists_every_preset_in_japanese_and_english(desk_client):
    for lang, words in (("ja", "新しい大会"), ("en", "New event")):
        page = _text(desk_client.get(f"/desk/new?lang={lang}"))
        assert words in page
        for key in ("weekly_double_elimination", "pools_top8_double_elimination", "swiss_top8",
                    "team_3on3_point_format", "team_5on5_kachinuki", "kgp2025", "tekken7_hiza_5on5",
                    "single_elimination_1on1"):
            assert f'value="{key}"' in page, key
        phase_name = {"ja": "本戦", "en": "Main bracket"}[lang]  # the preset's names in the reader's language
        assert f'name="p0-name" id="f-p0-name" value="{phase_name}"' in page


def test_a_preset_fills_the_phases_and_keeps_what_was_typed(desk_client):
    page = _text(desk_client.post("/desk/new", data=_form(preset="pools_top8_double_elimination", action="preset")))
    assert 'value="鉄拳8 週例会 #12"' in page and 'value="ゲームセンター"' in page
    assert page.count('data-testid="phase-row"') == 2
    assert 'name="p1-advance_count" id="f-p1-advance_count" value="2"' in page


def test_the_preview_counts_matches_and_the_end(desk_client):
    page = _text(desk_client.post("/desk/new/preview", data=_form()))
    assert 'data-testid="preview-matches">47<' in page, page  # 24 players, double elimination with reset
    assert "予想終了" in page or "Expected end" in page
    late = _text(desk_client.post("/desk/new/preview", data=_form(stations="1", venue_closes="21:00")))
    assert 'data-testid="past-close"' in late


def test_create_lands_on_the_new_event_with_its_settings(desk_client):
    response = desk_client.post("/desk/new", data=_form(action="create"))
    assert response.status_code == 302, _text(response)[:3000]
    event = db.session.scalar(db.select(Event))
    assert response.headers["Location"].endswith(f"/desk/e/{event.id}")
    assert event.game == "tekken8" and event.slug == "tekken8-2026-12-12"
    assert (event.settings["start_time"], event.settings["venue_closes"]) == ("19:00", "23:00")
    assert [p.format for p in event.phases] == ["double_elimination"]
    assert event.phases[0].options["best_of_by_round"] == {"from": "top8", "best_of": 5}
    assert db.session.query(Station).filter_by(event_id=event.id).count() == 4


def test_every_wrong_field_is_named_next_to_it_and_nothing_is_lost(desk_client):
    bad = _form(action="create", name="", stations="1, 2, 2番台", start_time="25:00", checkin_closes="18:20",
                checkin_opens="18:30", **{"p0-best_of": "4", "p0-name": ""})
    response = desk_client.post("/desk/new", data=bad)
    assert response.status_code == 422
    page = _text(response)
    for field in ("name", "stations", "start_time", "checkin_closes", "p0-best_of", "p0-name"):
        assert f'data-testid="error-{field}"' in page, field
        assert f'aria-describedby="err-{field}"' in page, field
    assert 'value="ゲームセンター"' in page and 'value="1, 2, 2番台"' in page
    assert db.session.scalar(db.select(Event)) is None
    again = _text(desk_client.post("/desk/new", data=dict(bad, tried="1", action="preview", name="直した")))
    assert 'data-testid="error-name"' not in again and 'data-testid="error-stations"' in again


def test_a_taken_address_is_said_before_creating_and_gets_a_suffix(desk_client):
    desk_client.post("/desk/new", data=_form(action="create", address="weekly"))
    page = _text(desk_client.post("/desk/new/preview", data=_form(address="weekly")))
    assert 'data-testid="address-taken"' in page and "/e/weekly-2" in page
    response = desk_client.post("/desk/new", data=_form(action="create", address="weekly"))
    assert response.status_code == 302
    assert {e.slug for e in db.session.scalars(db.select(Event))} == {"weekly", "weekly-2"}


def test_phases_are_added_and_removed(desk_client):
    page = _text(desk_client.post("/desk/new", data=_form(action="add_phase")))
    assert page.count('data-testid="phase-row"') == 2
    page = _text(desk_client.post("/desk/new", data=_form(action="remove-0", phase_count="1")))
    assert page.count('data-testid="phase-row"') == 0


def test_a_seed_event_preset_reads_its_sheet_first_then_is_created_from_its_plan(desk_client):
    page = _text(desk_client.post("/desk/new", data=_form(preset="kgp2025", action="preset")))
    assert 'data-testid="plan-phases"' in page
    form = {**_form(), "plan": "kgp2025", "phase_count": "0", "game": "fatal_fury_cotw", "action": "create",
            "sheet": "名前,ふりがな\n" + "\n".join(f"選手{n},せんしゅ{n}" for n in range(1, 9))}
    preview = _text(desk_client.post("/desk/new", data=form))
    assert 'data-testid="sample-table"' in preview and 'data-testid="column-1"' in preview  # read first
    assert db.session.scalar(db.select(Event)) is None
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', preview))
    created = desk_client.post("/desk/new", data={**hidden, "text": form["sheet"], "column-0": "name",
                                                   "column-1": "reading", "confirm": "1"})
    assert created.status_code == 302, _text(created)[:3000]
    event = db.session.scalar(db.select(Event))
    assert event.template == "kgp2025" and len(event.entrants) == 8 and event.entrants[0].reading == "せんしゅ1"


def test_a_plan_without_its_entrants_is_refused_next_to_the_sheet(desk_client):
    response = desk_client.post("/desk/new", data={**_form(), "plan": "kgp2025", "phase_count": "0",
                                                    "action": "create"})
    assert response.status_code == 422 and 'data-testid="error-sheet"' in _text(response)


def test_the_preview_names_what_to_fix_first(desk_client):
    page = _text(desk_client.post("/desk/new/preview", data=_form(start_time="18:00")))
    assert 'data-testid="preview-fields"' in page and "受付締切は試合開始までに" in page


def test_the_old_template_page_leads_to_the_builder(desk_client):
    response = desk_client.get("/desk/templates")
    assert response.status_code == 302 and "/desk/new" in response.headers["Location"]


def test_a_seed_event_s_day_is_previewed_from_its_plan_before_its_entrants_are_in(desk_client):
    form = {**_form(), "preset": "tekken7_hiza_5on5", "plan": "tekken7_hiza_5on5", "game": "tekken7",
            "phase_count": "0", "expected": "56", "stations": "8", "start_time": "09:45", "checkin_opens": "",
            "checkin_closes": "", "venue_closes": "21:00"}
    page = _text(desk_client.post("/desk/new/preview", data=form))
    assert page.count('data-testid="preview-phase"') == 5 and "一次予選 前半" in page
    assert 'data-testid="preview-end"' in page


def test_a_team_match_type_for_players_is_named_at_the_phase_s_match_type(desk_client):
    response = desk_client.post("/desk/new", data=_form(action="create", **{"p0-match_type": "point_format"}))
    page = _text(response)
    assert response.status_code == 422 and 'data-testid="error-p0-match_type"' in page and "個人" in page
    assert 'value="鉄拳8 週例会 #12"' in page and db.session.scalar(db.select(Event)) is None


def test_the_rules_stream_stations_and_format_options_reach_the_event(desk_client):
    """The rule set, the streamed stations, a third-place match and a double round robin, as chosen."""
    form = _form(action="create", stations="1-3, 配信台", stream_stations="配信台", ruleset="standard_1on1",
                 phase_count="2", **{"p0-format": "round_robin", "p0-pools": "2", "p0-double": "on",
                                     "p0-later_from": "", "p1-name": "決勝", "p1-format": "single_elimination",
                                     "p1-pools": "1", "p1-match_type": "best_of", "p1-best_of": "5",
                                     "p1-later_from": "", "p1-later_best_of": "5", "p1-grand_final": "reset",
                                     "p1-advance": "top", "p1-advance_count": "2", "p1-rounds": "",
                                     "p1-third_place": "on"})
    response = desk_client.post("/desk/new", data=form)
    assert response.status_code == 302, _text(response)[:3000]
    event = db.session.scalar(db.select(Event))
    assert event.ruleset == "standard_1on1"
    assert [s.name for s in db.session.scalars(db.select(Station).filter_by(stream=True))] == ["配信台"]
    assert event.phases[0].options["double"] is True and event.phases[1].options["third_place"] is True


def test_a_wrong_rule_set_or_stream_station_is_refused_next_to_its_field(desk_client):
    page = _text(desk_client.post("/desk/new", data=_form(action="create", stream_stations="配信台",
                                                          ruleset="tekken7_hiza_5on5")))
    assert 'data-testid="error-stream_stations"' in page and "配信台" in page
    assert 'value="配信台"' in page  # what was typed is kept
    response = desk_client.post("/desk/new", data=_form(action="create", ruleset="tekken7_hiza_5on5"))
    assert response.status_code == 422 and 'data-testid="error-ruleset"' in _text(response)
    assert db.session.scalar(db.select(Event)) is None


def test_an_event_created_with_its_sheet_says_its_entrants_are_in(desk_client):
    """The flash after creating says the entrants are in, not "add the entrants next"."""
    sheet = "ホムラ,ほむら\nヒカリ,ひかり\nマルス,まるす"
    preview = _text(desk_client.post("/desk/new", data=_form(action="create", sheet=sheet)))
    hidden = dict(re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', preview))
    created = desk_client.post("/desk/new", data={**hidden, "text": sheet, "column-0": "name",
                                                   "column-1": "reading", "confirm": "1"}, follow_redirects=True)
    page = _text(created)
    assert "エントリー 3 件" in page and "次にエントリーを追加" not in page
    empty = _text(desk_client.post("/desk/new", data=_form(action="create", name="鉄拳8 週例会 #13"),
                                   follow_redirects=True))
    assert "次にエントリーを追加してください" in empty
