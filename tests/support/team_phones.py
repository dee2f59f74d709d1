"""Helpers several test files share (moved from tests/browser/test_offline_team_match.py, where they were imported from)."""
import collections

from offline_phones import actions_of, kept, ops_with, pack_has, pending_entries
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.models import Member

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


class PackPhone(Phone):
    """The same taps on the page built from the pack: its entries are listed there, unchecked."""

    OP = "data-offline-op"

    def done(self):
        self.entries += 1
        expect(self.page.locator("[data-testid=offline-entry]")).to_have_count(self.entries)


KEEPER_DONE = """async (u) => {
  for (const name of await caches.keys()) {
    const hit = name.startsWith('taikai-pages-2-u') && await (await caches.open(name)).match(u, { ignoreVary: true });
    if (hit && hit.headers.get('X-Taikai-Kept')) return true;
  }
  return false;
}"""


def keeper_done(page, url, path):
    """Wait until the page keeper (which runs after the pack is stored) has kept this page: only
    then is it safe to evict it, or the keeper puts it back after the eviction."""
    for _ in range(120):
        if page.evaluate(KEEPER_DONE, f"{url}{path}"):
            return
        page.wait_for_timeout(250)
    raise AssertionError(f"{path} was never kept by the page keeper")


def pack_page(context, page, url, match):
    """Offline, the match's page not on the phone (never fetched, or evicted): the pack builds it."""
    kept(page, url, f"/staff/m/{match.id}")
    pack_has(page, match.id)
    keeper_done(page, url, f"/staff/m/{match.id}")
    context.set_offline(True)
    page.evaluate("async (u) => { for (const n of await caches.keys()) await (await caches.open(n)).delete(u); }",
                  f"{url}/staff/m/{match.id}")
    page.goto(f"{url}/staff/m/{match.id}")
    # The shell reads the pack from the phone's storage and draws the match: seconds on a busy phone
    expect(page.locator("[data-testid=offline-match] [data-testid=offline-title]")).not_to_have_text("", timeout=15000)
    return PackPhone(page, "offline")
