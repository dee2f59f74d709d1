"""One name, compared once (issue 35.11). Invariants, over any names hypothesis draws, through the
real services on the real database:
- two names that fold alike (width, hiragana/katakana, case, invisible characters) are one entrant:
  the second is refused as a duplicate, whether added at the desk, imported or signed up;
- a name with a control character or an invisible (format) character is refused in words naming
  the rule, never stored;
- folding is idempotent and ignores what it claims to ignore."""
import unicodedata

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.models import Entrant
from webapp.services import ServiceError
from webapp.services.entrants import entrant_edits, entrant_lists
from webapp.services.setup import events
from webapp.tournament.textsearch import fold

BUDGET = settings(max_examples=40, deadline=None,
                  suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
HIRAGANA = "".join(chr(c) for c in range(0x3041, 0x3094) if unicodedata.category(chr(c)) == "Lo")
base_names = st.text(alphabet=HIRAGANA + "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789",
                     min_size=1, max_size=12).filter(lambda s: s.strip() == s and s)
INVISIBLE = ["\u200b", "\u200c", "\u2060", "\ufeff"]
BIDI = ["\u202e", "\u202d", "\u2066", "\u2067", "\u2068", "\u2069", "\u200e", "\u200f"]
CONTROL = ["\x00", "\x07", "\x1b", "\r", "\n", "\t", "\x7f"]


def _variant(name: str, how: int) -> str:
    """The same name as another person would type it."""
    if how == 0:  # katakana
        return "".join(chr(ord(c) + 0x60) if "\u3041" <= c <= "\u3096" else c for c in name)
    if how == 1:  # full-width Latin and digits
        return "".join(chr(ord(c) + 0xFEE0) if c.isascii() and c.isalnum() else c for c in name)
    if how == 2:
        return name.swapcase()
    return name[:1] + "\u200b" + name[1:]  # a zero-width space copied along from a chat message


def _event():
    event = events.create_event("Weekly", "kgp2025")
    db.session.commit()
    return event


@pytest.fixture
def fresh(app):
    return _event  # a new event for each example: names are compared within an event


@BUDGET
@given(name=base_names, how=st.integers(0, 3), path=st.sampled_from(["desk", "import"]))
def test_two_names_that_fold_alike_are_one_entrant(fresh, name, how, path):
    event = fresh()
    entrant_lists.add_entrants(event, [{"name": name, "seed": None, "members": []}])
    db.session.commit()
    other = _variant(name, how)
    assert fold(other) == fold(name)
    with pytest.raises(ServiceError) as refused:
        if path == "desk":
            entrant_edits.check_new(event, {"name": other, "reading": "", "members": []})
        else:
            entrant_lists.add_entrants(event, [{"name": other, "seed": None, "members": []}])
    assert refused.value.code in ("entrants.duplicate", "entrants.name_invisible")
    db.session.rollback()


@BUDGET
@given(name=base_names, bad=st.sampled_from(INVISIBLE + BIDI + CONTROL), at=st.integers(0, 12),
       where=st.sampled_from(["name", "reading"]))
def test_a_control_or_invisible_character_is_refused_in_words(fresh, name, bad, at, where):
    event = fresh()
    typed = name[:at] + bad + name[at:]
    row = {"name": typed if where == "name" else name, "reading": typed if where == "reading" else "", "members": []}
    with pytest.raises(ServiceError) as refused:
        entrant_edits.check_new(event, row)
    assert refused.value.code in ("entrants.name_control", "entrants.name_invisible", "entrants.no_name")
    words = refused.value.message % refused.value.params
    assert bad not in words and ("character" in words or "name" in words)
    db.session.rollback()


@given(text=st.text(max_size=30))
def test_folding_is_idempotent_and_ignores_invisible_characters(text):
    assert fold(fold(text)) == fold(text)
    assert fold(text[:3] + "\u200b" + text[3:]) == fold(text)


def test_the_sign_up_page_refuses_a_right_to_left_override_next_to_the_name(app, client):
    from webapp.services.players import signups
    event = _event()
    signups.set_settings(event, True, 8, None, [])
    db.session.commit()
    answer = client.post(f"/e/{event.slug}/signup", data={"name": "たろう\u202eうろた", "reading": ""})
    assert answer.status_code == 422 and "見えない文字" in answer.get_data(as_text=True)
    assert Entrant.query.count() == 0
