"""The team forms on a staff match page (one macro each, the same on the page built from the offline
pack): roll call and declared change before the first game; arrival, one tap per member missing at
roll call, offered only while someone is missing."""
import re

from play_support import member_ids, send, team_event


def _details(page: str, part: str) -> str:
    """The <details> of one form (data-part), with its attributes."""
    start = page.rindex("<details", 0, page.index(f'data-part="{part}"'))
    return page[start:page.index("</details>", start)]


def test_arrival_is_offered_for_the_members_missing_at_roll_call(desk_client, app):
    event, match = team_event()
    page = desk_client.get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True)
    assert "hidden" in _details(page, "arrive").split(">")[0]  # nobody missing yet
    assert 'name="absent_a"' in _details(page, "roll-call") and 'name="member_id"' in _details(page, "declare-change")
    b5 = member_ids(match, "b")[4]
    send(match, "coin_toss", position=0, winner="a", choice="stage")
    send(match, "roll_call", position=1, absent_a=[], absent_b=[b5])
    page = desk_client.get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True)
    arrive = _details(page, "arrive")
    assert "hidden" not in arrive.split(">")[0]
    assert re.findall(r'name="member_id" value="(\d+)"', arrive) == [str(b5)]
    send(match, "arrive", position=2, side="b", member_id=b5)
    page = desk_client.get(f"/staff/m/{match.id}?lang=ja").get_data(as_text=True)
    assert "hidden" in _details(page, "arrive").split(">")[0]
