"""The cross table (星取表) as a phone reads it (issue 37.13): rows and columns in the same (draw)
order so the diagonal runs corner to corner; the set record (W–L) and the differences beside the name,
before the cells that scroll; and a cross-pool ranking that says which places of each pool go on to
the best N overall, and why."""
import re

from table_days import pools_to_best

from webapp.services.matches import pool_tables
from webapp.services.setup import progressions


def _pools(n=10, pools=2, best=3):
    event, phase = pools_to_best(n, pools, best)
    return event, phase, event.phases[1]


def _tables(html):
    return re.findall(r'<table class="cross">(.*?)</table>', html, re.S)


def test_rows_and_columns_share_one_order_and_the_record_sits_by_the_name(app, client):
    event, phase, _top = _pools()
    html = client.get(f"/e/{event.slug}/phase/{phase.id}").get_data(as_text=True)
    for table in _tables(html):
        head, body = table.split("<tbody>")
        columns = re.findall(r"<th[^>]*>(.*?)</th>", head, re.S)
        assert "Sets" in columns[2] or "勝敗" in columns[2]           # W–L right after the name
        rows = re.findall(r'<th scope="row"><span class="seed">(\d+)</span>', body)
        assert rows == [str(i) for i in range(1, len(rows) + 1)]      # the draw order, as the columns
        cells = re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)
        for i, row in enumerate(cells):                                 # the diagonal: i-th cell of the i-th row
            marks = re.findall(r'<td class="(cross-self|cross-cell)"', row)
            assert marks.index("cross-self") == i


def test_the_cross_pool_ranking_explains_the_best_n_overall(app, client):
    event, phase, top = _pools(10, 2, 3)
    html = client.get(f"/e/{event.slug}/phase/{phase.id}", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    assert 'data-testid="pool-ranking"' in html
    section = html.split('data-testid="pool-ranking"')[1].split("</section>")[0]
    going = re.findall(r'<tr class="goes-on"[^>]*>.*?<th scope="row">(.*?)</th>', section, re.S)
    names = {e.id: e.name for e in event.entrants}
    assert sorted(g.strip() for g in going) == sorted(names[p.entrant] for p in progressions.advancing(top))
    assert len(re.findall(r"<tr[ >]", section)) == 10 + 1             # every pool player, and the head
    assert "1位" in section and "勝率" in section


def test_the_rows_keep_place_order_for_the_api(app):
    _event, phase, _top = _pools()
    for table in pool_tables.cross_tables(phase):
        assert [r.standing.rank for r in table.rows] == sorted(r.standing.rank for r in table.rows)
