"""Importing entrants from a sheet: headers read in Japanese and English, readings kept, encodings,
unknown columns and duplicates settled before anything is saved, one version step per import, undo."""
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.models import Entrant, Event
from webapp.services import ServiceError
from webapp.services.entrants import entrant_import
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import event_templates, events
from webapp.tournament.textsearch import entrant_sort_key

KGP_SHEET = "名前,ふりがな,シード\n山田太郎,やまだたろう,2\nナウマン,なうまん,1\n阿部〜二郎,あべじろう,\n"


def _event(team_size=1):
    event = events.create_event("取り込みテスト", "kgp2025" if team_size == 1 else "tekken7_hiza_5on5",
                                entrant_kind="player" if team_size == 1 else "team", team_size=team_size)
    db.session.commit()
    return event


def _import(event, text, **kw):
    result = entrant_import.plan(event, text, kw.pop("choices", None))
    added = entrant_import.apply(event, result, **kw)
    db.session.commit()
    return added


def test_a_japanese_header_is_read_by_its_names(app):
    event = _event()
    result = entrant_import.plan(event, KGP_SHEET)
    assert [c.kind for c in result.columns] == ["name", "reading", "seed"]
    _import(event, KGP_SHEET)
    by_name = {e.name: e for e in event.entrants}
    assert by_name["山田太郎"].reading == "やまだたろう" and by_name["山田太郎"].seed == 2
    assert by_name["ナウマン"].seed == 1
    assert by_name["山田太郎"].members[0].name == "山田太郎"  # the reading is not a member
    assert by_name["山田太郎"].members[0].character == ""
    assert [e.name for e in sorted(event.entrants, key=entrant_sort_key)] == ["阿部〜二郎", "ナウマン", "山田太郎"]


def test_english_headers_and_team_members_with_readings_and_characters(app):
    event = _event(team_size=2)
    sheet = ("Team,Reading,Seed,Member 1,Member reading 1,Character 1,Member 2,Member reading 2,Character 2\n"
             "桜組,さくらぐみ,1,田中,たなか,一八,佐藤,さとう,仁\n")
    _import(event, sheet)
    team = event.entrants[0]
    assert (team.name, team.reading, team.seed) == ("桜組", "さくらぐみ", 1)
    assert [(m.name, m.reading, m.character) for m in team.members] == [("田中", "たなか", "一八"),
                                                                       ("佐藤", "さとう", "仁")]


@pytest.mark.parametrize("encoding", ["utf-8", "utf-8-sig", "cp932"])
def test_encodings_keep_the_wave_dash(app, encoding):
    event = _event()
    text = entrants.decode_csv(KGP_SHEET.encode(encoding))
    _import(event, text)
    assert "阿部〜二郎" in {e.name for e in event.entrants}


def test_an_unknown_column_needs_a_choice_before_anything_is_saved(app):
    event = _event()
    sheet = "名前,所属\n山田太郎,大阪\n"
    result = entrant_import.plan(event, sheet)
    assert [c.header for c in result.unknown] == ["所属"]
    with pytest.raises(ServiceError) as refused:
        entrant_import.apply(event, result)
    assert refused.value.code == "import.unknown_column"
    db.session.rollback()
    assert db.session.query(Entrant).count() == 0
    _import(event, sheet, choices={1: "ignore"})
    assert [e.name for e in event.entrants] == ["山田太郎"]


def test_duplicates_are_flagged_and_only_skipped_when_asked(app):
    event = _event()
    _import(event, "名前\nナウマン\n")
    result = entrant_import.plan(event, "名前\nなうまん\n山田\nﾅｳﾏﾝ\n")
    assert [r["line"] for r in result.duplicates] == [2, 4]  # kana and width fold alike
    with pytest.raises(ServiceError):
        entrant_import.apply(event, result)
    db.session.rollback()
    _import(event, "名前\nなうまん\n山田\nﾅｳﾏﾝ\n", skip_duplicates=True)
    assert sorted(e.name for e in event.entrants) == ["ナウマン", "山田"]


def test_rows_per_import_are_capped_with_a_clear_message(app):
    event = _event()
    sheet = "名前\n" + "".join(f"選手{i}\n" for i in range(entrant_import.MAX_IMPORT_ROWS + 1))
    with pytest.raises(ServiceError) as refused:
        entrant_import.plan(event, sheet)
    assert refused.value.code == "entrants.too_many"
    assert refused.value.params["max"] == entrant_import.MAX_IMPORT_ROWS


def test_one_import_is_one_version_step_and_can_be_undone(app):
    event = _event()
    before = db.session.get(Event, event.id).version
    _import(event, "名前\n" + "".join(f"選手{i}\n" for i in range(40)))
    db.session.expire_all()
    assert db.session.get(Event, event.id).version == before + 1
    last = entrant_import.last_import(event)
    assert last["count"] == 40
    assert entrant_import.undo(event, last["batch"]) == 40
    db.session.commit()
    assert db.session.query(Entrant).filter_by(event_id=event.id).count() == 0


def test_a_template_event_replans_on_import_and_undo(app):
    event = event_templates.create_from_template("kgp2025", "KGP", [{"name": f"P{i}", "seed": None, "members": []}
                                                                     for i in range(1, 9)])
    db.session.commit()
    _import(event, "名前\n" + "".join(f"追加{i}\n" for i in range(16)))
    assert len(event.entrants) == 24 and all(p.status == "draft" for p in event.phases)
    entrant_import.undo(event, entrant_import.last_import(event)["batch"])
    db.session.commit()
    assert len(event.entrants) == 8


def _started_import(players=4):
    from webapp.services.matches import brackets
    event = _event()
    _import(event, "名前\n" + "".join(f"選手{i}\n" for i in range(players)))
    batch = entrant_import.last_import(event)["batch"]
    phase = events.add_phase(event, "本戦", "single_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase, batch


def test_undo_after_the_start_while_nothing_is_played_reopens_the_phase(app):
    event, phase, batch = _started_import()
    assert entrant_import.undo_refusal(event) is None
    assert entrant_import.undo(event, batch) == 4
    db.session.commit()
    db.session.expire_all()
    assert phase.status == "draft" and phase.brackets == []
    assert db.session.query(Entrant).filter_by(event_id=event.id).count() == 0


@pytest.mark.parametrize("played", ["result", "game"])
def test_no_undo_once_a_match_is_played_and_the_message_names_it(app, played):
    from webapp.services.matches import brackets
    event, phase, batch = _started_import()
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    if played == "result":
        brackets.record_winner(match, match.slot_a)
    else:
        match.actions = [{"type": "game", "winner": "a"}]
    db.session.commit()
    with app.test_request_context(), pytest.raises(ServiceError) as refused:
        entrant_import.undo(event, batch)
    assert refused.value.code == "import.played"
    assert refused.value.params["match"] and "R1" not in refused.value.params["match"]
    assert phase.status == "running" and len(event.entrants) == 4


def test_the_desk_page_offers_the_undo_after_the_start_and_says_why_not_once_played(client, desk_user):
    from webapp.services.matches import brackets
    client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    event, phase, batch = _started_import()
    page = client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="undo-import"' in page and "undo-import-refused" not in page
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    brackets.record_winner(match, match.slot_a)
    db.session.commit()
    page = client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert "undo-import-refused" in page and "取り込みは取り消せません" in page
    answer = client.post(f"/desk/e/{event.id}/import/undo", data={"batch": batch}, follow_redirects=True)
    assert "取り込みは取り消せません" in answer.get_data(as_text=True)
    assert len(db.session.get(Event, event.id).entrants) == 4


def test_a_sheet_without_header_keeps_the_old_layout(app):
    rows = entrant_import.sheet_rows("プレイヤー1,2\nプレイヤー2,1\n", 1)
    assert [(r["name"], r["seed"]) for r in rows] == [("プレイヤー1", 2), ("プレイヤー2", 1)]


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.lists(st.text(alphabet="やまだタロウﾅｳﾏﾝ山田〜ー", min_size=1, max_size=6), min_size=1, max_size=8))
def test_an_import_adds_each_folded_name_once_or_nothing(app, names):
    """Invariant: after an import (duplicates skipped) every entrant's folded name is unique, and
    the entrants are exactly the first spelling of each folded name in the sheet."""
    db.session.rollback()
    event = _event()
    sheet = "名前\n" + "".join(f"{n}\n" for n in names)
    try:
        _import(event, sheet, skip_duplicates=True)
    except ServiceError:
        return
    from webapp.tournament.textsearch import fold
    folded = [fold(e.name) for e in event.entrants]
    assert len(folded) == len(set(folded))
    first = {}
    for n in (entrants.normalize_name(n) for n in names):
        if n:
            first.setdefault(fold(n), n)
    assert sorted(e.name for e in event.entrants) == sorted(first.values())


def test_an_import_into_a_template_event_is_one_version_step_too(app):
    event = event_templates.create_from_template("kgp2025", "KGP", [{"name": f"P{i}", "seed": None, "members": []}
                                                                     for i in range(1, 9)])
    db.session.commit()
    before = db.session.get(Event, event.id).version
    _import(event, "名前\n" + "".join(f"追加{i}\n" for i in range(16)))
    db.session.expire_all()
    assert db.session.get(Event, event.id).version == before + 1
    assert sorted(p.position for p in db.session.get(Event, event.id).phases) == [1, 2]


def test_a_region_column_is_kept_for_round_one_separation(app):
    event = _event()
    sheet = "名前,シード,地域\n山田太郎,1,関東\nナウマン,,関西\n阿部二郎,,\n"
    assert [c.kind for c in entrant_import.plan(event, sheet).columns] == ["name", "seed", "region"]
    _import(event, sheet)
    by_name = {e.name: e for e in event.entrants}
    assert by_name["山田太郎"].info["region"] == "関東" and by_name["山田太郎"].seed == 1
    assert by_name["ナウマン"].info["region"] == "関西" and "region" not in by_name["阿部二郎"].info
