"""A phase prints for the wall: A3 landscape, a page per bracket side, no match box cut."""
import io
import unicodedata

from bracket_builders import big_double_elimination, groups_phase
from pypdf import PdfReader

from webapp.extensions import db
from webapp.models import Entrant
from webapp.views.match_titles import match_title


def _pdf_pages(browser, url) -> list[str]:
    context = browser.new_context(locale="ja-JP", viewport={"width": 1366, "height": 768})
    page = context.new_page()
    page.goto(url)
    page.emulate_media(media="print")
    pdf = page.pdf(prefer_css_page_size=True, print_background=True)
    return [p.extract_text() for p in PdfReader(io.BytesIO(pdf)).pages]


def _compact(text: str) -> str:
    # PDF text may carry CJK radicals (⼈ for 人): NFKC folds them back.
    return unicodedata.normalize("NFKC", "".join(text.split()))


def test_a_double_elimination_prints_a_page_per_side_with_whole_match_boxes(app, live_server, browser):
    phase = big_double_elimination(players=32, share=0.5)
    pages = [_compact(t) for t in _pdf_pages(browser, f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")]
    assert len(pages) == 3, [p[:40] for p in pages]  # winners side, losers side, grand final
    names = {e.id: e.name for e in db.session.query(Entrant)}
    with app.test_request_context("/?lang=ja"):
        for match in phase.brackets[0].matches:
            if match.status in ("bye", "void"):
                continue
            title = _compact(match_title(match))
            holding = [i for i, text in enumerate(pages) if title in text]
            assert len(holding) == 1, (title, holding)
            for entrant in (match.slot_a, match.slot_b):
                if entrant:  # the box's last line is on the page of its title: not cut
                    assert names[entrant] in pages[holding[0]], (title, names[entrant])


def test_groups_print_several_to_a_page(live_server, browser):
    phase = groups_phase(players=32, groups=8)
    pages = _pdf_pages(browser, f"{live_server.url}/e/{phase.event.slug}/phase/{phase.id}")
    assert 1 <= len(pages) <= 2
    text = _compact("".join(pages))
    assert all(f"グループ{label}" in text for label in "ABCDEFGH")
