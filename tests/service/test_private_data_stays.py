"""What stays at the venue (issue 35.4): a player's sign-up answers, the reception's check-in code and
the secret the on-site sign-up codes come from never leave — not in the event download, the mirror's
entries or state, an event file or a copy — and the download still replays to the same brackets."""
import json

from play_support import send, team_event
from replay_support import empty_app  # noqa: F401 (a fixture)

from webapp.extensions import db
from webapp.mirror import state as mirror_state
from webapp.operations import export, leave
from webapp.services.players import self_checkin, signup_codes, signups
from webapp.services.setup.event_files import build as event_file

ANSWER, CONTACT = "090-1234-5678", "連絡先"


def _event_with_private_data():
    event, match = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    signups.set_settings(event, True, 8, None, [CONTACT])
    entrant = event.entrants[0]  # as a sign-up with a place enters them (signups.enter_signup)
    entrant.info = {**(entrant.info or {}), "answers": {CONTACT: ANSWER}}
    code = self_checkin.new_code(event)
    signup_codes.set_on(event, True)
    db.session.commit()
    return event, match, code


def _secrets(event, code):
    onsite = ((event.settings or {}).get("signup") or {}).get("onsite_secret") or "no-onsite-secret-set"
    return [ANSWER, code, onsite]


def test_the_download_and_the_mirror_carry_none_of_it(app, desk_client):
    event, match, code = _event_with_private_data()
    send(match, "a", "a")
    download = desk_client.get(f"/desk/e/{event.id}/oplog.jsonl").get_data(as_text=True)
    mirrored = json.dumps(mirror_state.export_state(event.id), ensure_ascii=False)
    ops = json.dumps([leave.allowed("op", export.as_record(op)) for op in _ops(event)], ensure_ascii=False)
    filed = event_file.dump(event)
    for secret in _secrets(event, code):
        assert secret not in download and secret not in mirrored and secret not in ops
        assert secret not in json.dumps(filed, ensure_ascii=False, default=str)
    assert event.entrants[0].name in download  # the entrant leaves, their answers do not


def test_the_download_without_them_still_replays_to_the_same_brackets(app, desk_client, empty_app, tmp_path):
    event, match, _code = _event_with_private_data()
    send(match, "a", "a")
    path = tmp_path / "event.jsonl"
    path.write_text(desk_client.get(f"/desk/e/{event.id}/oplog.jsonl").get_data(as_text=True), encoding="utf-8")
    before = export.snapshot()
    with empty_app.app_context():
        export.replay(str(path))
        db.session.expire_all()
        assert export.snapshot() == before
        db.session.remove()


def _ops(event):
    from webapp.models import Operation
    return db.session.scalars(db.select(Operation).where(Operation.event_id == event.id)).all()
