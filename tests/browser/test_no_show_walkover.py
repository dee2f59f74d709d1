"""A no-show from the station board, as the desk does it on a laptop: the absent button opens a
confirmation that says where each side goes, the confirmed walkover frees the station, and the
board offers to take it back while nothing after it was played; axe finds nothing serious."""
import pathlib
import sys
from datetime import timedelta

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from axe_support import serious_problems, shot  # noqa: E402
from desk_sign_in import sign_in_desk  # noqa: E402
from play_support import team_event  # noqa: E402

from webapp.database import utcnow  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.models import Entrant, MatchRow  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.day import stations


def _called_too_long_ago():
    event, match = team_event("best_of", "kgp2025", teams=8, size=1)
    accounts.create_user("desk", "desk-pass-123", role="desk")
    stations.add_station(event, "1")
    match.station, match.called_at = "1", utcnow() - timedelta(minutes=15)
    db.session.commit()
    return event, match


def test_a_no_show_walkover_is_confirmed_in_the_page_and_taken_back(live_server, browser, app):
    event, match = _called_too_long_ago()
    absent, present = (db.session.get(Entrant, e).name for e in (match.slot_a, match.slot_b))
    page = browser.new_context(locale="ja-JP", viewport={"width": 1366, "height": 768}, bypass_csp=True).new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/e/{event.id}/stations")
    row = page.locator("[data-testid='station-1']")
    confirm = row.locator(f"[data-testid='walkover-{match.slot_a}']")
    expect(confirm.locator("button[type=submit]")).to_be_hidden()  # one tap only opens the confirmation
    confirm.locator("summary").click()
    effect = confirm.locator("[data-testid=walkover-effect]")
    expect(effect).to_contain_text(f"{present} の不戦勝になります。")
    expect(effect).to_contain_text(f"{present} は 準決勝 第1試合 に進みます。")
    expect(effect).to_contain_text(f"{absent} はこのフェーズで敗退です。")
    assert not serious_problems(page)
    shot(page, "no-show-confirm-laptop")
    confirm.locator("button[type=submit]").click()
    undo = page.locator(f"[data-testid='undo-walkover-{match.id}']")
    expect(undo).to_be_visible(timeout=15000)
    expect(row).to_contain_text("空き")  # the station is free again
    db.session.rollback()
    assert db.session.get(MatchRow, match.id).walkover
    undo.locator("button").click()
    expect(page.locator(".flash.ok")).to_contain_text("不戦勝を取り消しました")
    db.session.rollback()
    back = db.session.get(MatchRow, match.id)
    assert back.status == "ready" and not back.walkover and back.station == ""
    expect(page.locator(f"[data-testid='undo-walkover-{match.id}']")).to_have_count(0)
    shot(page, "no-show-undone-laptop")
