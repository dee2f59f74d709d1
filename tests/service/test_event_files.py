"""Event files: presets, checking with the line and the setting, create, dump, round trip."""
import pytest

from webapp.extensions import db
from webapp.services import ServiceError
from webapp.services.setup import event_files


def _rows(n, team_size=1):
    return [{"name": f"Player {i}", "seed": None, "reading": "",
             "members": [(f"P{i}-{m}", "", False, "") for m in range(1, team_size + 1)] if team_size > 1 else []}
            for i in range(1, n + 1)]


@pytest.mark.parametrize("key", [p.key for p in event_files.presets()])
def test_every_preset_round_trips_through_its_file(app, key):
    spec = event_files.preset_spec(key)
    size = 5 if key == "tekken7_hiza_5on5" else (spec["team_size"])
    event = event_files.create_event(spec, rows=_rows(16, size))
    db.session.commit()
    dumped = event_files.dump(event)
    assert dumped == {**spec, "address": ""}
    again = event_files.check(event_files.parse(event_files.to_toml(dumped)))
    assert again == dumped


def test_a_refusal_names_the_line_and_the_setting(app):
    text = 'name = "Weekly"\n\n[[phases]]\nname = "A"\nformat = "swiss"\n\n[[phases]]\nname = "B"\n' \
           'format = "double_elimination"\nbest_of = 4\n'
    with pytest.raises(ServiceError) as refused:
        event_files.check(event_files.parse(text), text)
    assert str(refused.value) == "Line 10: phases[2].best_of: must be an odd number from 1 to 7"


def test_unknown_and_internal_fields_are_refused(app):
    for text, words in (('name = "x"\nstaff_pin_hash = "a"\n', "Line 2: staff_pin_hash: is not a setting"),
                        ('name = "x"\ntemplate = "kgp2025"\n', "Line 2: template: is not a setting"),
                        ('name = "x"\ngame = "pong"\n', "Line 2: game: is not a game"),
                        ('name = "x"\nentrants = "trio"\n', "Line 2: entrants: must be one of 1on1 / team"),
                        ('name = "x"\nstart_time = "25:00"\n', "Line 2: start_time: must be a time"),
                        ('name = "x"\ncheckin_opens = "10:00"\ncheckin_closes = "09:30"\n',
                         "Line 3: checkin_closes: must be later"),
                        ('name = "x\n', "Line 1: this is not a TOML line")):
        with pytest.raises(ServiceError) as refused:
            event_files.check(event_files.parse(text), text)
        assert str(refused.value).startswith(words), str(refused.value)


def test_a_template_event_takes_its_own_name_for_its_address(app):
    spec = event_files.check({"name": "Tekken 8 weekly #12", "plan": "kgp2025"})
    event = event_files.create_event(spec, rows=_rows(8))
    assert event.slug == "tekken-8-weekly-12"


def test_an_event_set_up_at_the_desk_dumps_to_a_file_that_makes_the_same_event(app):
    from webapp.services.day import stations
    from webapp.services.matches import seeding
    from webapp.services.setup import events, progressions, rule_settings
    event = events.create_event("GGST 予選→TOP8", "", game="ggst")
    rule_settings.save_event_rules(event, "standard_1on1", {"stage_rule": "random", "entry_fee_yen": 500})
    pools = events.add_phase(event, "予選", "round_robin", group_count=4, double=False,
                             tiebreaks=["head_to_head"], dq_policy="removed", tie_resolution="draw")
    top = events.add_phase(event, "TOP8", "double_elimination", best_of=3, grand_final="single",
                           best_of_by_round={"from": "top4", "best_of": 5})
    db.session.flush()
    progressions.set_rule(top, pools, "best", 8)
    seeding.set_separation(pools, "region")
    stations.add_station(event, "2番台")
    db.session.commit()
    spec = event_files.dump(event)
    assert spec["fee"] == 500 and spec["stations"] == ["2"] and spec["phases"][1]["advance"]["from"] == 1
    assert event_files.check(spec) == spec
    again = event_files.create_event({**spec, "name": "again"})
    assert event_files.dump(again) == {**spec, "name": "again"}



def test_refusals_from_the_rules_schema_and_ranges_name_their_bounds_and_choices(app):
    cases = (('name = "x"\nteam_size = 9\n', "Line 2: team_size: must be from 1 to 7"),
             ('name = "x"\n\n[rules]\nstage_rule = "dice"\n', "Line 4: rules.stage_rule: must be one of none / "),
             ('name = "x"\n\n[rules]\nrounds_to_win = 0\n', "Line 4: rules.rounds_to_win: must be from 1 to 5"),
             ('name = "x"\nentry_cap = -1\n', "Line 2: entry_cap: must be from 0 to 4096"))
    for text, words in cases:
        with pytest.raises(ServiceError) as refused:
            event_files.check(event_files.parse(text), text)
        assert str(refused.value).startswith(words), str(refused.value)
    with pytest.raises(ServiceError) as refused:
        event_files.check({"name": "x", "phases": [{"name": "a", "format": "swiss", "best_of": 4}]})
    assert str(refused.value) == "phases[1].best_of: must be an odd number from 1 to 7"


def test_presets_list_key_words_and_kind_in_order(app):
    listed = event_files.presets()
    assert [p.key for p in listed][:2] == ["weekly_double_elimination", "pools_top8_double_elimination"]
    kinds = {p.key: p.entrants for p in listed}
    assert kinds["team_5on5_kachinuki"] == kinds["tekken7_hiza_5on5"] == "team" and kinds["kgp2025"] == "1on1"
    assert all(p.label and p.description for p in listed)
    with pytest.raises(ServiceError):
        event_files.preset_spec("nothing")


def test_every_registered_event_plan_has_a_preset(app):
    """Every plan the CLI can make is reachable from the builder: a shipped preset names it."""
    from webapp.tournament.event_plans import TEMPLATES
    planned = {event_files.preset_spec(p.key)["plan"] for p in event_files.presets()}
    assert set(TEMPLATES) <= planned


def test_the_day_page_settings_ride_in_the_file(app):
    """Curfews and the timetable (with a line's phase by number) are read, refused by line, and kept."""
    text = ('name = "Night"\ncurfews = { u16 = "17:30" }\n\n[[phases]]\nname = "A"\nformat = "swiss"\n\n'
            '[[timetable]]\nstart = "19:00"\nend = "21:00"\nlabel = "Swiss"\nphase = 1\n')
    event = event_files.create_from_text(text)
    db.session.commit()
    assert event.settings["curfews"] == {"u16": "17:30"}
    assert event.settings["timetable"][0]["phase_key"] == f"phase-{event.phases[0].id}"
    dumped = event_files.dump(event)
    assert dumped["timetable"] == [{"start": "19:00", "end": "21:00", "label": "Swiss", "phase": 1}]
    assert "[[timetable]]" in event_files.to_toml(dumped)
    with pytest.raises(ServiceError) as refused:
        event_files.check(event_files.parse(text.replace("phase = 1", "phase = 2")), text.replace("phase = 1", "phase = 2"))
    assert str(refused.value).startswith("Line 12: timetable[1].phase:")
