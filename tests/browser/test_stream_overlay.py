"""The stream overlay in OBS's place: a 1920×1080 browser shows the stream station's match; a staff
phone records a game (the POST its outbox makes) and the overlay shows it within two seconds. The
screenshot of the overlay over a neutral game frame (?preview=1) is the README's."""
import pathlib
import sys
import time
import uuid

from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import staff_page  # noqa: E402
from phone_entries import submit  # noqa: E402
from play_support import team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Entrant  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.day import stations

SHOT = pathlib.Path(__file__).resolve().parents[2] / "docs" / "images" / "stream-overlay.png"

PHONE_POST = """async ([matchId, version, position]) => {  // what outbox_send.js posts for one entry
  const token = document.querySelector('meta[name=csrf-token]').content;
  const op = {op_id: crypto.randomUUID(), device_id: 'overlay-phone', seq: position + 1, kind: 'report_game',
              match_id: matchId, base_version: version,
              payload: {winner: 'a', rounds_a: 2, rounds_b: 1, char_a: 'テリー', char_b: '舞', position: position}};
  const res = await fetch('/sync/ops', {method: 'POST', credentials: 'same-origin',
    headers: {'Content-Type': 'application/json', 'X-CSRFToken': token},
    body: JSON.stringify({device_id: op.device_id, ops: [op], waiting: 1})});
  return [res.status, (await res.json()).results[0].outcome];
}"""


def _call(match_id, station="配信"):
    op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "set_station", "match_id": match_id,
          "payload": {"station": station}}
    assert submit(op, None).outcome == "applied"
    db.session.rollback()  # end the test's read snapshot


def _stream_match():
    event, match = team_event("best_of", "kgp2025", teams=4, size=1, best_of=3)
    for entrant_id, name, reading in ((match.slot_a, "桜井 健", "さくらい けん"), (match.slot_b, "みなみ", "みなみ")):
        row = db.session.get(Entrant, entrant_id)
        row.name, row.reading = name, reading
    accounts.set_staff_pin(event, "135790")  # the PIN staff_page signs in with
    stations.add_station(event, "配信", stream=True)
    db.session.commit()
    _call(match.id)
    return event, db.session.get(type(match), match.id)


def test_overlay_follows_a_game_recorded_on_a_phone(live_server, browser, app):
    url = live_server.url
    event, match = _stream_match()
    obs = browser.new_context(viewport={"width": 1920, "height": 1080}, locale="ja-JP").new_page()
    obs.goto(f"{url}/e/{event.slug}/overlay/配信?lang=en&preview=1")
    score = obs.locator("[data-testid=overlay-score]")
    expect(score).to_have_text("0-0")
    expect(obs.locator("[data-testid=overlay-romaji]").first).to_have_text("Sakurai Ken")
    phone = staff_page(browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844}), url, event)
    assert phone.evaluate(PHONE_POST, [match.id, match.version, 0]) == [200, "applied"]
    recorded = time.monotonic()
    expect(score).to_have_text("1-0", timeout=2000)  # within two seconds of the recorded game
    assert time.monotonic() - recorded < 2.0
    expect(obs.locator("[data-testid=overlay-side-left] [data-testid=overlay-char]")).to_have_text("Terry")
    SHOT.parent.mkdir(parents=True, exist_ok=True)
    obs.screenshot(path=str(SHOT))
    # The match ends (its final score stays on), the desk calls the next one there: the overlay follows.
    assert phone.evaluate(PHONE_POST, [match.id, match.version + 1, 1]) == [200, "applied"]
    expect(score).to_have_text("2-0", timeout=2000)
    db.session.rollback()
    following = next(m for m in event.phases[0].brackets[0].matches if m.status == "ready" and m.id != match.id)
    _call(following.id)
    called = time.monotonic()
    names = obs.locator("[data-testid=overlay-side-left] [data-testid=overlay-name]")
    expect(names).to_have_text(db.session.get(Entrant, following.slot_a).name, timeout=2000)
    assert time.monotonic() - called < 2.0
    expect(score).to_have_text("0-0")
