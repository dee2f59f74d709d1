"""Defaults carried over offline as online (issue 19): after a game queued offline the next form
keeps both characters (on view, not inside the closed roster), the stage and the side where the
rules leave them to agreement (KGP), so the second game takes two taps: the score and the button.
The server receives the characters, stage and side of both games. Over https on a LAN name."""
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import actions_of, ops_with, pending_entries  # noqa: E402
from team_phones import Phone  # noqa: E402
from venue_offline import event_of, open_match, reconnect, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

PLAYED = {"char_a": "ビリー・カーン", "char_b": "双葉ほたる", "stage": "Pao Pao Cafe", "side_a": "2P"}


def first_game_with_characters_stage_and_side(phone):
    phone.start("game, characters, stage and side")
    form = phone.form("report_game")
    phone.tap(form.locator("input[name=score][value='2-1']"), "check")
    for side in ("a", "b"):
        chars = form.locator(f"[data-testid=chars-{side}]")
        phone.tap(chars.locator("summary"))
        phone.tap(chars.locator(f"label.chip:has-text('{PLAYED['char_' + side]}')"))
    phone.tap(form.locator("select[name=stage]"), "select_option", PLAYED["stage"])
    phone.tap(form.locator("select[name=side_a]"), "select_option", PLAYED["side_a"])
    phone.tap(form.locator("button[type=submit]"))
    phone.done()


def test_two_offline_games_the_second_in_two_taps_keep_characters_stage_and_side(venue_server, venue_browser):
    event, match = event_of("best_of", "kgp2025", teams=2, size=1)
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    open_match(page, venue_server.url, match)
    context.set_offline(True)
    phone = Phone(page, "offline")
    first_game_with_characters_stage_and_side(phone)
    form = page.locator("#offline-entry form[data-op=report_game]")
    for side in ("a", "b"):  # kept on view: the first button of the side, chosen
        kept = form.locator(f"[data-testid=chars-{side}] .char-keep input")
        expect(kept).to_have_count(1)
        expect(kept).to_be_checked()
        expect(kept).to_have_value(PLAYED["char_" + side])
        expect(form.locator(f"[data-testid=chars-{side}] details.char-more")).not_to_have_attribute("open", "")
    expect(form.locator("select[name=stage]")).to_have_value(PLAYED["stage"])
    expect(form.locator("select[name=side_a]")).to_have_value(PLAYED["side_a"])
    phone.game(1, 2)
    assert phone.taps["game"] == [2]
    pending_entries(page, 2)
    reconnect(context, page)
    ops_with(page, "applied", 2, timeout=30000)
    games = [a for a in actions_of(match) if a["kind"] == "report_game"]
    assert len(games) == 2
    for game in games:
        assert {k: game[k] for k in PLAYED} == PLAYED
    print("TAPS offline", dict(phone.taps))
