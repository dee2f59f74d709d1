"""axe-core finds no critical or serious problem on the staff and desk pages (and the public pages
the bracket test does not visit), at phone and laptop size, in Japanese and English; on a phone the
staff and these public pages have touch targets of at least 44 px, a one-row header and no table
running off the right edge."""

import pytest
from accessibility_pages import BRACKET_PAGES
from axe_support import LAPTOP, NOT_PAGES, PHONE, endpoints, overflowing, serious_problems, shot, small_targets
from desk_sign_in import sign_in_desk  # noqa: E402
from play_support import kgp_top4, team_event  # noqa: E402
from report_setups import waiting_and_disputed

from webapp.extensions import db  # noqa: E402
from webapp.operations.autocall import call_next
from webapp.services.accounts import signin_links
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.day import stations, timetables
from webapp.services.players import player_links, self_checkin, signups

pytestmark = pytest.mark.browser


OTHER_PAGES = {
    "desk.home", "desk.event", "desk.phase", "desk_plan.preview", "desk_corrections.correction",
    "desk_corrections.disqualification", "conflicts.queue", "desk_plan.new_from_template",
    "desk_stations.board", "desk_stations.station_sheet", "mirror.links", "mirror.target", "auth.password",
    "venue.desk", "auth.staff_pin", "auth.link", "auth.totp", "desk_signin.staff_links", "desk_signin.signed_in", "projector.calls", "projector.player", "public.offline", "venue.install",
    "staff.home", "staff.event", "staff.match", "staff.checkin", "offline_shell.offline_match_shell",
    "desk_entrants.edit", "desk_events.delete", "desk_rules.event_rules", "desk_rules.phase_rules",
    "desk_games.index", "desk_games.title", "desk_entrants.seeds_from",
    "signup.form", "player.open_link", "player.mine", "player.checkin", "desk_players.signup", "desk_players.links",
    "desk_players.reception_code", "overlay.scoreboard", "overlay.next_on_stream", "desk_day.day",
    "desk_event_files.from_file", "desk_event_files.copy", "history.player", "desk_builder.new", "self_report.page",
    "desk_ties.page"}


def test_axe_visits_every_page_the_app_serves(app):
    """A new page without an accessibility check fails here: every GET route is a checked page or a file."""
    served = {rule.endpoint for rule in app.url_map.iter_rules() if "GET" in rule.methods}
    assert served - NOT_PAGES == BRACKET_PAGES | OTHER_PAGES


def _events(desk_user):
    kgp, de, finals = kgp_top4(players=8)
    team, match = team_event()
    accounts.set_staff_pin(team, "135790")
    stations.add_station(team, "1")
    # the day's clock: reception's window and countdown, the day page's timetable and forecast
    team.settings = {**(team.settings or {}), "start_time": "10:00", "checkin_opens": "00:00",
                     "checkin_closes": "23:59", "venue_closes": "22:00"}
    timetables.make(team, 1)
    db.session.commit()
    call_next(team, desk_user)
    db.session.commit()
    done = next(m for m in de.brackets[0].matches if m.status == "done")
    return kgp, de, finals, team, match, done


def _staff_sign_in(page, url, event, name):
    """A referee's own phone (a name is one phone's: each language's visit is another referee)."""
    page.goto(f"{url}/e/{event.slug}/staff-login")
    page.fill("input[name=name]", name)
    page.fill("input[name=pin]", "135790")
    page.click("button[type=submit]")
    page.wait_for_load_state()
    assert "staff-login" not in page.url, "the referee was not signed in"


def _visit(page, url, paths, lang, tag, found, targets=None):
    for path in paths:
        page.goto(f"{url}{path}{'&' if '?' in path else '?'}lang={lang}")
        problems = serious_problems(page)
        if problems:
            found[f"{tag} {lang} {path}"] = problems
        if targets is not None:
            small = small_targets(page) + overflowing(page)
            topbar = page.locator("header.topbar")  # the projector has none
            header = topbar.bounding_box()["height"] if topbar.count() else 0
            if header > 60:
                small.append(f"header {header:.0f} px high")
            if small:
                targets[f"{lang} {path}"] = small
        if lang == "ja":
            shot(page, f"{tag}{path.replace('/', '_').replace('?', '_')}")


@pytest.mark.parametrize("size", [PHONE, LAPTOP], ids=["phone", "laptop"])
def test_desk_staff_and_other_pages_have_no_serious_accessibility_problem(app, live_server, browser, desk_user, size):
    kgp, de, finals, team, match, done = _events(desk_user)
    entrant = team.entrants[0]
    desk_paths = ["/desk/", f"/desk/e/{kgp.id}", f"/desk/phase/{de.id}", f"/desk/phase/{finals.id}/preview",
                  f"/desk/match/{done.id}/correction", f"/desk/entrant/{entrant.id}/dq", "/desk/conflicts/",
                  "/desk/templates", f"/desk/e/{kgp.id}/day", f"/desk/e/{team.id}/stations",
                  f"/desk/e/{team.id}/stations/qr", "/desk/mirrors", f"/desk/e/{kgp.id}/mirror",
                  f"/desk/e/{team.id}", "/account/password", "/venue/", "/account/totp",
                  f"/desk/e/{team.id}/staff-links", f"/desk/entrant/{entrant.id}/edit", f"/desk/e/{kgp.id}/delete",
                  f"/desk/e/{team.id}/rules", f"/desk/phase/{de.id}/rules", f"/desk/e/{team.id}/signed-in",
                  "/desk/games/", "/desk/games/tekken8", f"/desk/e/{kgp.id}/seeds-from",
                  f"/desk/e/{team.id}/signup", f"/desk/e/{team.id}/player-links", f"/desk/e/{team.id}/reception-code", f"/desk/e/{team.id}/day",
                  "/desk/events/from-file", f"/desk/e/{team.id}/copy", "/desk/new", f"/desk/e/{team.id}/startgg",
                  f"/desk/e/{kgp.id}/challonge"]
    signups.set_settings(team, True, 8, None, ["X (Twitter)"])
    token = player_links.issue(entrant)
    self_checkin.new_code(team)
    team.settings = {**(team.settings or {}), "self_report": {"on": True, "auto_minutes": 10}}
    waiting_and_disputed()  # the conflicts page's players' reports: one waiting, one disputed with both versions
    with app.test_request_context():
        link = "/in/" + signin_links.staff_signin_url(team, "案内 高橋").rsplit("/", 1)[1]
    db.session.commit()
    public_paths = [f"/e/{kgp.slug}/schedule", f"/e/{team.slug}/schedule", f"/e/{team.slug}/staff-login", link, f"/e/{team.slug}/calls", f"/e/{team.slug}/p/{entrant.id}",
                    f"/m/{match.id}", "/offline", "/venue/install", f"/e/{team.slug}/signup",
                    f"/e/{team.slug}/me/{token}", f"/e/{team.slug}/me", f"/e/{team.slug}/me/checkin?code=1",
                    "/player?name=選手1", "/player?name=A1", "/player?name=選手",
                    f"/e/{team.slug}/me/match/{match.id}"]
    staff_paths = ["/staff/", f"/staff/e/{team.slug}", f"/staff/m/{match.id}", f"/staff/e/{team.slug}/checkin",
                   f"/offline/match?id={match.id}"]
    # The stream overlay is a graphic for OBS at 1920×1080, not a page a person reads on a phone:
    # axe runs on it (its text on its own panels), the phone checks (44 px targets, no sideways
    # scroll) do not apply, so it is visited with the desk's pages, which skip them.
    desk_paths += [f"/e/{team.slug}/overlay/1", f"/e/{team.slug}/overlay/1/next"]
    assert OTHER_PAGES <= endpoints(app, desk_paths + public_paths + staff_paths)
    found, targets = {}, {}
    width = "phone" if size is PHONE else "laptop"
    for lang in ("ja", "en"):
        context = browser.new_context(viewport=size, locale="ja-JP", bypass_csp=True,
                                      has_touch=size is PHONE, is_mobile=size is PHONE)
        page = context.new_page()
        _visit(page, live_server.url, public_paths, lang, f"public-{width}", found,
               targets if size is PHONE else None)
        _staff_sign_in(page, live_server.url, team, {"ja": "審判 佐藤", "en": "Referee Sato"}[lang])
        _visit(page, live_server.url, staff_paths, lang, f"staff-{width}", found,
               targets if size is PHONE else None)
        context = browser.new_context(viewport=size, locale="ja-JP", bypass_csp=True)
        page = context.new_page()
        sign_in_desk(page, live_server.url)
        _visit(page, live_server.url, desk_paths, lang, f"desk-{width}", found)
    assert not found, "\n".join(f"{page}: {problems}" for page, problems in found.items())
    assert not targets, "\n".join(f"{page}: {small}" for page, small in targets.items())
