"""The desk links a start.gg event from a 390 px phone (issue 39): the address and the token pasted, the
bracket built from start.gg (the schema-checked stand-in), the token never on the page again; after play
the page counts the reports sent, with every tap target at least 44 px and no serious axe finding."""
import random
from datetime import datetime, timezone

import pytest
from axe_support import PHONE, serious_problems, small_targets
from desk_sign_in import sign_in_desk
from playwright.sync_api import expect
from startgg_brackets import put
from startgg_standin import StartggStandIn

from webapp.extensions import db
from webapp.models import Phase
from webapp.services.matches import simulate
from webapp.services.setup import events
from webapp.web import tie_sender

pytestmark = pytest.mark.browser
TOKEN = "sgg-phone-token-0a8c41"


def test_the_desk_links_start_gg_from_a_phone_and_sees_every_set_reported(app, live_server, browser, desk_user):
    event = events.create_event("Weekly 12", "standard_1on1")
    db.session.commit()
    with StartggStandIn(TOKEN) as gg:
        put(gg, "DOUBLE_ELIMINATION", 8)
        app.config["STARTGG_URL"] = gg.url
        # bypass_csp: only so axe-core can be put on the page, as the accessibility tests do
        context = browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True, locale="ja-JP", bypass_csp=True)
        page = context.new_page()
        sign_in_desk(page, live_server.url)
        page.goto(f"{live_server.url}/desk/e/{event.id}")
        page.locator("[data-testid=startgg-link]").click()
        form = page.locator("[data-testid=startgg-link-form]")
        form.locator("input[name=event]").fill("https://www.start.gg/tournament/weekly-12/event/ultimate-singles")
        form.locator("input[name=token]").fill(TOKEN)
        assert small_targets(page) == [] and serious_problems(page) == []
        form.locator("button[type=submit]").click()
        expect(page.locator(".flash.ok")).to_contain_text("参加者8人")
        expect(page.locator("[data-testid=startgg-linked]")).to_contain_text("tournament/weekly-12/event/ultimate-singles")
        assert TOKEN not in page.content()
        db.session.commit()
        phase = db.session.query(Phase).filter_by(event_id=event.id).one()
        simulate.play_phase(phase, random.Random(8))
        db.session.commit()
        tie_sender.send_once(app, datetime(2026, 12, 5, 12, tzinfo=timezone.utc))
        reported = len(gg.mutations("reportBracketSet"))
        page.reload()
        expect(page.locator("[data-testid=startgg-counts]")).to_contain_text(f"送信済み {reported}")
        assert reported >= 14 and gg.invalid == []
        assert small_targets(page) == [] and serious_problems(page) == []
        assert TOKEN not in page.content()
        context.close()
