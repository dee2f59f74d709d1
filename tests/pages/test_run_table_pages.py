"""The desk's run table draws one page of rows at a time, filtered on the server."""
import re

from desk_setups import started_phase

from webapp.extensions import db
from webapp.models import Phase
from webapp.services.day import run_table
from webapp.services.matches import brackets


def _rows(html: str) -> list[str]:
    return re.findall(r'id="match-(\d+)"', html)


def test_a_big_phase_is_drawn_a_page_at_a_time_with_the_filters_kept(desk_client):
    names = "\n".join(f"選手{i:03d}" for i in range(1, 257))
    _, phase = started_phase(desk_client, names)
    for match in [m for m in phase.brackets[0].matches if m.status == "ready"][:30]:
        brackets.record_winner(match, match.slot_a)
    db.session.commit()
    first = desk_client.get(f"/desk/phase/{phase.id}?status=all").get_data(as_text=True)
    total = sum(1 for m in phase.brackets[0].matches if m.status in ("ready", "done"))
    assert len(_rows(first)) == run_table.PAGE_ROWS < total
    assert "2ページ目" not in first and "ページ中1ページ目" in first and f"（{total}試合）" in first
    later = re.search(r'rel="next"[^>]*href="([^"]+)"', first).group(1).replace("&amp;", "&")
    assert "status=all" in later and "page=2" in later
    second = desk_client.get(later).get_data(as_text=True)
    assert set(_rows(second)).isdisjoint(_rows(first)) and 'rel="prev"' in second
    past = desk_client.get(f"/desk/phase/{phase.id}?status=all&page=999").get_data(as_text=True)
    assert len(_rows(past)) == total - run_table.PAGE_ROWS * ((total - 1) // run_table.PAGE_ROWS)
    assert desk_client.get(f"/desk/phase/{phase.id}?status=all&page=x").status_code == 200


def test_a_small_table_has_no_pager(desk_client):
    _, phase = started_phase(desk_client, "\n".join(f"選手{i}" for i in range(1, 9)))
    html = desk_client.get(f"/desk/phase/{db.session.get(Phase, phase.id).id}").get_data(as_text=True)
    assert len(_rows(html)) == 4 and 'class="pager"' not in html
