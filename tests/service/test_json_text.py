"""The JSON columns' text (webapp/json_text.py): orjson, with the standard library for what orjson refuses.

Invariant: whatever a JSON column is given, it reads back as the standard library would have written
and read it (the columns' behaviour before orjson), both as text and through the database.
"""
import json

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import select

from webapp import json_text
from webapp.extensions import db
from webapp.models import Operation

# Non-finite floats are left out: PostgreSQL's json refuses them, so no column can rely on them.
_SCALARS = (st.none() | st.booleans() | st.integers(min_value=-(2 ** 80), max_value=2 ** 80)
            | st.floats(allow_nan=False, allow_infinity=False) | st.text())
_VALUES = st.recursive(_SCALARS, lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(st.text(max_size=8), inner, max_size=4), max_leaves=20)


def _as_before(value):
    return json.loads(json.dumps(value))


@given(_VALUES)
@settings(max_examples=300, deadline=None)
def test_any_value_reads_back_as_the_standard_library_gave_it(value):
    # Lone surrogates and integers beyond 64 bits are among these: orjson refuses them, the fallback takes them.
    assert json_text.loads(json_text.dumps(value)) == _as_before(value)


@given(st.dictionaries(st.integers(min_value=-(2 ** 63), max_value=2 ** 63 - 1), _SCALARS, max_size=5))
@settings(max_examples=100, deadline=None)
def test_number_keys_are_written_as_text_as_before(value):
    assert json_text.loads(json_text.dumps(value)) == _as_before(value)


def test_bytes_from_the_postgresql_driver_are_read_too():
    assert json_text.loads(memoryview("{\"名前\": \"\\ud800\"}".encode())) == {"名前": "\ud800"}
    assert json_text.loads(b"[1, 2]") == [1, 2]


# What a database's JSON column stores: PostgreSQL's json refuses a lone surrogate and NUL.
_STORED_TEXT = st.text(st.characters(blacklist_categories=("Cs",), blacklist_characters="\x00"))
_STORED = st.recursive(_SCALARS.filter(lambda v: not isinstance(v, str)) | _STORED_TEXT,
                       lambda inner: st.lists(inner, max_size=4)
                       | st.dictionaries(_STORED_TEXT.filter(lambda k: len(k) < 9), inner, max_size=4),
                       max_leaves=20)


@given(payload=st.dictionaries(_STORED_TEXT.filter(lambda k: len(k) < 9), _STORED, max_size=4))
@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_a_json_column_reads_back_from_the_database_as_before(app, payload):
    op_id = "json-text-round-trip"
    db.session.add(Operation(op_id=op_id, device_id="d", kind="report_game", outcome="applied", payload=payload))
    db.session.commit()
    db.session.expunge_all()
    try:
        assert db.session.scalar(select(Operation.payload).where(Operation.op_id == op_id)) == _as_before(payload)
    finally:
        db.session.query(Operation).filter_by(op_id="json-text-round-trip").delete()
        db.session.commit()
