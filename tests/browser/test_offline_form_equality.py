"""One form per action, the same online and offline (issue 19): for every match type and several
states, the forms the phone offers offline after some entries (the server has not checked them)
equal, field for field, the forms the server's page offers once the same entries are applied:
kinds, fields, options, defaults (what is chosen) and order, the buttons' words, the hidden
fields that say which side names and whether blind, and the payload each form sends as it stands
(byte for byte). Over https on a LAN name, in ja and en."""
import pathlib
import sys

import pytest
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import ops_with  # noqa: E402
from team_phones import Phone  # noqa: E402
from venue_offline import event_of, open_match, reconnect, venue_phone  # noqa: E402
from venue_phones import venue_browser, venue_server  # noqa: E402,F401 (fixtures)

# The forms on view in the match section, as a person meets them (not the hidden bookkeeping).
FORMS = """() => [...document.querySelectorAll('#match-play form[data-op]')].filter((f) => !f.closest('[hidden]'))
  .map((f) => ({ kind: f.dataset.op, title: f.dataset.title || '',
    fields: [...f.elements].filter((e) => e.name && !e.closest('[hidden]')
        && !['csrf_token', 'base_version', 'position'].includes(e.name))
      .map((e) => [e.name, e.type, e.tagName === 'SELECT' ? [...e.options].map((o) => o.value + '=' + o.textContent) : e.value,
        e.tagName === 'SELECT' ? e.value : e.tagName === 'BUTTON' ? e.textContent.trim() : !!e.checked,
        e.required || false]) }))"""

# What each form on view sends as it stands (static/js/form_payload.js, one per submit button), the step
# of the match left out (the unsent entries' forms number it themselves): the same bytes on both.
PAYLOADS = """() => [...document.querySelectorAll('#match-play form[data-op]')].filter((f) => !f.closest('[hidden]'))
  .flatMap((f) => [...f.querySelectorAll('button[type=submit]')].filter((b) => !b.closest('[hidden]'))
    .map((b) => { const p = TaikaiFormPayload.formPayload(f, b); delete p.position; return [f.dataset.op, JSON.stringify(p)]; }))"""


class Step(Phone):
    """Entries of one step: stored offline (counted in the unchecked panel), then sent."""

    def done(self):
        self.entries += 1
        expect(self.page.locator("#offline-entry [data-testid=pending-entry]")).to_have_count(self.entries)


def compare_step(context, page, entries, applied):
    """Offline: these entries; then online: the same applied. The forms must be the same."""
    context.set_offline(True)
    phone = Step(page, "offline")
    entries(phone)
    offline, offline_sent = page.evaluate(FORMS), page.evaluate(PAYLOADS)
    reconnect(context, page)
    ops_with(page, "applied", applied + phone.entries, timeout=30000)
    expect(page.locator("#offline-entry")).to_be_hidden()
    expect(page.locator("#match-play")).to_have_attribute("data-position", str(applied + phone.entries))
    online = page.evaluate(FORMS)
    assert [f["kind"] for f in offline] == [f["kind"] for f in online]
    for off, on in zip(offline, online, strict=True):
        assert off == on, off["kind"]
    assert offline_sent == page.evaluate(PAYLOADS)
    return applied + phone.entries, online


KACHINUKI = [
    lambda p: p.toss("a", "side", "1P"),
    lambda p: (p.roll_call("b", "B5"), p.name("A1"), p.name("B1")),
    lambda p: p.game(3, 1),
    lambda p: (p.name("B2"), p.game(2, 2)),
    lambda p: (p.name("A2"), p.name("B3"), p.penalty("b", "interruption", (2, 2))),
    lambda p: (p.name("B4"), p.game(3, 0)),
]
BEST_OF = [
    lambda p: p.game(2, 1),
    lambda p: (p.penalty("b", "pause"), p.game(1, 2)),  # the round a holds by the penalty is on the console
    lambda p: p.game(2, 0),
]
REPRESENTATIVE = [
    lambda p: p.name("A3"),
    lambda p: (p.name("B2"), p.game(3, 2)),
]

# 3on3 point format, best of 3 sets, first to 2 rounds: A1 beats B1, B2 beats A2, A3 beats B3 (2–1).
POINT = [
    lambda p: (p.name("A1"), p.name("B1")),
    lambda p: (p.game(2, 0), p.game(2, 1)),
    lambda p: (p.name("A2"), p.name("B2"), p.game(0, 2)),
    lambda p: (p.penalty("a", "penalty_game"), p.name("A3")),
    lambda p: (p.name("B3"), p.game(2, 1), p.game(2, 0)),
]


@pytest.mark.parametrize("kind, args, steps, lang", [
    ("point format", ("point_format", "standard_team", 2, 3), POINT, "ja"),
    ("kachinuki", (), KACHINUKI, "ja"),
    ("best of 3", ("best_of", "kgp2025", 2, 1), BEST_OF, "en"),
    ("representative", ("representative",), REPRESENTATIVE, "ja"),
])
def test_offline_forms_equal_the_online_ones_state_by_state(venue_server, venue_browser, kind, args, steps, lang):
    event, match = event_of(*args)
    context, page = venue_phone(venue_server, venue_browser, event, lang)
    open_match(page, venue_server.url, match)
    applied = 0
    for entries in steps:
        applied, online = compare_step(context, page, entries, applied)
    assert online == []  # decided: no form at all, online as offline
