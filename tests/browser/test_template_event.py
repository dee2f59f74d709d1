"""The desk creates the Tekken day from its preset in the event builder, starts the first qualifier; the public schedule follows."""
import re

from desk_sign_in import sign_in_desk
from playwright.sync_api import expect

CHARS = ["一八", "仁", "ポール", "キング", "ロウ"]


def _team_lines(n):
    lines = []
    for t in range(1, n + 1):
        members = ",".join(f"T{t}選手{k},{CHARS[k - 1]}" for k in range(1, 6))
        lines.append(f"膝チーム{t},,{members}")
    return "\n".join(lines)


def test_desk_creates_tekken_day_and_schedule_shows_running_phase(live_server, context, browser, desk_user):
    url = live_server.url
    desk = context.new_page()
    sign_in_desk(desk, url)
    desk.goto(f"{url}/desk/templates")  # the old address leads to the event builder
    desk.select_option("[data-testid=preset-select]", "tekken7_hiza_5on5")
    desk.click("[data-testid=apply-preset]")
    desk.fill("input[name=name]", "鉄拳7 膝まったり杯")
    desk.fill("textarea[name=sheet]", _team_lines(12))
    desk.locator("[data-testid=create-event]").click()
    expect(desk.locator("[data-testid=sample-table]")).to_be_visible()  # the sheet as it will be read
    desk.locator("[data-testid=import-confirm]").click()
    expect(desk.locator("#entrants table tbody tr")).to_have_count(12)
    expect(desk.locator("#phases li")).to_have_count(5)   # q1 AM, q1 PM, q2, wildcard, best 8
    desk.locator("#phases li").first.locator("[data-testid=preview-start]").click()
    expect(desk.locator("[data-testid=start-preview]")).to_be_visible()
    expect(desk.locator("[data-testid=checkin-gate]")).to_be_visible()  # nobody checked in yet
    desk.locator("[data-testid=gate-anyway]").click()
    expect(desk).to_have_url(re.compile(r"/desk/phase/\d+$"))

    public = browser.new_context(locale="ja-JP").new_page()
    public.goto(url + "/desk/")  # a spectator is not signed in: desk pages send them to sign in
    expect(public).to_have_url(re.compile("/login"))
    public.goto(url + "/")
    public.locator("a", has_text="鉄拳7 膝まったり杯").click()
    public.locator("a[href$='/schedule']").first.click()
    expect(public.locator("[data-testid=running-phase]")).to_have_text("一次予選 前半")
    expect(public.locator("tr.running")).to_have_count(1)
