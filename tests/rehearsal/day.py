"""The people of the rehearsal day and what they look at: screens, screenshots, the words on them."""
import re

from playwright.sync_api import TimeoutError as PlaywrightTimeout
from playwright.sync_api import expect
from results_folder import TEST_RESULTS

from webapp.extensions import db
from webapp.models import Entrant, MatchRow

SHOTS = TEST_RESULTS / "rehearsal"  # the lane's own folder when two suites run at once (.ci/run)
LAPTOP = {"width": 1366, "height": 768}
PHONE = {"width": 390, "height": 844}
PIN = "246801"
SEEN_WAIT_MS = 3000
FAST = "window.TAIKAI_BACKOFF_MS = 150; window.TAIKAI_POLL_MS = 400;"  # the phones retry quickly in a test

# Words a person should never read: the app's internal names (op kinds, rule and format keys,
# device ids, timestamps as stored). Each has a name, so a step can say which leak it still expects.
RAW = {
    "op kind": re.compile(r"\b(report_game|coin_toss|name_player|set_station|record_winner|correct_result|roll_call|"
                          r"declare_change|check_in|resolve_conflict|double_ko)\b"),
    "penalty key": re.compile(r"\b(prohibited_act|undeclared_change|selection_mistake|disqualify_member|"
                              r"disqualify_team|winner_changed_character|ps_button|touching_opponent|"
                              r"touching_console)\b"),
    "format key": re.compile(r"\b(best_of|single_elimination|double_elimination|kgp_finals|tekken7_hiza_5on5)\b"),
    "tier": re.compile(r"\btier \d"),
    "base version": re.compile(r"base[ _]version"),
    "device id": re.compile(r"(?:端末|[Dd]evice) [0-9a-f]{6,}|\b(desk-form-\d+|form-\d+|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\b"),
    "timestamp": re.compile(r"\b\d{4}-\d\d-\d\d[T ]\d\d:\d\d"),
    "template text": re.compile(r"None\b|undefined|NaN|%\(|\{\{|\}\}"),
    "match key": re.compile(r"(?<![\w.])(?:[WL]\d+\.\d+|GF[12]|Q[12]R?)(?![\w.])"),
}
# Keys that are also English words: raw only on a Japanese page.
RAW_JA = re.compile(r"\b(kachinuki|representative|interruption|smoking|bluff|pause|override|ruling|player)\b")
# The page's words as a person reads them: visible text, without the small secondary key labels
# (class "key"), plus the words of placeholders, titles and labels.
READ_JS = """() => {
  const copy = document.body.cloneNode(true);
  copy.querySelectorAll('script, style, template, .key, [hidden]').forEach((n) => n.remove());
  const words = [...document.querySelectorAll('[placeholder], [title], [aria-label], img[alt]')]
    .filter((n) => n.offsetParent !== null)
    .map((n) => [n.getAttribute('placeholder'), n.getAttribute('title'), n.getAttribute('aria-label'),
                 n.getAttribute('alt')].filter(Boolean).join(' '));
  document.body.appendChild(copy); copy.style.position = 'absolute'; copy.style.left = '-99999px';
  const text = copy.innerText;
  copy.remove();
  return text + '\\n' + words.join('\\n');
}"""


class Day:
    """One Chromium, everyone's screen in it; the screenshot counter and the notes for the lead."""

    def __init__(self, server, browser):
        self.server, self.url, self.browser = server, server.url, browser
        self.count = 0
        self.notes = []  # (step, what waits for which feature, what main shows now)
        self.events = {}
        self.errors = []  # (step count, method, path, status): server errors any screen received
        SHOTS.mkdir(parents=True, exist_ok=True)
        for old in SHOTS.glob("*.*"):  # pictures, PDFs and notes of the last run
            old.unlink()

    # --- screens -------------------------------------------------------------------------------
    def laptop(self, lang="ja"):
        return self._screen(self.browser.new_context(viewport=LAPTOP, locale="ja-JP" if lang == "ja" else "en-US"))

    def phone(self, lang="ja"):
        return self._screen(self.browser.new_context(viewport=PHONE, has_touch=True, is_mobile=True,
                                                     locale="ja-JP" if lang == "ja" else "en-US"))

    def _screen(self, context):
        context.add_init_script(FAST)
        context.on("response", self._watch)  # the service worker's requests too
        return context.new_page()

    def _watch(self, response):
        if response.status >= 500:
            self.errors.append((self.count, response.request.method, _path(response.url), response.status))

    def go(self, page, path, lang):
        """Open a page in a language (the session remembers ?lang=). A signed-in page reports to the
        server when it loads (POST /sync/seen, a write); a person reads the page before tapping, so the
        step waits for that report, as a person reads the page before tapping."""
        joiner = "&" if "?" in path else "?"
        url = f"{self.url}{path}{joiner}lang={lang}"
        if not path.startswith(("/desk", "/staff")):
            page.goto(url)
            return
        try:
            with page.expect_response(lambda r: r.url.endswith("/sync/seen"), timeout=SEEN_WAIT_MS):
                page.goto(url)
        except PlaywrightTimeout:
            pass  # no report from this page (not signed in, or no service worker yet)

    def shot(self, page, step, who, lang, full=None):
        """test-results/rehearsal/NN-step-who-lang.png: the whole page on the laptop, what is in view
        on a phone (a full-page capture draws the phone's sticky header mid-page)."""
        self.count += 1
        page.wait_for_load_state()
        full = page.viewport_size["width"] > PHONE["width"] if full is None else full
        if full:  # from the top, or the sticky header is drawn where the page was scrolled to
            page.evaluate("window.scrollTo(0, 0)")
        path = SHOTS / f"{self.count:02d}-{step}-{who}-{lang}.png"
        page.screenshot(path=str(path), full_page=full)
        return path

    def look(self, page, step, who, lang, known=(), full=None):
        """Screenshot, then what anyone there checks first: nothing raw on the screen.

        `known` names leaks today's main still shows on this page; they are noted for the lead
        (and noted as fixed when they are gone), any other leak fails the step."""
        self.shot(page, step, who, lang, full)
        text = page.evaluate(READ_JS)
        patterns = {**RAW, **({"English key on a Japanese page": RAW_JA} if lang == "ja" else {})}
        found = {name: sorted({m.group(0) for m in pattern.finditer(text)}) for name, pattern in patterns.items()}
        found = {name: hits for name, hits in found.items() if hits}
        unexpected = {name: hits for name, hits in found.items() if name not in known}
        assert not unexpected, f"{step} ({who}, {lang}): raw words on screen: {unexpected}"
        for name in known:
            seen = found.get(name)
            self.note(step, f"raw {name} on {who}'s screen ({lang})",
                      f"still shows {seen}" if seen else "no longer shown: drop it from `known`")

    def note(self, step, waits_for, now):
        self.notes.append((self.count, step, waits_for, now))

    # --- the database, as the test reads it ----------------------------------------------------
    @staticmethod
    def fresh():
        db.session.rollback()  # end the test's read snapshot: the server wrote since
        db.session.expire_all()

    def match(self, match_id) -> MatchRow:
        self.fresh()
        return db.session.get(MatchRow, match_id)

    def entrant(self, name, event) -> Entrant:
        self.fresh()
        return db.session.query(Entrant).filter_by(event_id=event, name=name).one()

    def name(self, entrant_id) -> str:
        return db.session.get(Entrant, entrant_id).name


def _path(url):
    return "/" + url.split("://", 1)[-1].split("/", 1)[-1].split("?", 1)[0]


def see(locator, *texts, timeout=15000):
    """Each text is in the element (the names a person looks for)."""
    for text in texts:
        expect(locator).to_contain_text(text, timeout=timeout)


def into_view(locator):
    """Scroll the element to the middle of the screen before a screenshot. One step in the page's
    own script: the phone's entry list is drawn afresh whenever an answer arrives, and an element
    found first and scrolled second may be gone in between (Playwright: "not attached")."""
    expect(locator).to_be_attached()
    locator.evaluate("e => e.scrollIntoView({block: 'center'})")
