"""The page built from the offline pack (a match this phone has no page of) offers the online page's
roll call, arrival and declared character change (issue 19), from the same macros and script
(play_forms.html, team_forms.js), and shows stages in the page's language; over https on a LAN name.

A Tekken 5on5 match played from the pack page (toss, roll call with an absent member, a declared
change the opposing team and the referee allow, the absent member's arrival, games, a double K.O.,
a penalty, naming each next player) is stored on the server as the same entries made online, and
each entry's payload is byte for byte the one the online page sent (static/js/form_payload.js on both
pages); the pack page only adds the players it saw sit down (slots)."""
import json
import pathlib
import re
import sys

from playwright.sync_api import expect
from team_phones import pack_page

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "service"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import (
    ops_with,  # noqa: E402
)
from team_phones import TAPS, Phone, played_as_stored  # noqa: E402
from venue_offline import event_of, reconnect, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

from webapp.extensions import db  # noqa: E402
from webapp.models import Member  # noqa: E402

TEAM_FORMS = ("roll_call", "arrive", "declare_change")
# The team forms on view (kind, fields, options, what is chosen, buttons' words), on either page.
FORMS = """([root, attr, kinds]) => [...document.querySelectorAll(`${root} form[${attr}]`)]
  .filter((f) => !f.closest('[hidden]') && kinds.includes(f.getAttribute(attr)))
  .map((f) => ({ kind: f.getAttribute(attr), fields: [...f.elements].filter((e) => e.name && !e.closest('[hidden]')
        && !['csrf_token', 'base_version', 'position', 'kind'].includes(e.name))
      .map((e) => [e.name, e.type, e.tagName === 'SELECT' ? [...e.options].map((o) => o.value + '=' + o.textContent) : e.value,
        e.tagName === 'SELECT' ? e.value : e.tagName === 'BUTTON' ? e.textContent.trim() : !!e.checked,
        e.required || false]) }))"""


# Each entry of a match as this phone's outbox holds it, in the order made: its kind and its payload
# as JSON.stringify sends it (the players an offline phone saw sit down left out: the pack page's own).
PAYLOADS = """async (matchId) => (await TaikaiOutbox.list()).filter((o) => o.match_id === matchId)
  .sort((x, y) => x.seq - y.seq)
  .map((o) => { const p = { ...o.payload }; delete p.slots; return [o.kind, JSON.stringify(p)]; })"""


def by_name(payloads):
    """The payloads with each member's id (text, as the form holds it) read as their name: two events."""
    names = {str(m.id): m.name for m in db.session.query(Member)}
    return [(kind, re.sub(r'"(\d+)"', lambda n: json.dumps(names.get(n[1], n[1]), ensure_ascii=False), raw))
            for kind, raw in payloads]




def declared_change(event, name="A1"):
    """A1 declared a character change at reception (the Tekken rule that lets the referee allow it)."""
    member = next(m for e in event.entrants for m in e.members if m.name == name)
    member.change_declared = True
    db.session.commit()












def test_pack_team_forms_equal_the_online_ones_and_stages_read_in_japanese(venue_server, venue_browser):
    event, match = event_of()
    declared_change(event)
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    phone = pack_page(context, page, venue_server.url, match)
    expect(page.locator("#offline-match select[name=stage] option", has_text="三島道場")).to_have_count(1)
    phone.toss("a", "stage")
    before = page.evaluate(FORMS, ["#offline-match", "data-offline-op", list(TEAM_FORMS)])
    assert [f["kind"] for f in before] == ["roll_call", "declare_change"]  # nobody missing: no arrival yet
    phone.roll_call("b", "B5")
    after = page.evaluate(FORMS, ["#offline-match", "data-offline-op", list(TEAM_FORMS)])
    assert [f["kind"] for f in after] == ["roll_call", "arrive", "declare_change"]
    reconnect(context, page)
    ops_with(page, "applied", 2, timeout=30000)
    for entries, offline in ((2, after),):
        page.goto(f"{venue_server.url}/staff/m/{match.id}")
        expect(page.locator("#match-play")).to_have_attribute("data-position", str(entries))
        online = page.evaluate(FORMS, ["#match-play", "data-op", list(TEAM_FORMS)])
        assert online == offline


def tekken_from_the_pack(phone):
    phone.toss("a", "side", "1P")
    phone.roll_call("b", "B5")
    phone.declare("a", "A1", "風間飛鳥")
    phone.name("A1")
    phone.name("B1")
    phone.game(3, 1)          # B1 out (A1 played the allowed 風間飛鳥)
    phone.name("B2")
    phone.game(1, 3)          # A1 out
    phone.name("A2")
    phone.game(2, 2)          # double K.O. at 2–2: A2 and B2 out
    phone.name("A3")
    phone.name("B3")
    phone.penalty("b", "interruption", (2, 2))  # B3 out
    phone.arrive("B5")        # B5 has come: present, still last
    phone.name("B4")
    phone.game(3, 0)          # B4 out
    phone.name("B5")
    phone.game(3, 0)          # B5 out: team B is out


def test_tekken_match_played_from_the_pack_equals_online(venue_server, venue_browser):
    offline_event, offline_match = event_of()
    online_event, online_match = event_of()
    for event in (offline_event, online_event):
        declared_change(event)
    context, page = venue_phone(venue_server, venue_browser, offline_event, "en")
    offline = pack_page(context, page, venue_server.url, offline_match)
    expect(page.locator("#offline-match select[name=stage] option", has_text="Mishima Dojo")).to_have_count(1)
    tekken_from_the_pack(offline)
    expect(page.locator("[data-testid=offline-decided]")).to_be_visible()
    expect(page.locator("[data-testid=offline-decided]")).to_contain_text("チームA")

    online_context, online_page = venue_phone(venue_server, venue_browser, online_event, "ja")
    online_page.goto(f"{venue_server.url}/staff/m/{online_match.id}")
    online = Phone(online_page, "online")
    tekken_from_the_pack(online)
    expect(online_page.locator("[data-testid=winner]")).to_be_visible()

    sent = {"pack": by_name(page.evaluate(PAYLOADS, offline_match.id)),
            "online": by_name(online_page.evaluate(PAYLOADS, online_match.id))}
    assert len(sent["pack"]) == 18 and sent["pack"] == sent["online"]
    reconnect(context, page)
    ops_with(page, "applied", offline.entries, timeout=40000)
    assert played_as_stored(offline_match) == played_as_stored(online_match)
    db.session.rollback()
    games = [a for a in played_as_stored(offline_match) if a["kind"] == "report_game"]
    assert games[0]["char_a"] == "風間飛鳥"  # the allowed change, kept as online
    assert offline_match.winner_id == offline_match.slot_a
    for phone in (offline, online):
        for kind, taps in phone.taps.items():
            TAPS.setdefault("pack" if phone.mode == "offline" else "online", {}).setdefault(kind, set()).update(taps)
    print("TAPS", {mode: {k: sorted(v) for k, v in kinds.items()} for mode, kinds in TAPS.items()})
    assert offline.entries == online.entries == 18
