"""The event's title on a phone: the roster is the event's game (a character added at the desk
included), each character in the page's language, found by kana — online, and on the page the
offline pack builds."""
import pathlib
import sys

from desk_sign_in import sign_in_desk
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "service"))
sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from team_phones import pack_page  # noqa: E402
from venue_offline import event_of, open_match, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

from webapp.database import write_transaction  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.models import Event  # noqa: E402
from webapp.services.setup import game_edits  # noqa: E402


def _search(page, root, text):
    chars = page.locator(f"{root} [data-testid=chars-a]").first
    if not chars.locator("details.char-more").evaluate("d => d.open"):
        chars.locator("summary").click()
    chars.locator("[data-char-search]").fill(text)
    return chars.locator(".char-roster label:visible")


def test_tekken8_roster_found_by_kana_online_and_a_desk_character_offline(venue_server, venue_browser):
    event, match = event_of("best_of", "kgp2025", teams=2, size=1)
    event.game = "tekken8"
    game_edits.save_entry("tekken8", "character", "新顔", "Newface", "しんがお")
    db.session.commit()
    context, page = venue_phone(venue_server, venue_browser, event, "ja")
    open_match(page, venue_server.url, match)
    expect(_search(page, "#match-play", "かず")).to_have_text(["一八"])
    expect(_search(page, "#match-play", "ユウジロウ")).to_have_text(["範馬勇次郎"])
    expect(page.locator("#match-play .char-roster label", has_text="テリー")).to_have_count(0)
    pack_page(context, page, venue_server.url, match)
    expect(_search(page, "#offline-match", "しんが")).to_have_text(["新顔"])
    expect(_search(page, "#offline-match", "かずや")).to_have_text(["一八"])


def test_a_title_added_from_the_desk_s_page_is_on_the_phone_and_offline(venue_server, venue_browser, desk_user):
    """No code: the desk's /desk/games form adds a title and a character; the staff phone offers it online
    and on the page the offline pack builds."""
    # The event first, while nothing else writes: once the desk's page is open its phone syncs, and a
    # read-then-write of this test's session would meet "database is locked" on SQLite.
    event, match = event_of("best_of", "standard_1on1", teams=2, size=1)
    desk = venue_browser.new_context(viewport={"width": 1366, "height": 768}, locale="ja-JP")
    page = desk.new_page()
    sign_in_desk(page, venue_server.url)
    page.goto(f"{venue_server.url}/desk/games/?lang=ja")
    form = page.locator("[data-testid=add-game]")
    form.locator("input[name=name_ja]").fill("ぷよぷよeスポーツ")
    form.locator("input[name=name_en]").fill("Puyo Puyo eSports")
    form.locator("button[type=submit]").click()
    expect(page.locator("h1")).to_have_text("ぷよぷよeスポーツ")
    page.locator("[data-testid=add-character] summary").click()
    added = page.locator("[data-testid=add-character] form")
    added.locator("input[name=ja]").fill("アルル")
    added.locator("input[name=en]").fill("Arle")
    added.locator("input[name=kana]").fill("あるる")
    added.locator("button[type=submit]").click()
    expect(page.locator(".flash.ok")).to_contain_text("アルル")
    page.goto("about:blank")  # the desk's page stops polling the server
    with write_transaction(db.session):  # the write lock from its start, as a desk form takes it
        db.session.get(Event, event.id).game = "puyo_puyo_esports"
    context, phone = venue_phone(venue_server, venue_browser, event, "ja")
    open_match(phone, venue_server.url, match)
    expect(phone.locator("#match-play [data-testid=chars-a] label", has_text="アルル").first).to_be_attached()
    expect(phone.locator("#match-play [data-testid=chars-a] label", has_text="テリー")).to_have_count(0)
    pack_page(context, phone, venue_server.url, match)
    expect(phone.locator("#offline-match [data-testid=chars-a] label", has_text="アルル").first).to_be_attached()
