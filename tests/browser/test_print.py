"""The wall print: a double elimination of 48, 99 or 256 on A4 or A3 landscape, every match box whole.

bracket.js cuts each side into sheets of at most 4 rounds and 8 first-round matches, one sheet a
page, the round headers on every sheet. The test lays the page out as print media at the paper's
printable size and measures every match box's rectangle on every sheet (no two intersect, none
leaves its sheet, no sheet is larger than the page), checks that the PDF has exactly one page per
sheet (so no sheet, and no box, crosses a page edge), and renders the PDF pages to PNG under
test-results/print/ with pdftoppm for a person to look at.
"""
import io
import shutil
import subprocess
import unicodedata
from pathlib import Path

import pytest
from bracket_builders import big_double_elimination, groups_phase
from pypdf import PdfReader
from results_folder import TEST_RESULTS

SHOTS = TEST_RESULTS / "print"
MM = 96 / 25.4
PAPERS = {"A4": (297, 210), "A3": (420, 297)}   # landscape, mm
MARGIN = 8                                      # @page margin in app.css, mm

MEASURE = """() => [...document.querySelectorAll('.print-sheet')].map((sheet) => {
  const r = (el) => { const b = el.getBoundingClientRect(); return [b.left, b.top, b.right, b.bottom]; };
  return {rect: r(sheet), title: sheet.querySelector('.print-sheet-title').textContent,
          labels: [...sheet.querySelectorAll('.round-label')].map((l) => l.textContent.trim()),
          boxes: [...sheet.querySelectorAll('.match')].map((m) => ({rect: r(m), href: m.getAttribute('href'),
                  parts: [...m.querySelectorAll('.match-meta, .slot')].map(r)}))};
})"""


def _compact(text: str) -> str:
    return unicodedata.normalize("NFKC", "".join(text.split()))


def _overlap(a, b) -> bool:
    return a[0] < b[2] - 0.5 and b[0] < a[2] - 0.5 and a[1] < b[3] - 0.5 and b[1] < a[3] - 0.5


def _inside(inner, outer) -> bool:
    return (inner[0] >= outer[0] - 0.5 and inner[1] >= outer[1] - 0.5
            and inner[2] <= outer[2] + 0.5 and inner[3] <= outer[3] + 0.5)


def _print(browser, url, paper):
    """Lay the page out as print media at A3's printable size (the page size app.css asks for: A4
    prints the same layout scaled to fit, every distance by the same factor); the sheets and the PDF."""
    width, height = (round((side - 2 * MARGIN) * MM) for side in PAPERS["A3"])
    context = browser.new_context(locale="ja-JP", viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(url)
    page.emulate_media(media="print")
    page.wait_for_selector("body.print-sheets-ready .print-sheet", state="attached")
    sheets = page.evaluate(MEASURE)
    options = {} if paper == "A3" else {"format": paper, "landscape": True}
    pdf = page.pdf(prefer_css_page_size=paper == "A3", print_background=True, **options)
    context.close()
    return sheets, pdf, (width, height)


def _pngs(pdf: bytes, name: str) -> list[Path]:
    SHOTS.mkdir(parents=True, exist_ok=True)
    for old in SHOTS.glob(f"{name}-*.png"):
        old.unlink()
    source = SHOTS / f"{name}.pdf"
    source.write_bytes(pdf)
    subprocess.run([shutil.which("pdftoppm") or "pdftoppm", "-r", "50", "-png", str(source), str(SHOTS / name)],
                   check=True, timeout=120)
    return sorted(SHOTS.glob(f"{name}-*.png"))


def _page_texts(pdf: bytes) -> list[str]:
    """Each page's text, by poppler's pdftotext (pypdf's extract_text took 28 of the 46 s of the
    256-player test); pages end with a form feed."""
    done = subprocess.run([shutil.which("pdftotext") or "pdftotext", "-enc", "UTF-8", "-", "-"], input=pdf,
                          capture_output=True, check=True, timeout=120)
    return done.stdout.decode().split("\f")[:-1]


def _check(sheets, pdf, size, real, name):
    width, height = size
    seen = []
    for n, sheet in enumerate(sheets):
        left, top, right, bottom = sheet["rect"]
        assert right - left <= width + 1 and bottom - top <= height + 1, (n, sheet["rect"], size)
        assert sheet["labels"] and all(sheet["labels"]), (n, "round headers on every sheet")
        boxes = sheet["boxes"]
        for i, box in enumerate(boxes):
            assert _inside(box["rect"], sheet["rect"]), (n, box)
            assert all(_inside(part, box["rect"]) for part in box["parts"]), (n, box, "the box's lines are cut")
            for other in boxes[i + 1:]:
                assert not _overlap(box["rect"], other["rect"]), (n, box, other)
        seen += [b["href"] for b in boxes]
    assert sorted(seen) == sorted(real), "every match printed exactly once"
    pages = PdfReader(io.BytesIO(pdf)).pages
    paper = PAPERS[name.rsplit("-", 1)[1]]
    for page in pages:  # the paper asked for, landscape (points: 72 an inch)
        size = (float(page.mediabox.width) * 25.4 / 72, float(page.mediabox.height) * 25.4 / 72)
        assert abs(size[0] - paper[0]) < 2 and abs(size[1] - paper[1]) < 2, size
    texts = [_compact(t) for t in _page_texts(pdf)]
    assert len(texts) == len(sheets), (len(texts), len(sheets))  # one sheet a page: none crosses an edge
    for sheet, text in zip(sheets, texts, strict=True):
        assert _compact(sheet["title"]) in text
    assert len(_pngs(pdf, name)) == len(sheets)


@pytest.mark.parametrize("players", [48, 99, 256])
def test_a_double_elimination_prints_on_a4_and_a3_with_no_box_overlapping_or_cut(live_server, browser, players):
    phase = big_double_elimination(players=players, share=0.5 if players < 256 else 0.05)
    real = [f"/m/{m.id}" for m in phase.brackets[0].matches if m.status not in ("bye", "void")]
    url = f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}"
    for paper in ("A4", "A3"):
        sheets, pdf, size = _print(browser, url, paper)
        _check(sheets, pdf, size, real, f"de{players}-{paper}")
        sides = {s["title"].split("·")[1].strip() for s in sheets}
        assert {"勝者側", "敗者側", "グランドファイナル"} <= sides, sides


def test_the_cut_follows_the_rounds(live_server, browser):
    """4 rounds at most a sheet, 8 first-round matches at most, every cell on exactly one sheet."""
    phase = big_double_elimination(players=8, share=0)
    context = browser.new_context()
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    for counts in ([128, 64, 32, 16, 8, 4, 2, 1], [64, 64, 32, 32, 16, 16, 8, 8, 4, 4, 2, 2, 1, 1], [1, 1], [14], [2, 2]):
        tiles = page.evaluate("(c) => window.taikaiPrintTiles(c)", counts)
        for round_index, count in enumerate(counts):
            covered = sorted(i for t in tiles if t["first"] <= round_index <= t["last"]
                             for i in range(t["from"][round_index - t["first"]], t["to"][round_index - t["first"]]))
            assert covered == list(range(count)), (counts, round_index)
        for t in tiles:
            assert t["last"] - t["first"] < 4 and t["to"][0] - t["from"][0] <= 8
    context.close()


def test_groups_print_several_to_a_page(live_server, browser):
    phase = groups_phase(players=32, groups=8)
    context = browser.new_context(locale="ja-JP", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    page.emulate_media(media="print")
    pages = [p.extract_text() for p in PdfReader(io.BytesIO(page.pdf(prefer_css_page_size=True))).pages]
    context.close()
    assert 1 <= len(pages) <= 2
    text = _compact("".join(pages))
    assert all(f"グループ{label}" in text for label in "ABCDEFGH")
