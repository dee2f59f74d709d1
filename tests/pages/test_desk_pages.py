"""Desk and public pages through the test client: forms, messages, no 500s."""
import io

from desk_setups import create_event, started_phase

from webapp.extensions import db
from webapp.models import Entrant, Event, MatchRow, Phase


def test_desk_pages_need_sign_in(client):
    response = client.get("/desk/")
    assert response.status_code == 302 and "/login" in response.headers["Location"]


def test_create_event_paste_entrants_start_and_record(desk_client):
    event = create_event(desk_client)
    names = "\n".join(f"プレイヤー{i}" for i in range(1, 17))
    response = desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": names})
    assert response.status_code == 302
    assert db.session.query(Entrant).filter_by(event_id=event.id).count() == 16
    desk_client.post(f"/desk/e/{event.id}/phases", data={"name": "本戦", "format": "double_elimination",
                                                         "grand_final": "reset", "best_of": "3"})
    phase = db.session.query(Phase).filter_by(event_id=event.id).one()
    response = desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"})
    assert response.status_code == 302
    match = db.session.query(MatchRow).filter_by(status="ready").first()
    response = desk_client.post(f"/desk/match/{match.id}/winner", data={"winner": str(match.slot_a)},
                                follow_redirects=True)
    assert response.status_code == 200
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_a
    page = desk_client.get(f"/e/{event.slug}/phase/{phase.id}")
    assert page.status_code == 200
    assert "プレイヤー1" in page.get_data(as_text=True)


def test_duplicate_names_keep_the_typed_list_and_say_why(desk_client):
    event = create_event(desk_client)
    response = desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": "さくら\nけん\nさくら"})
    body = response.get_data(as_text=True)
    assert response.status_code == 422
    assert 'class="flash error"' in body and "さくら" in body
    assert "さくら\nけん\nさくら" in body  # what was typed is still in the form
    assert db.session.query(Entrant).count() == 0


def test_empty_and_malformed_csv(desk_client):
    event = create_event(desk_client)
    empty = desk_client.post(f"/desk/e/{event.id}/entrants",
                             data={"csv": (io.BytesIO(b""), "empty.csv")}, content_type="multipart/form-data")
    assert empty.status_code == 422
    binary = desk_client.post(f"/desk/e/{event.id}/entrants",
                              data={"csv": (io.BytesIO(b"\xff\xfe\x00\x81\x00"), "bad.csv")},
                              content_type="multipart/form-data")
    assert binary.status_code == 422
    ok = desk_client.post(f"/desk/e/{event.id}/entrants",
                          data={"csv": (io.BytesIO("名前\nたろう\nはなこ\n".encode("cp932")), "sjis.csv")},
                          content_type="multipart/form-data")
    assert ok.status_code == 302
    assert sorted(e.name for e in db.session.query(Entrant)) == ["たろう", "はなこ"]


def test_too_few_entrants_to_start(desk_client):
    event = create_event(desk_client)
    desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": "ひとり"})
    desk_client.post(f"/desk/e/{event.id}/phases", data={"name": "本戦", "format": "double_elimination"})
    phase = db.session.query(Phase).one()
    response = desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"})
    assert response.status_code == 422
    assert db.session.get(Phase, phase.id).status == "draft"


def test_seed_out_of_range(desk_client):
    event = create_event(desk_client)
    desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": "あ\nい\nう"})
    entrant = db.session.query(Entrant).first()
    response = desk_client.post(f"/desk/e/{event.id}/seeds", data={f"seed-{entrant.id}": "7"})
    assert response.status_code == 422
    response = desk_client.post(f"/desk/e/{event.id}/seeds", data={f"seed-{entrant.id}": "x"})
    assert response.status_code == 422


def test_result_for_match_not_ready_shows_message(desk_client):
    started_phase(desk_client, "\n".join("abcdefgh"))
    pending = db.session.query(MatchRow).filter_by(status="pending").first()
    response = desk_client.post(f"/desk/match/{pending.id}/winner", data={"winner": "1"}, follow_redirects=True)
    assert response.status_code == 200
    assert 'class="flash error"' in response.get_data(as_text=True)


def test_csrf_is_enforced(app, desk_user):
    client = app.test_client()
    response = client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    assert response.status_code == 400


def test_public_pages_and_language_switch(client):
    assert client.get("/").status_code == 200
    english = client.get("/?lang=en").get_data(as_text=True)
    assert "Events" in english
    assert client.get("/e/nope").status_code == 404


def test_desk_results_are_operations_and_stations_show(desk_client):
    from webapp.models import Operation

    _, phase = started_phase(desk_client, "\n".join("abcd"))
    match = db.session.query(MatchRow).filter_by(status="ready").first()
    desk_client.post(f"/desk/match/{match.id}/station", data={"station": "３"})
    desk_client.post(f"/desk/match/{match.id}/winner", data={"winner": str(match.slot_a), "base_version": "1"})
    response = desk_client.post(f"/desk/match/{match.id}/correct",
                                data={"winner": str(match.slot_b), "reason": "記入ミス"}, follow_redirects=True)
    assert response.status_code == 200
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.winner_id == row.slot_b and row.station == "3"
    assert [o.kind for o in db.session.query(Operation).order_by(Operation.id)] == ["set_station", "record_winner",
                                                                                    "correct_result"]
    assert "3番台" in desk_client.get(f"/desk/phase/{phase.id}?status=all").get_data(as_text=True) or \
        "Station 3" in desk_client.get(f"/desk/phase/{phase.id}?status=all&lang=en").get_data(as_text=True)


def test_kgp_finals_preview_offers_the_pairing_and_starts_with_the_desks_choice(desk_client):
    from play_support import kgp_top4

    from webapp.services.setup import event_templates as et

    _, _, finals = kgp_top4()
    page = desk_client.get(f"/desk/phase/{finals.id}/preview").get_data(as_text=True)
    (w1, l1), (w2, l2) = et.proposed_pairing(finals)
    assert f'name="opponent-{w1}"' in page
    desk_client.post(f"/desk/phase/{finals.id}/start",
                     data={"winners_side": [str(w1), str(w2)], f"opponent-{w1}": str(l2), f"opponent-{w2}": str(l1)})
    db.session.expire_all()
    q = {frozenset((m.slot_a, m.slot_b)) for m in finals.brackets[0].matches if m.key in ("Q1", "Q2")}
    assert q == {frozenset((w1, l2)), frozenset((w2, l1))}


def test_routing_override_by_names_and_unknown_names(desk_client):
    from play_support import kgp_top4

    from webapp.models import AuditEntry

    event, _, finals = kgp_top4()
    names = [e.name for e in sorted(event.entrants, key=lambda e: e.seed)]
    bad = desk_client.post(f"/desk/phase/{finals.id}/preview", data={"entrants": "誰か\n" + names[0]})
    assert bad.status_code == 200 and 'class="flash error"' in bad.get_data(as_text=True)
    desk_client.post(f"/desk/phase/{finals.id}/preview", data={"entrants": "\n".join(names[:4])})
    assert db.session.query(AuditEntry).filter_by(action="routing.override").count() == 1


def test_form_problems_are_in_japanese(desk_client):
    response = desk_client.post("/desk/new", data={"action": "create", "name": "", "phase_count": "0"})
    body = response.get_data(as_text=True)
    assert response.status_code == 422 and "大会名を入力してください" in body


def test_the_desk_home_creates_no_event_by_itself(desk_client):
    """One way to create an event from the desk: the builder (plus an uploaded file and a copy)."""
    assert desk_client.post("/desk/", data={"name": "x"}).status_code == 405
    assert db.session.query(Event).count() == 0


def test_late_entries_to_a_template_event_replan_its_phases(desk_client):
    from webapp.services.setup import event_templates as et

    rows = [{"name": f"チーム{i}", "seed": i, "members": [(f"m{i}{k}", "仁") for k in range(5)]}
            for i in range(1, 9)]
    event = et.create_from_template("tekken7_hiza_5on5", "追加受付", rows)
    db.session.commit()
    assert [p.group_count for p in event.phases[:2]] == [1, 1]
    lines = "\n".join(f"追加{i},," + ",".join(f"x{i}{k},仁" for k in range(5)) for i in range(8))
    response = desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": lines})
    assert response.status_code == 302
    db.session.expire_all()
    event = db.session.get(Event, event.id)
    assert len(event.entrants) == 16 and sum(p.group_count for p in event.phases[:2]) == 4
