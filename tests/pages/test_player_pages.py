"""A player finds their entry by name (kana and width do not matter) and sees the next match."""
import csv
import io

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def _event():
    event = events.create_event("夜の部", "kgp2025")
    names = ["タロウ", "はなこ", "ｼﾞﾛｳ", "さぶろう"]
    entrants.add_entrants(event, [{"name": n, "seed": i, "members": []} for i, n in enumerate(names, 1)])
    phase = events.add_phase(event, "本戦", "single_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event


def test_search_folds_kana_and_width_and_shows_the_match(client, app):
    event = _event()
    body = client.get(f"/e/{event.slug}/players?q=たろう").get_data(as_text=True)
    assert "タロウ" in body and "さぶろう" in body  # 1 v 4: her opponent
    body = client.get(f"/e/{event.slug}/players?q=じろう").get_data(as_text=True)
    assert "ジロウ" in body   # stored NFKC-normalised from half-width input
    fragment = client.get(f"/e/{event.slug}/players?q=xyz", headers={"HX-Request": "true"})
    assert fragment.get_data(as_text=True).lstrip().startswith('<section id="player-results">')


def test_standings_csv_is_utf8_with_bom(client, app):
    event = _event()
    for match in [m for m in event.phases[0].brackets[0].matches if m.status == "ready"]:
        brackets.record_winner(match, match.slot_a)
    final = next(m for m in event.phases[0].brackets[0].matches if m.status == "ready")
    brackets.record_winner(final, final.slot_a)
    db.session.commit()
    raw = client.get(f"/e/{event.slug}/standings.csv").data
    assert raw.startswith("\ufeff".encode())
    rows = list(csv.reader(io.StringIO(raw.decode("utf-8-sig"))))
    assert rows[0][:3] == ["rank", "rank_to", "name"] and rows[1][:3] == ["1", "1", "タロウ"]


def test_service_worker_version_follows_the_static_files(client, app):
    body = client.get("/sw.js").get_data(as_text=True)
    line = next(line for line in body.splitlines() if line.startswith("const SW_VERSION"))
    assert line != "const SW_VERSION = 'v1';" and len(line.split("'")[1]) == 12
    app.config["TAIKAI_SW_VERSION"] = "release-2"
    try:
        assert "const SW_VERSION = 'release-2';" in client.get("/sw.js").get_data(as_text=True)
    finally:
        app.config.pop("TAIKAI_SW_VERSION")


def test_pages_are_compressed_and_an_unchanged_bracket_answers_304(client, app):
    event = _event()
    phase = event.phases[0]
    url = f"/e/{event.slug}/phase/{phase.id}"
    first = client.get(url, headers={"Accept-Encoding": "gzip", "HX-Request": "true"})
    assert first.headers["Content-Encoding"] == "gzip"
    etag = first.headers["ETag"]
    again = client.get(url, headers={"Accept-Encoding": "gzip", "HX-Request": "true", "If-None-Match": etag})
    assert again.status_code == 304
