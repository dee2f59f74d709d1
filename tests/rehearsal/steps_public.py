"""The public side: a player finds their next match on their phone; the wall bracket is printed."""
import io
import shutil
import subprocess
import unicodedata

from day import SHOTS, see
from playwright.sync_api import expect
from pypdf import PdfReader
from roster import KGP_COLUMNS, reading

MM = 96 / 25.4
A3_PRINTABLE = {"width": round((420 - 16) * MM), "height": round((297 - 16) * MM)}  # 8 mm margins
# Each printed sheet (one a page) with its match boxes: every box inside its sheet, no two intersect.
SHEETS_JS = """() => [...document.querySelectorAll('.print-sheet')].map((sheet) => {
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  const boxes = [...sheet.querySelectorAll('.match')].map(r);
  const s = r(sheet);
  let overlaps = 0, outside = 0;
  boxes.forEach((a, i) => {
    if (a[0] < s[0] - 0.5 || a[1] < s[1] - 0.5 || a[2] > s[2] + 0.5 || a[3] > s[3] + 0.5) outside++;
    boxes.slice(i + 1).forEach((b) => {
      if (a[0] < b[2] - 0.5 && b[0] < a[2] - 0.5 && a[1] < b[3] - 0.5 && b[1] < a[3] - 0.5) overlaps++;
    });
  });
  return {title: sheet.querySelector('.print-sheet-title').textContent, boxes: boxes.length, overlaps, outside,
          headers: sheet.querySelectorAll('.round-label').length};
})"""


def search_term(name):
    """What a player types: their reading (the sheet has a ふりがな column), hiragana for a kanji name."""
    assert "ふりがな" in KGP_COLUMNS
    return reading(name)


def next_match(day, slug, name, opponent, station, lang="ja"):
    """A player searches their name and opens their page: called, to which station, against whom."""
    page = day.phone(lang)
    day.go(page, f"/e/{slug}/players", lang)
    page.locator("input[name=q]").fill(search_term(name))
    found = page.locator("[data-testid=player]", has_text=name)
    expect(found).to_have_count(1)
    day.look(page, "player-search", "player", lang)
    found.locator("strong a").click()
    state = page.locator("#player-next")
    expect(state).to_have_attribute("data-state", "called")
    see(state, opponent, station)
    day.look(page, "player-next", "player", lang)


def find_me(day, slug, phase, name, lang="en"):
    """A player on the public bracket, on their phone, types their name as they say it (the
    hiragana reading of a kanji name): their matches are highlighted and in view."""
    page = day.phone(lang)
    day.go(page, f"/e/{slug}/phase/{phase}", lang)
    page.locator("#find-me").fill(reading(name))
    page.locator("#find-me").dispatch_event("change")
    mine = page.locator(".bracket a.match.me")
    expect(mine.first).to_be_visible()
    expect(page.locator("[data-find-me-result]")).not_to_be_empty()
    see(mine.last, name)
    expect(mine.last).to_be_in_viewport()
    day.look(page, "bracket-find-me", "player", lang)


def corrected_on_the_bracket(day, slug, phase, match_id, winner, lang="en"):
    """A spectator on a laptop reads the corrected match on the public bracket: the new winner marked,
    and the score beside the names should not say the other player won more games."""
    page = day.laptop(lang)
    day.go(page, f"/e/{slug}/phase/{phase}", lang)
    box = page.locator(f".bracket a.match[href$='/m/{match_id}']").first
    see(box.locator(".slot.winner"), winner)
    won = box.locator(".slot.winner .score").inner_text().strip()
    lost = box.locator(".slot.loser .score").inner_text().strip()
    if won.isdigit() and lost.isdigit() and int(won) < int(lost):
        day.note("bracket", "a corrected match's score agrees with its winner (issue 16: results you can trust)",
                 f"the public bracket marks {winner} the winner with {won}–{lost} games; the correction changed "
                 "the winner only, the games still count for the other player")
    day.look(page, "bracket-corrected", "spectator", lang)


def print_wall(day, slug, phase, first_round_names, lang="ja"):
    """The desk prints the bracket for the wall (A3 landscape): sheets of whole boxes, one a page,
    round headers on each, no box over another, every first-round name in the PDF."""
    page = day._screen(day.browser.new_context(viewport=A3_PRINTABLE, locale="ja-JP" if lang == "ja" else "en-US"))
    day.go(page, f"/e/{slug}/phase/{phase}", lang)
    page.emulate_media(media="print")
    page.wait_for_selector("body.print-sheets-ready .print-sheet", state="attached")
    sheets = page.evaluate(SHEETS_JS)
    assert sheets and all(s["boxes"] and s["headers"] for s in sheets), sheets
    assert not [s for s in sheets if s["overlaps"] or s["outside"]], f"boxes overlap or leave their sheet: {sheets}"
    day.look(page, "print-layout", "wall", lang)
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    path = SHOTS / f"{day.count:02d}-print-wall-{lang}.pdf"
    path.write_bytes(pdf)
    _pages_to_png(path)
    pages = PdfReader(io.BytesIO(pdf)).pages
    assert len(pages) == len(sheets), (len(pages), len(sheets))  # one sheet a page: none crosses an edge
    text = unicodedata.normalize("NFKC", "".join("".join(p.extract_text().split()) for p in pages))
    missing = [n for n in first_round_names if unicodedata.normalize("NFKC", n) not in text]
    assert not missing, f"names missing from the print: {missing}"
    page.context.close()


def _pages_to_png(pdf_path):
    """The printed pages as pictures next to the PDF, for a person to look at."""
    if shutil.which("pdftoppm"):
        subprocess.run(["pdftoppm", "-png", "-r", "40", str(pdf_path), str(pdf_path.with_suffix(""))],
                       check=True, timeout=60)
