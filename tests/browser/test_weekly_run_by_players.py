"""A 16-player double-elimination weekly run by its players (issue 30's done-when).

Eighteen sign up themselves (cap 16: two wait), one withdraws and the first in line gets the place;
everyone checks in from their phone with the reception's code; every result is a player's report
confirmed by the opponent: one disputed (the opponent enters their own version; the desk decides on its conflicts page), one made
offline (applied once after the phone is back). A few players use real Chromium pages (the
browser's sign-up and check-in, the offline report, one confirmation, the disputed report); the
rest send the same HTTP requests those pages send, with their own cookies and CSRF tokens.

Every step a person sees is saved for a person to review, in test-results/weekly/NN-step-who-lang.png
(not committed): the players' pages on a 390 px phone (ja, the main ones once in en), the desk's at 1366 px.
"""
import re

import pytest
from desk_sign_in import sign_in_desk
from playwright.sync_api import expect
from step_shots import StepShots
from weekly_players import LAPTOP, PHONE, PHONE_EN, Phone, fresh, post, ready_matches, report_by_http, token

from webapp.extensions import db
from webapp.models import Entrant, Event, Operation, PlayerReport, Signup
from webapp.services.matches import brackets
from webapp.services.players import self_checkin, self_report, signups
from webapp.services.setup import events

pytestmark = pytest.mark.browser

DESK = type("Desk", (), {"is_desk": True, "id": None})()


def _as_browser(browser, url, player, options=PHONE):
    """A player's HTTP phone as a browser page: the cookies their phone holds (to look at their pages)."""
    context = browser.new_context(**options)
    context.add_cookies([{"name": c.name, "value": c.value, "url": url} for c in player["client"].http.cookies])
    return context.new_page()


def _weekly() -> Event:
    event = events.create_event("水曜ウィークリー", "kgp2025")
    events.add_phase(event, "本戦", "double_elimination", match_type="best_of", best_of=3)
    signups.set_settings(event, True, 16, 20, [])  # the venue's wifi is one address for everyone
    self_report.save_settings(event, True, "", DESK)
    db.session.commit()
    return event






def _http_player(url, event, n: int):
    """A player's own phone: the sign-up form's GET (its token) and POST (their cookie)."""
    client = Phone(url)
    path = f"/e/{event.slug}/signup"
    answer = client.post(path, {"name": f"選手{n:02d}", "reading": f"せんしゅ{n:02d}", "csrf_token": token(client, path)})
    assert answer.status_code == 200, answer.text.split("<main")[-1][:600]
    link = re.search(r'data-testid="my-link"[^>]*href="([^"]+)"|href="([^"]+)"[^>]*data-testid="my-link"',
                     answer.text)
    return {"client": client, "link": re.sub(r"^https?://[^/]+", "", link.group(1) or link.group(2)),
            "name": f"選手{n:02d}"}










def _play_until(event, players, wanted=None):
    """Every ready match is reported and confirmed by HTTP phones, until one with `wanted` is ready
    (then that one is left for the browser); to the end of the event without `wanted`."""
    while ready := ready_matches(event):
        mine = next((m for m in ready if wanted in (m.slot_a, m.slot_b)), None)
        if mine is not None:
            return mine
        for match in ready:
            report_by_http(event, match, players)
    return None


def _store_a_game(page, win):
    """One tap of the referee's game form on the player's page: stored on the phone (the form empties)."""
    chip = page.locator(f"#my-report input[name=score][value='{win}']")
    chip.check()
    page.click("#my-report form[data-op=report_game] button[type=submit]")
    expect(chip).not_to_be_checked()


def test_a_weekly_whose_players_sign_up_check_in_and_report(live_server, browser, app, desk_user):
    event = _weekly()
    url, shot = live_server.url, StepShots("weekly")
    looker = browser.new_context(**PHONE_EN).new_page()
    looker.goto(f"{url}/e/{event.slug}/signup?lang=en")
    shot(looker, "signup-form", "stranger", "en")
    mine = browser.new_context(**PHONE)
    page = mine.new_page()
    page.goto(f"{url}/e/{event.slug}/signup")
    shot(page, "signup-form", "midori")
    page.fill("#name", "みどり")
    page.fill("#reading", "みどり")
    page.click("[data-testid=signup-submit]")
    expect(page.locator("[data-testid=signed-up]")).to_contain_text("みどり")
    shot(page, "signed-up", "midori")
    players = []
    for n in range(1, 18):
        # Here every phone is 127.0.0.1; at a venue they come from many. The throttle per address
        # (its own tests are sign-up's) starts again for each, as it would for another address.
        app.extensions["taikai_limiter"].reset()
        players.append(_http_player(url, event, n))
    db.session.rollback()
    assert len(signups.waiting(fresh(Event, event.id))) == 2

    leaving = players[3]
    promoted = players[15]
    waiting = _as_browser(browser, url, promoted)
    waiting.goto(url + promoted["link"])
    shot(waiting, "waitlisted", "player16")
    post(leaving, f"/e/{event.slug}/me/withdraw")
    waiting.goto(f"{url}/e/{event.slug}/me")
    expect(waiting.locator("[data-testid=mine-promoted]")).to_be_visible()  # the place is theirs, their page says
    shot(waiting, "promoted", "player16")
    waiting.goto(f"{url}/e/{event.slug}/me?lang=en")
    shot(waiting, "promoted", "player16", "en")
    db.session.rollback()
    assert fresh(Signup, db.session.query(Signup).filter_by(name=promoted["name"]).one().id).entrant_id
    assert len(signups.waiting(fresh(Event, event.id))) == 1

    code = self_checkin.new_code(fresh(Event, event.id))
    db.session.commit()
    desk_page = browser.new_context(**LAPTOP).new_page()
    sign_in_desk(desk_page, url)
    desk_page.goto(f"{url}/desk/e/{event.id}/reception-code")
    expect(desk_page.get_by_text(code).first).to_be_visible()
    shot(desk_page, "reception-code", "desk")
    page.goto(f"{url}/e/{event.slug}/me")
    shot(page, "checkin-form", "midori", show="#checkin")
    page.fill("#code", code)
    page.click("[data-testid=mine-checkin-submit]")
    expect(page.locator("[data-testid=mine-checked-in]")).to_be_visible()
    shot(page, "checked-in", "midori", show="#checkin")
    playing = [p for p in players if p is not leaving and p is not players[16]]  # players[16] still waits
    for player in playing:
        post(player, f"/e/{event.slug}/me/checkin", code=code)

    db.session.rollback()
    event = fresh(Event, event.id)
    entered = [e for e in event.entrants if e.checked_in]
    assert len(entered) == 16
    brackets.start_phase(event.phases[0], entered)
    db.session.commit()
    by_id = {db.session.query(Entrant).filter_by(event_id=event.id, name=p["name"]).one().id: p for p in playing}
    midori = db.session.query(Entrant).filter_by(event_id=event.id, name="みどり").one().id

    # The offline report: みどり's first match, from her page, the wifi gone; her opponent confirms in a browser.
    by_id[midori] = {"client": _browser_phone(url, mine), "name": "みどり"}
    first = _play_until(event, by_id, midori)
    opponent = by_id[first.slot_b if first.slot_a == midori else first.slot_a]
    page.goto(f"{url}/e/{event.slug}/me")
    shot(page, "called", "midori")
    page.goto(f"{url}/e/{event.slug}/me/match/{first.id}")
    shot(page, "report-form", "midori")
    mine.set_offline(True)
    win = "2-0" if first.slot_a == midori else "0-2"
    _store_a_game(page, win)
    expect(page.locator("#my-report h2[data-game-title]")).to_have_text("第2ゲーム")  # the next game, offline
    _store_a_game(page, win)  # each tap is stored in order, and sent in that order
    expect(page.locator("[data-testid=report-stored-over]")).to_be_visible()  # 2-0: no third game asked for
    expect(page.locator("#my-report [data-testid=score]")).to_have_text("0 – 2" if win == "0-2" else "2 – 0")
    expect(page.locator("#my-report [data-testid=next-step]")).to_be_hidden()
    shot(page, "offline-stored", "midori", show="[data-testid=report-stored-over]")
    mine.set_offline(False)
    expect(page.locator("[data-testid=report-waiting]")).to_have_text("相手の確認待ち")
    shot(page, "offline-sent-waiting", "midori")
    theirs = browser.new_context(**PHONE)
    other = theirs.new_page()
    other.goto(url + opponent["link"])
    other.goto(f"{url}/e/{event.slug}/me/match/{first.id}")
    expect(other.locator("#outbox-status [data-testid=pending-count]")).to_have_text("0")  # the panel, not an empty card
    shot(other, "confirm-or-dispute", "opponent")
    other.click("[data-testid=confirm]")
    expect(other.locator("[data-testid=winner]")).to_contain_text("みどり")
    shot(other, "confirmed", "opponent")
    page.reload()
    expect(page.locator("[data-testid=winner]")).to_contain_text("みどり")
    shot(page, "offline-applied", "midori")
    db.session.rollback()
    offline_ops = db.session.query(Operation).filter_by(match_id=first.id).all()
    assert len(offline_ops) == 2 and {o.outcome for o in offline_ops} == {"applied"}

    # The disputed report: みどり's next match; her opponent says no, the desk decides.
    second = _play_until(event, by_id, midori)
    in_english = _as_browser(browser, url, by_id[midori], PHONE_EN)
    in_english.goto(f"{url}/e/{event.slug}/me?lang=en")
    shot(in_english, "called", "midori", "en")
    in_english.goto(f"{url}/e/{event.slug}/me/match/{second.id}?lang=en")
    shot(in_english, "report-form", "midori", "en")
    page.goto(f"{url}/e/{event.slug}/me/match/{second.id}")
    win = "2-0" if second.slot_a == midori else "0-2"
    _store_a_game(page, win)
    expect(page.locator("#my-report h2[data-game-title]")).to_contain_text("2")
    shot(page, "report-game-1-stored", "midori")
    _store_a_game(page, win)
    expect(page.locator("[data-testid=report-waiting]")).to_be_visible()
    shot(page, "report-waiting", "midori")
    in_english.reload()
    expect(in_english.locator("[data-testid=report-waiting]")).to_be_visible()
    shot(in_english, "report-waiting", "midori", "en")
    rival = by_id[second.slot_b if second.slot_a == midori else second.slot_a]
    rival_page = _as_browser(browser, url, rival)
    rival_page.goto(f"{url}/e/{event.slug}/me/match/{second.id}")
    shot(rival_page, "confirm-or-dispute", "rival")
    post(rival, f"/e/{event.slug}/me/match/{second.id}/dispute", note="1-2 でした")
    rival_page.reload()
    shot(rival_page, "disputed-own-version-form", "rival")
    for position in (0, 1):  # and enters their own version on the same form: the desk sees both
        post(rival, f"/e/{event.slug}/me/match/{second.id}/op", kind="report_game", position=str(position),
              score="0-2" if second.slot_a == midori else "2-0")
    rival_page.reload()
    expect(rival_page.locator("[data-testid=version-sent]")).to_be_visible()
    shot(rival_page, "own-version-sent", "rival")
    page.reload()
    expect(page.locator("[data-testid=report-disputed]")).to_be_visible()
    shot(page, "disputed", "midori")
    desk_page.goto(f"{url}/desk/conflicts/")
    disputed = desk_page.locator("[data-testid=player-report][data-report-status=disputed]")
    expect(disputed.locator("[data-testid=report-version-opponent]")).to_contain_text("1-2 でした")
    expect(disputed.locator("[data-testid=report-version-opponent] li")).to_have_count(2)
    expect(disputed.locator("[data-testid=version-apply]")).to_be_visible()
    shot(desk_page, "conflicts-both-versions", "desk")
    disputed.locator("[data-testid=report-apply]").click()  # the desk keeps みどり's report
    expect(desk_page.locator("[data-testid=player-report]")).to_have_count(0)
    shot(desk_page, "conflicts-decided", "desk")
    page.reload()
    expect(page.locator("[data-testid=winner]")).to_contain_text("みどり")
    shot(page, "desk-decided", "midori")

    # Everyone else: the requests their pages send, each match reported and confirmed.
    assert _play_until(event, by_id) is None
    db.session.rollback()
    event = fresh(Event, event.id)
    matches = [m for p in event.phases for br in p.brackets for m in br.matches if m.status == "done"]
    assert len(matches) >= 30 and not any(m.walkover for m in matches)
    played = db.session.query(Operation).filter(Operation.match_id.isnot(None), Operation.outcome == "applied").all()
    assert played and all(o.device_id.startswith("player-") and o.user_id is None for o in played)
    reports = db.session.query(PlayerReport).filter(PlayerReport.status != "discarded").all()
    assert {r.status for r in reports} == {"confirmed"} and len(reports) == len(matches)
    assert db.session.query(PlayerReport).filter_by(status="discarded").count() == 1  # the rival's version
    assert [r.decided_by for r in reports].count("desk") == 1


def _browser_phone(url, context):
    """みどり's phone as HTTP: the cookies her browser holds."""
    phone = Phone(url)
    for cookie in context.cookies():
        phone.http.cookies.set(cookie["name"], cookie["value"])
    return phone
