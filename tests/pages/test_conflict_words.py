"""The conflicts page in words: which referee and which of their phones, the venue's local time,
and both versions' fields in the same order."""
import re
from datetime import timezone
from zoneinfo import ZoneInfo

from play_support import send, team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Operation  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402


def _referee(event, name):
    accounts.set_staff_pin(event, "246810")
    user = accounts.staff_by_pin(event, name, "246810")
    db.session.commit()
    return user


def _section(page, testid):
    return page.split(f'data-testid="{testid}"')[1].split("</div>")[0]


def test_both_versions_name_the_referee_their_phone_and_the_local_time_in_one_order(desk_client):
    event, match = team_event()
    sato, suzuki = _referee(event, "審判 佐藤"), _referee(event, "審判 鈴木")
    send(match, "coin_toss", user=sato, device="a1b2c3d4-e5f6", position=0, winner="a", choice="stage")
    send(match, "coin_toss", user=suzuki, device="0f9e8d7c-6b5a", position=0, base_version=1,
         winner="b", choice="side", side_of_winner="1P")
    send(match, "coin_toss", user=suzuki, device="99887766-5544", position=1, winner="b", choice="side")
    page = desk_client.get("/desk/conflicts/?lang=ja").get_data(as_text=True)
    recorded, entered = _section(page, "recorded"), _section(page, "entered")
    assert "審判 佐藤" in recorded and "審判 鈴木" in entered
    assert "本人のスマートフォン 1 台目" in entered and "a1b2c3d4" not in page and "0f9e8d7c" not in page
    received = db.session.query(Operation).filter_by(device_id="0f9e8d7c-6b5a").first().received_at
    local = received.replace(tzinfo=received.tzinfo or timezone.utc).astimezone(ZoneInfo("Asia/Tokyo"))
    assert f"受信 {local:%H:%M}" in entered and not re.search(r"\d{4}-\d{2}-\d{2}", recorded + entered)
    fields = [re.findall(r"<dt>(.*?)</dt>", part) for part in (recorded, entered)]
    assert fields[0] == fields[1] and len(fields[0]) == 3  # the same fields, in the same order
    assert "base version" not in page.lower() and "base_version" not in recorded + entered
    english = desk_client.get("/desk/conflicts/?lang=en").get_data(as_text=True)
    assert "their phone 1" in _section(english, "entered") and f"received at {local:%H:%M}" in english


def test_the_two_columns_leave_out_bookkeeping_and_what_neither_version_says():
    from webapp.views.desk.conflict_words import field_order

    recorded = {"base_version": None, "char_a": "", "winner": "b", "rounds_a": 0, "rounds_b": 0, "double_ko": False}
    entered = {"base_version": 2, "char_a": "", "winner": "a", "rounds_a": 2, "rounds_b": 0}
    assert field_order(entered, recorded) == ["winner", "rounds_a", "rounds_b"]  # 0 rounds is said
