"""The phone's outbox against the real server and service worker: nothing entered is ever lost."""
import pathlib
import re
import sys
import uuid

from offline_phones import (
    FAST,
    actions_of,
    event_with_pin,
    four_entries,
    name,
    open_match,
    ops_with,
    pending_entries,
    report,
    staff_page,
    toss,
)
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from chromium_support import close_chromium, launch_chromium  # noqa: E402
from desk_sign_in import sign_in_desk
from phone_entries import submit

from webapp.database import write_transaction  # noqa: E402
from webapp.extensions import db  # noqa: E402
from webapp.models import LoginSession, Operation  # noqa: E402
from webapp.services.accounts import login_sessions
from webapp.services.accounts import users as accounts  # noqa: E402


def penalty(page, side, code):
    """Open the penalty form, choose the side and the kind (nothing is chosen beforehand), record it."""
    box = page.locator("details:has(form[data-op=penalty])")
    if not box.evaluate("d => d.open"):
        box.locator("summary").click()
    form = box.locator("form[data-op=penalty]")
    form.locator(f"input[name=side][value={side}]").check()
    act = form.locator(f"input[name=act][value={code}]")  # a KGP act: one tap on its words
    if act.count():
        act.check()
    else:
        form.locator("select[name=penalty]").select_option(code)
    form.locator("button[type=submit]").click()










def test_offline_entries_survive_reload_and_are_sent_back_online(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    phone.set_offline(True)
    four_entries(page)
    page.reload()
    ops_with(page, "saved", 4)
    pending_entries(page, 4)
    expect(page.locator("[data-testid=offline-notice]")).to_contain_text("ルール確認は送信後")
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", 4)
    assert [a["kind"] for a in actions_of(match)] == ["coin_toss", "name_player", "name_player", "report_game"]
    # Everything sent, the view refreshed: the server's next step is back, the panel gone.
    expect(page.locator("#offline-entry")).to_be_hidden()
    expect(page.locator("[data-testid=next-step]")).to_be_visible()


def test_server_down_entries_survive_a_browser_restart(live_server, playwright_instance, tmp_path, app):
    event, match = event_with_pin()
    profile = str(tmp_path / "profile")

    def launch():
        ctx = launch_chromium(playwright_instance, persistent_profile=profile, locale="ja-JP")
        ctx.add_init_script(FAST)
        return ctx
    ctx = launch()
    page = staff_page(ctx, live_server.url, event)
    open_match(page, live_server.url, match)
    live_server.stop()
    four_entries(page)
    page.reload()
    ops_with(page, "saved", 4)
    close_chromium(ctx)
    ctx = launch()
    page = ctx.pages[0] if ctx.pages else ctx.new_page()
    page.goto(f"{live_server.url}/staff/m/{match.id}")
    ops_with(page, "saved", 4)
    pending_entries(page, 4)
    live_server.start()
    ops_with(page, "applied", 4, timeout=30000)
    close_chromium(ctx)
    assert len(actions_of(match)) == 4


def test_reply_lost_after_commit_is_a_duplicate_with_one_effect(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    seen = []

    def drop_first_reply(route):
        if not seen:
            seen.append(route.fetch())  # the server committed it...
            route.abort()               # ...and the reply never arrives
        else:
            route.continue_()
    phone.route("**/sync/ops", drop_first_reply)
    toss(page)
    ops_with(page, "duplicate", 1)
    assert seen and seen[0].status == 200
    assert len(actions_of(match)) == 1
    assert db.session.query(Operation).count() == 1


def test_server_errors_are_retried_with_backoff(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    failures = []

    def flaky(route):
        if len(failures) < 3:
            failures.append(1)
            route.fulfill(status=503, body="busy")
        else:
            route.continue_()
    phone.route("**/sync/ops", flaky)
    toss(page)
    ops_with(page, "applied", 1)
    assert len(failures) == 3 and len(actions_of(match)) == 1


def test_rule_breaking_entry_is_rejected_and_the_one_after_it_waits_beside_it(live_server, phone):
    """I2: the entries before a refused one apply; the one this phone made after it is not moved
    into its place but kept as a conflict "follows a refused entry", for the desk to decide."""
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    phone.set_offline(True)
    entries = (lambda: toss(page), lambda: name(page, "A1"), lambda: name(page, "B1"),
               lambda: report(page, "a", 3, 0),
               lambda: penalty(page, "b", "interruption"),  # breaks the rules: B has no player; the phone cannot tell
               lambda: name(page, "B2"))
    for n, enter in enumerate(entries, 1):
        enter()
        pending_entries(page, n)  # stored (and the form cleared) before the next one
    expect(page.locator("#offline-entry [data-testid=pending-entry][data-kind=report_game]")).to_have_text(
        [re.compile("3–0")])
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "rejected", 1)
    expect(page.locator("#outbox-status li[data-status=rejected]")).to_contain_text("チームB")
    ops_with(page, "applied", 4)
    ops_with(page, "conflict", 1)
    kinds = [a["kind"] for a in actions_of(match)]
    assert kinds == ["coin_toss", "name_player", "name_player", "report_game"]


def test_expired_sign_in_keeps_entries_until_signed_in_again(live_server, phone):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    phone.set_offline(True)
    for cookie in ("session", "remember_token"):  # the sign-in is gone; the phone's own cookie stays
        phone.clear_cookies(name=cookie)
    toss(page)
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "auth", 1)
    page.goto(f"{live_server.url}/e/{event.slug}/staff-login?next=/staff/m/{match.id}")
    page.fill("input[name=name]", "審判 佐藤")
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    ops_with(page, "applied", 1)
    assert len(actions_of(match)) == 1


def test_a_phone_the_desk_signed_out_hears_it_beside_its_kept_entries(live_server, phone, browser):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    impostor = staff_page(browser.new_context(locale="ja-JP"), live_server.url, event)  # the same name
    expect(impostor.locator(".flash.error")).to_contain_text("審判 佐藤 さんは別の端末でログイン中です")
    db.session.rollback()
    session = db.session.query(LoginSession).filter_by(ended_at=None).one()  # the desk signs the phone out
    login_sessions.end(session.id)
    db.session.commit()
    toss(page)
    ops_with(page, "auth", 1)
    expect(page.locator("#outbox-status li[data-status=auth]")).to_contain_text("ログインすると送信します")
    assert actions_of(match) in (None, [])  # kept on the phone, not sent under anyone
    page.goto(f"{live_server.url}/e/{event.slug}/staff-login?next=/staff/m/{match.id}")
    page.fill("input[name=name]", "審判 佐藤")  # the same phone takes its name back
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    ops_with(page, "applied", 1)
    assert len(actions_of(match)) == 1


# The new worker, from reg.update() to "activated" (it skips waiting), awaited in the page.
UPDATE_AND_ACTIVATE = """async () => {
  const reg = await navigator.serviceWorker.getRegistration();
  const found = new Promise((resolve) => reg.addEventListener('updatefound', () => resolve(reg.installing), { once: true }));
  await reg.update();
  const sw = await found;
  await new Promise((resolve, reject) => {
    const check = () => {
      if (sw.state === 'activated') resolve();
      else if (sw.state === 'redundant') reject(new Error('the new worker did not install'));
    };
    sw.addEventListener('statechange', check);
    check();
  });
  return caches.keys();
}"""


def test_new_app_version_keeps_queued_entries(live_server, phone, app):
    event, match = event_with_pin()
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, match)
    live_server.stop()
    four_entries(page)
    # Still not accepted once the server is back (pages and worker alike), until the test says so.
    phone.route("**/sync/ops", lambda route: route.fulfill(status=503, body="later"))
    live_server.start()
    app.config["TAIKAI_SW_VERSION"] = "v2"
    try:
        keys = page.evaluate(UPDATE_AND_ACTIVATE)
        assert "taikai-shell-v2" in keys and "taikai-shell-v1" not in keys
        page.reload()
        ops_with(page, "saved", 4)
        pending_entries(page, 4)
        phone.unroute("**/sync/ops")
        page.locator("#outbox-status [data-action=sync]").click()
        ops_with(page, "applied", 4)
    finally:
        app.config.pop("TAIKAI_SW_VERSION", None)
    assert len(actions_of(match)) == 4


def test_two_phones_confirm_or_conflict_and_the_desk_decides(live_server, browser, app):
    event, match = event_with_pin()
    one, two = (browser.new_context(locale="ja-JP") for _ in range(2))
    p1, p2 = staff_page(one, live_server.url, event), staff_page(two, live_server.url, event, "審判 鈴木")
    for page in (p1, p2):
        open_match(page, live_server.url, match)
    for ctx in (one, two):
        ctx.set_offline(True)
    toss(p1, "a")
    toss(p2, "a")   # the same toss: confirmed
    name(p1, "A1")
    expect(p2.locator("#match-play")).to_have_attribute("data-position", "1")
    name(p2, "A2")  # a different first player: conflict
    one.set_offline(False)  # phone one's entries land first
    p1.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(p1, "applied", 2)
    two.set_offline(False)
    p2.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(p2, "confirmed", 1)
    ops_with(p2, "conflict", 1)
    # The phones still write (seen marks); the test's write takes the lock first, as a form does.
    with write_transaction(db.session):
        accounts.create_user("desk", "desk-pass-123", role="desk", display_name="本部")
    desk = browser.new_context(locale="ja-JP")
    page = desk.new_page()
    sign_in_desk(page, live_server.url)
    page.goto(f"{live_server.url}/desk/conflicts/")
    conflict = page.locator("[data-testid=conflict]")
    expect(conflict).to_have_count(1)
    expect(conflict.locator("[data-testid=recorded] [data-testid=author]")).to_contain_text("審判 佐藤")
    expect(conflict.locator("[data-testid=entered] [data-testid=author]")).to_contain_text("審判 鈴木")
    conflict.locator("button[value=keep]").click()
    expect(page.locator("[data-testid=no-conflicts]")).to_be_visible()
    lost = p2.locator("#outbox-status li[data-status=conflict]")
    expect(lost).to_have_attribute("data-resolution", "kept", timeout=30000)
    expect(lost.locator("[data-testid=decision]")).to_be_visible()


def test_entry_for_a_match_whose_players_changed_is_a_conflict(live_server, phone, app):
    event, _ = event_with_pin(teams=4)
    desk = accounts.create_user("desk", "desk-pass-123", role="desk")
    db.session.commit()
    bracket = event.phases[0].brackets[0]
    semis = [m for m in bracket.matches if m.status == "ready"]
    for semi in semis:
        _desk_op(semi, "record_winner", desk, winner=semi.slot_a)
    final = next(m for m in bracket.matches if m.status == "ready")
    page = staff_page(phone, live_server.url, event)
    open_match(page, live_server.url, final)
    phone.set_offline(True)
    toss(page)
    _desk_op(semis[0], "correct_result", desk, winner=semis[0].slot_b, reason="wrong button")
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "conflict", 1)
    assert db.session.query(Operation).filter_by(code="conflict.participants_changed").count() == 1


def _desk_op(match, kind, user, **payload):
    outcome = submit({"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": kind,
                                 "match_id": match.id, "payload": payload}, user)
    assert outcome.outcome == "applied", outcome
    db.session.expire_all()
