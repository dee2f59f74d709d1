"""The desk's run table at 1366 px in English with over-limit rows (the no-show buttons, the
disqualify links, the winner form, a walkover's confirmation opened): nothing runs past its cell
or the screen."""
import pathlib
import sys
from datetime import timedelta

import pytest

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from axe_support import LAPTOP, shot  # noqa: E402
from desk_sign_in import sign_in_desk  # noqa: E402

pytestmark = pytest.mark.browser

SPILLS = """() => [...document.querySelectorAll('.run-table tbody td')].flatMap((td) => {
  const cell = td.getBoundingClientRect();
  return [...td.querySelectorAll('*')].filter((e) => e.checkVisibility())
    .map((e) => [e, e.getBoundingClientRect()])
    .filter(([, r]) => r.width && (r.right > cell.right + 1 || r.left < cell.left - 1))
    .map(([e, r]) => `${e.tagName.toLowerCase()} "${e.innerText.trim().slice(0, 30)}" ${Math.round(r.left)}–${Math.round(r.right)} in ${Math.round(cell.left)}–${Math.round(cell.right)}`);
})"""


def _over_limit_event():
    from webapp.database import utcnow
    from webapp.extensions import db
    from webapp.operations.autocall import call_next
    from webapp.services.accounts import users as accounts
    from webapp.services.day import stations
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events
    event = events.create_event("KGP2025 関西大会", "kgp2025")
    names = ["松本蓮", "池田葵", "加藤愛", "石川陸", "井上陽菜", "森大和", "山田太郎", "清水颯太",
             "Maximilian Featherstonehaugh", "アレクサンドラ・ウィルキンソン"] + [f"選手{i}番" for i in range(11, 17)]
    entrants.add_entrants(event, [{"name": n, "seed": i, "members": []} for i, n in enumerate(names, start=1)])
    phase = events.add_phase(event, "予選 (ダブルイリミネーション)", "double_elimination", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    phase.calling = {"auto_call": True, "no_show_minutes": 1}
    for name in ("1", "2", "3", "4", "配信台"):
        stations.add_station(event, name)
    accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    call_next(event)
    for match in (m for b in phase.brackets for m in b.matches if m.station):
        match.called_at = utcnow() - timedelta(minutes=12)
    db.session.commit()
    return phase


def test_over_limit_rows_stay_inside_the_table_at_1366_in_english(live_server, browser):
    phase = _over_limit_event()
    page = browser.new_context(viewport=LAPTOP, locale="ja-JP").new_page()
    sign_in_desk(page, live_server.url)
    for lang in ("en", "ja"):
        page.goto(f"{live_server.url}/desk/phase/{phase.id}?lang={lang}&status=all")
        assert page.locator(".run-table tr.over").count() >= 3
        for row in page.locator(".run-table tr.over").all():  # each walkover's confirmation opened
            row.locator("details.confirm-walkover summary").last.click()
        shot(page, f"run-table-over-limit-{lang}")
        assert page.evaluate(SPILLS) == [], lang
        wrap = page.locator("#desk-matches .table-wrap")
        assert wrap.evaluate("(w) => w.scrollWidth <= w.clientWidth"), f"the table scrolls sideways ({lang})"
        assert page.evaluate("document.documentElement.scrollWidth") <= LAPTOP["width"]
