"""A whole match played offline from the event data the phone saved at sign-in equals the same
entries made online (issue 19), over https on a LAN name; and the taps each action takes.

Tekken 5on5: coin toss, roll call with an absent member, blind selection, games, a double K.O. at
2–2, a penalty at 2–2 (the offender loses the game), naming each next player, to the end (the
absent member's team is out when he is the last one left). KGP best of 3: two prohibited acts by
one player, the second ends the match 2–0. One phone plays the match offline (never opened
online: the page kept at sign-in), another plays the same entries online; the server's stored
actions are the same, member for member. The taps per action, offline and online, are printed
(pytest -s) for the lead's note."""
import pathlib
import sys

from playwright.sync_api import expect
from team_phones import TAPS, Phone, played_as_stored

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import (  # noqa: E402
    kept,  # noqa: E402
    ops_with,
)
from venue_offline import event_of, reconnect, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

from webapp.extensions import db  # noqa: E402


def tekken_match(phone):
    phone.toss("a", "side", "1P")
    phone.roll_call("b", "B5")
    phone.name("A1")
    phone.name("B1")
    phone.game(3, 1)          # B1 out
    phone.name("B2")
    phone.game(1, 3)          # A1 out
    phone.name("A2")
    phone.game(2, 2)          # double K.O. at 2–2: A2 and B2 out, both name blind
    phone.name("A3")
    phone.name("B3")
    phone.penalty("b", "interruption", (2, 2))  # at 2–2 the round lost is the game: B3 out
    phone.name("B4")          # B5 is absent: not offered
    phone.game(3, 0)          # B4 out; only the absent B5 left: team B is out


def kgp_match(phone):
    phone.penalty("b", "pause")      # first act: the round to the opponent
    phone.game(2, 0)
    phone.penalty("b", "ps_button")  # second act by the same player: the match, 2–0




def play_both_ways(venue_server, venue_browser, play, *event_args, end_words=""):
    offline_event, offline_match = event_of(*event_args)
    online_event, online_match = event_of(*event_args)
    context, page = venue_phone(venue_server, venue_browser, offline_event, "ja")
    kept(page, venue_server.url, f"/staff/m/{offline_match.id}")
    context.set_offline(True)
    page.goto(f"{venue_server.url}/staff/m/{offline_match.id}")  # never opened online
    offline = Phone(page, "offline")
    play(offline)
    result = page.locator("[data-testid=local-result]")
    expect(result).to_be_visible()
    expect(result).to_contain_text(end_words)
    expect(page.locator("form[data-op=report_game]:visible, form[data-op=name_player]:visible")).to_have_count(0)

    online_context, online_page = venue_phone(venue_server, venue_browser, online_event, "en")
    online_page.goto(f"{venue_server.url}/staff/m/{online_match.id}")
    online = Phone(online_page, "online")
    play(online)
    expect(online_page.locator("[data-testid=winner]")).to_be_visible()

    reconnect(context, page)
    ops_with(page, "applied", offline.entries, timeout=40000)
    assert played_as_stored(offline_match) == played_as_stored(online_match)
    db.session.rollback()
    assert offline_match.winner_id == offline_match.slot_a and online_match.winner_id == online_match.slot_a
    for phone in (offline, online):
        for kind, taps in phone.taps.items():
            TAPS.setdefault(phone.mode, {}).setdefault(kind, set()).update(taps)
    print("TAPS", {mode: {k: sorted(v) for k, v in kinds.items()} for mode, kinds in TAPS.items()})
    return offline, online


def test_tekken_team_match_played_offline_equals_online(venue_server, venue_browser):
    offline, online = play_both_ways(venue_server, venue_browser, tekken_match, end_words="チームA")
    assert offline.entries == online.entries == 14


def test_kgp_two_prohibited_acts_offline_equals_online(venue_server, venue_browser):
    offline, _ = play_both_ways(venue_server, venue_browser, kgp_match, "best_of", "kgp2025", 2, 1,
                                end_words="チームA 2–0 チームB")
    assert offline.entries == 3
