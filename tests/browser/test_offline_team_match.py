"""A whole match played offline from the event data the phone saved at sign-in equals the same
entries made online (issue 19), over https on a LAN name; and the taps each action takes.

Tekken 5on5: coin toss, roll call with an absent member, blind selection, games, a double K.O. at
2–2, a penalty at 2–2 (the offender loses the game), naming each next player, to the end (the
absent member's team is out when he is the last one left). KGP best of 3: two prohibited acts by
one player, the second ends the match 2–0. One phone plays the match offline (never opened
online: the page kept at sign-in), another plays the same entries online; the server's stored
actions are the same, member for member. The taps per action, offline and online, are printed
(pytest -s) for the lead's note."""
import collections
import pathlib
import sys

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from test_offline_decided import event_of, reconnect, venue_phone  # noqa: E402
from test_offline_sync import actions_of, ops_with, pending_entries  # noqa: E402
from test_offline_whole_event import kept  # noqa: E402
from test_venue_https import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

from webapp.extensions import db  # noqa: E402
from webapp.models import Member  # noqa: E402

TAPS = {}  # "offline"/"online" -> action -> [taps per entry]


class Phone:
    """A referee's phone: taps counted per action (a select is two taps: open, choose)."""

    OP = "data-op"  # the page built from the offline pack marks its forms data-offline-op

    def __init__(self, page, mode):
        self.page, self.mode, self.entries, self.kind = page, mode, 0, None
        self.taps = collections.defaultdict(list)

    def start(self, kind):
        self.kind = kind
        self.taps[kind].append(0)

    def tap(self, locator, how="click", value=None):
        getattr(locator, how)(*([value] if value is not None else []))
        self.taps[self.kind][-1] += 2 if how == "select_option" else 1

    def done(self):
        """Stored (offline), or applied and the page redrawn by the server (online)."""
        self.entries += 1
        if self.mode == "offline":
            pending_entries(self.page, self.entries)
        else:
            ops_with(self.page, "applied", self.entries, timeout=20000)
            expect(self.page.locator("#match-play")).to_have_attribute("data-position", str(self.entries))

    def form(self, kind):
        return self.page.locator(f"form[{self.OP}={kind}]:visible")

    def extra(self, kind):
        """A form behind its heading (penalty, roll call): open it unless it is open."""
        box = self.page.locator(f"details:has(form[{self.OP}={kind}]):visible")
        if not box.evaluate("d => d.open"):
            self.tap(box.locator("summary"))
        return box.locator("form")

    # ---- the actions -------------------------------------------------------------------
    def toss(self, winner, choice, side=None):
        self.start("coin toss")
        form = self.form("coin_toss")
        self.tap(form.locator(f"input[name=winner][value={winner}]"), "check")
        self.tap(form.locator(f"input[name=choice][value={choice}]"), "check")
        if side:
            self.tap(form.locator(f"input[name=side_of_winner][value='{side}']"), "check")
        self.tap(form.locator("button[type=submit]"))
        self.done()

    def roll_call(self, side, absent):
        self.start("roll call")
        form = self.extra("roll_call")
        self.tap(form.locator(f"label.chip:has-text('{absent}') input[name=absent_{side}]"), "check")
        self.tap(form.locator("button[type=submit]"))
        self.done()

    def arrive(self, member):
        self.start("arrival")
        self.extra("arrive")
        self.tap(self.page.locator(f"form[{self.OP}=arrive]:visible button[name=member_id]", has_text=member))
        self.done()

    def declare(self, side, member, character):
        """Tekken: a change declared at reception, allowed by the opposing team and the referee."""
        self.start("declared change")
        form = self.extra("declare_change")
        value = form.locator("select[name=member_id] option", has_text=f"· {member}").get_attribute("value")
        self.tap(form.locator("select[name=member_id]"), "select_option", value)
        self.tap(form.locator(f"input[name=side][value={side}]"), "check")
        self.tap(form.locator("input[name=character]"), "fill", character)
        self.tap(form.locator("input[name=opponent_allowed]"), "check")
        self.tap(form.locator("input[name=referee_allowed]"), "check")
        self.tap(form.locator("button[type=submit]"))
        self.done()

    def name(self, member):
        self.start("name the next player")
        self.tap(self.page.locator(f"form[{self.OP}=name_player]:visible button", has_text=member).first)
        self.done()

    def game(self, rounds_a, rounds_b):
        self.start("double K.O." if rounds_a == rounds_b else "game")
        form = self.form("report_game")
        self.tap(form.locator(f"input[name=score][value='{rounds_a}-{rounds_b}']"), "check")
        self.tap(form.locator("button[type=submit]"))
        self.done()

    def penalty(self, side, code, rounds=None):
        self.start("penalty")
        form = self.extra("penalty")
        self.tap(form.locator(f"input[name=side][value={side}]"), "check")
        act = form.locator(f"input[name=act][value={code}]")  # a KGP act: one tap on its words
        if act.count():
            self.tap(act, "check")
        else:
            self.tap(form.locator("select[name=penalty]"), "select_option", code)
        for field, value in zip(("rounds_a", "rounds_b"), rounds or (), strict=False):
            self.tap(form.locator(f"input[name={field}]"), "fill", str(value))
        self.tap(form.locator("button[type=submit]"))
        self.done()


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


def played_as_stored(match):
    """The match's stored actions, members by name (two events have different ids)."""
    names = {m.id: m.name for m in db.session.query(Member)}
    out = []
    for action in actions_of(match):
        a = dict(action)
        for key in ("member_id",):
            if a.get(key) is not None:
                a[key] = names[a[key]]
        for key in ("absent_a", "absent_b"):
            if key in a:
                a[key] = sorted(names[i] for i in a[key])
        out.append(a)
    return out


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
