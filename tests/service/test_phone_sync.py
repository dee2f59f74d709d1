"""Per-phone sync stats: each sync (and each check-in after a pack refresh) notes the phone's last
sync, the entries it still holds and its storage; the desk's venue page lists them."""
import uuid
from datetime import timedelta

from play_support import team_event

from webapp.extensions import db
from webapp.models import PhoneSync
from webapp.operations import phone_sync


def _op(match, position):
    return {"op_id": str(uuid.uuid4()), "device_id": "phone-7", "seq": position + 1, "kind": "coin_toss",
            "match_id": match.id, "base_version": match.version,
            "payload": {"winner": "a", "choice": "stage", "position": position}}


def test_a_sync_notes_what_the_phone_still_holds_after_the_batch(desk_client):
    _, match = team_event()
    response = desk_client.post("/sync/ops", json={"device_id": "phone-7", "ops": [_op(match, 0)], "waiting": 3})
    assert response.status_code == 200
    row = db.session.query(PhoneSync).one()
    assert (row.device_id, row.waiting, row.staff_name) == ("phone-7", 2, "desk")
    desk_client.post("/sync/ops", json={"device_id": "phone-7", "ops": [], "waiting": 0})
    db.session.expire_all()
    assert db.session.query(PhoneSync).one().waiting == 0  # one row per phone


def test_a_sync_without_the_count_notes_nothing(desk_client):
    _, match = team_event()
    desk_client.post("/sync/ops", json={"device_id": "phone-7", "ops": [_op(match, 0)]})
    assert db.session.query(PhoneSync).count() == 0


def test_check_in_signed_out_is_401_and_notes_nothing(client):
    assert client.post("/sync/seen", json={"device_id": "x"}).status_code == 401
    assert db.session.query(PhoneSync).count() == 0


def test_check_in_with_storage_and_bad_input(desk_client):
    response = desk_client.post("/sync/seen", json={"device_id": "phone-8", "waiting": 4, "persisted": True})
    assert response.status_code == 200
    row = db.session.query(PhoneSync).one()
    assert (row.waiting, row.persisted) == (4, True)
    bad = desk_client.post("/sync/seen", json={"device_id": "", "waiting": -1})
    assert bad.status_code == 422 and set(bad.get_json()["errors"]) == {"device_id", "waiting"}
    assert desk_client.post("/sync/seen", data=b"{no", content_type="application/json").status_code == 400


def test_venue_page_lists_each_phone_and_who_to_walk_to(desk_client, desk_user):
    phone_sync.seen("phone-quiet-0001", desk_user, 0, True)
    phone_sync.seen("phone-holds-0002", desk_user, 5, False)
    quiet = db.session.query(PhoneSync).filter_by(device_id="phone-quiet-0001").one()
    quiet.last_sync_at -= timedelta(minutes=45)
    db.session.commit()
    listed = phone_sync.phones()
    assert [p["device"] for p in listed] == ["phone-qu", "phone-ho"]  # longest silent first
    assert [p["look"] for p in listed] == [True, True]  # silent 45 minutes; 5 entries waiting
    for lang, words in (("ja", ("端末", "最終同期", "確認に行く", "許可")), ("en", ("Phones", "Last sync", "go and look"))):
        page = desk_client.get(f"/venue/?lang={lang}").get_data(as_text=True)
        assert 'data-testid="venue-phones"' in page and page.count('data-testid="phone-row"') == 2
        assert all(w in page for w in words), lang
        assert '<td class="num" data-testid="phone-waiting">5</td>' in page
