"""Copying an event: its setup, a new staff PIN, entrants only when asked, nothing of its day."""
import pytest
from play_support import kgp_top4

from webapp.extensions import db
from webapp.models import Event, Operation, Station
from webapp.services import ServiceError
from webapp.services.accounts import users as accounts
from webapp.services.day import stations
from webapp.services.setup import event_files
from webapp.services.setup.event_files.toml_text import MAX_BYTES


def test_a_played_event_copies_its_setup_without_its_day(app):
    event, de, _finals = kgp_top4(players=8)
    stations.add_station(event, "1", stream=True)
    accounts.set_staff_pin(event, "246813")
    event.entrants[0].checked_in = True
    event.entrants[1].dq = True
    event.entrants[2].age_group = "u16"
    event.settings = {**event.settings, "venue": "Arcade", "start_time": "10:00", "curfews": {"u16": "17:30"},
                      "timetable": [*event.settings["timetable"], {"start": "19:00", "end": "19:30",
                                                                   "label_key": "Awards", "phase_key": None,
                                                                   "weight": None}]}
    db.session.commit()
    copy, pin = event_files.copy_event(event, "KGP 次回", "2027-01-09", with_entrants=True)
    db.session.commit()
    assert pin != "246813" and copy.staff_pin_hash != event.staff_pin_hash
    from werkzeug.security import check_password_hash
    assert check_password_hash(copy.staff_pin_hash, pin) and not check_password_hash(copy.staff_pin_hash, "246813")
    assert str(copy.day) == "2027-01-09" and copy.slug != event.slug and copy.template == "kgp2025"
    assert {k: v for k, v in event_files.dump(copy).items() if k not in ("name", "day")} == \
        {k: v for k, v in event_files.dump(event).items() if k not in ("name", "day")}
    assert sorted(e.name for e in copy.entrants) == sorted(e.name for e in event.entrants)
    assert not any(e.checked_in or e.dq for e in copy.entrants)
    assert all(p.status == "draft" and not p.brackets for p in copy.phases)
    assert [s.name for s in db.session.query(Station).filter_by(event_id=copy.id)] == ["1"]
    assert db.session.query(Operation).filter_by(event_id=copy.id).count() == 0
    assert copy.settings["timetable"] == event.settings["timetable"]  # the day page's edits come along
    assert copy.settings["curfews"] == {"u16": "17:30"}
    assert {e.name: e.age_group for e in copy.entrants} == {e.name: e.age_group for e in event.entrants}


def test_a_copy_without_entrants_has_none_and_a_refused_name_leaves_nothing(app):
    spec = event_files.preset_spec("swiss_top8")
    rows = [{"name": f"P{i}", "seed": None, "reading": "", "members": []} for i in range(1, 9)]
    event = event_files.create_event(spec, rows=rows)
    db.session.commit()
    copy, _pin = event_files.copy_event(event, "Swiss #2")
    assert copy.entrants == [] and [p.name for p in copy.phases] == ["Swiss", "Top 8"]
    db.session.rollback()
    with pytest.raises(ServiceError, match="name"):
        event_files.copy_event(event, "  ")
    db.session.rollback()
    assert db.session.query(Event).count() == 1


def test_only_the_desk_creates_or_copies(app):
    event = event_files.create_event(event_files.preset_spec("weekly_double_elimination"))
    db.session.commit()
    staff = accounts.staff_user(event, "審判")
    db.session.commit()
    with pytest.raises(ServiceError, match="Only the desk"):
        event_files.create_event(event_files.preset_spec("weekly_double_elimination"), user=staff)
    with pytest.raises(ServiceError, match="Only the desk"):
        event_files.copy_event(event, "x", user=staff)


def test_the_address_is_readable_and_a_taken_one_is_refused(app):
    event = event_files.create_event(event_files.check({"name": "SF6 Friday", "address": "sf6-friday"}))
    db.session.commit()
    assert event.slug == "sf6-friday"
    with pytest.raises(ServiceError, match="another event's address"):
        event_files.create_event(event_files.check({"name": "Other", "address": "sf6-friday"}))


def test_a_file_too_big_or_over_the_cap_is_refused(app):
    with pytest.raises(ServiceError, match="larger than"):
        event_files.parse("#" * (MAX_BYTES + 1))
    spec = event_files.check({"name": "Capped", "entry_cap": 2})
    rows = [{"name": f"P{i}", "seed": None, "reading": "", "members": []} for i in range(1, 4)]
    with pytest.raises(ServiceError, match="at most 2"):
        event_files.create_event(spec, rows=rows)


def test_the_docs_example_is_a_valid_event_file(app):
    import re
    from pathlib import Path
    page = (Path(__file__).resolve().parents[2] / "docs" / "event-files.md").read_text()
    text = re.search(r"```toml\n(.*?)```", page, re.S).group(1)
    spec = event_files.check(event_files.parse(text), text)
    assert spec["phases"][1]["advance"] == {"from": 1, "mode": "top", "count": 2}


def test_every_preset_has_japanese_words(app):
    from pathlib import Path

    from babel.messages.pofile import read_po
    po = Path(__file__).resolve().parents[2] / "webapp" / "translations" / "ja" / "LC_MESSAGES" / "messages.po"
    catalog = read_po(po.open("rb"))
    for preset in event_files.presets():
        for words in (preset.label, preset.description):
            assert catalog.get(words) is not None and catalog.get(words).string, words


def test_a_plan_event_copied_without_entrants_is_refused_in_words(app):
    from webapp.tournament.errors import RuleViolation
    rows = [{"name": f"選手{i}", "seed": i, "reading": "", "members": []} for i in range(1, 9)]
    event = event_files.create_event(event_files.preset_spec("kgp2025"), rows=rows)
    db.session.commit()
    with pytest.raises(RuleViolation, match="at least 5 players"):
        event_files.copy_event(event, "KGP 空")


def test_a_japanese_name_gets_the_game_and_day_for_its_address(app):
    spec = event_files.check({"name": "鉄拳8 週例会", "game": "tekken8", "day": "2026-12-12"})
    assert event_files.address_for(spec) == "tekken8-2026-12-12"
    assert event_files.create_event(spec).slug == "tekken8-2026-12-12"
    assert event_files.create_event(spec).slug == "tekken8-2026-12-12-2"


def test_the_template_form_also_gives_the_event_its_own_address(app):
    from webapp.services.setup import event_templates
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)]
    event = event_templates.create_from_template("kgp2025", "Tekken 8 weekly #12", rows)
    assert event.slug == "tekken-8-weekly-12"


def test_a_weekly_copied_to_another_day_keeps_its_sign_up_open_with_the_closing_moved(app):
    """Last week's Tekken 8 weekly copied to this week: the sign-up settings come along and close as long
    before the new day as they did before the old one (not at last week's time, closed at once)."""
    from datetime import date

    from webapp.services.players import signup_codes, signups
    event = event_files.create_event(event_files.preset_spec("weekly_double_elimination"))
    event.day = date(2027, 1, 2)
    signups.set_settings(event, True, 24, 3, ["メインキャラ"], closes_at="2027-01-02T18:50", late=True)
    signup_codes.set_on(event, True)
    db.session.commit()
    copy, _pin = event_files.copy_event(event, "鉄拳8 週例会 #13", "2027-01-09")
    db.session.commit()
    kept, was = signups.settings(copy), signups.settings(event)
    assert (kept.open, kept.cap, kept.questions, kept.late) == (True, 24, ["メインキャラ"], True)
    assert kept.per_address == was.per_address == 3
    assert str(kept.closes_at).startswith("2027-01-09") and signup_codes.is_on(copy)
