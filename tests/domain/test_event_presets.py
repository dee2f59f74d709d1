"""A seed event is a preset with a plan (issue 36.5): its label is the plan's registration, written once."""
from webapp.tournament.event_plans import get_template
from webapp.tournament.event_presets import FOLDER, PRESETS


def test_a_seed_events_preset_is_named_by_its_plan_and_its_file_repeats_no_label():
    planned = [p for p in PRESETS.values() if p.spec.get("plan")]
    assert {p.spec["plan"] for p in planned} == {"kgp2025", "tekken7_hiza_5on5", "single_elimination_1on1"}
    for preset in planned:
        assert preset.label == get_template(preset.spec["plan"]).label
        assert "label =" not in (FOLDER / f"{preset.name}.toml").read_text(encoding="utf-8")


def test_every_preset_has_words_for_its_list():
    for preset in PRESETS.values():
        assert preset.label and preset.description, preset.name
