"""A push's batch commits without marking its rows stale (database.write_transaction, read_after=False).

Invariant: after any push, every row the session still holds reads, column by column, as the
database has it: nothing the batch wrote by a statement of its own (the versions' SQL increment, the
phone's note) is left behind in memory under an older value. One exception, SQLAlchemy's and not a
value any page reads from memory: a column filled by its `onupdate` function (a match's updated_at)
holds the time SQLAlchemy computed for the object, which in an UPDATE sent for several rows at once
is computed again for the statement, microseconds later.
"""
import uuid
from datetime import timezone

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sqlalchemy import inspect, select

from bench import phone_bytes
from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.setup import event_templates


def _whole_matches(matches, user_id: int, two_one: list[bool]) -> list[dict]:
    """Each ready match played to its end as a phone enters it (2-0, or 2-1 when asked)."""
    entries = []
    for match, close in zip(matches, two_one, strict=False):  # more matches than asked for: the first ones
        winners = ["a", "b", "a"] if close else ["a", "a"]
        entries += [phone_bytes.offline_game(str(uuid.uuid4()), "", 0, match.id, match.slots_version, n, w,
                                             1 if w == "b" else 0, user_id, (match.slot_a, match.slot_b))
                    for n, w in enumerate(winners)]
    return entries


def _same(held, stored) -> bool:
    if hasattr(held, "tzinfo") and hasattr(stored, "tzinfo"):  # SQLite reads naive UTC
        return held.astimezone(timezone.utc).replace(tzinfo=None) == (
            stored.astimezone(timezone.utc).replace(tzinfo=None) if stored.tzinfo else stored)
    return held == stored


def _stale_columns() -> list[str]:
    """Every held row's loaded columns that differ from the database (read by Core, past the session)."""
    stale = []
    for obj in list(db.session.identity_map.values()):
        state = inspect(obj)
        table = state.mapper.local_table
        stored = db.session.connection().execute(
            select(table).where(*[c == state.identity[n] for n, c in enumerate(table.primary_key.columns)])).one()
        for attr in state.mapper.column_attrs:
            column = attr.columns[0]
            if attr.key in state.dict and column.table is table and column.onupdate is None:
                if not _same(state.dict[attr.key], stored._mapping[column]):
                    stale.append(f"{type(obj).__name__}.{attr.key}")
    return stale


@given(st.lists(st.lists(st.booleans(), min_size=1, max_size=4), min_size=1, max_size=4))
@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
def test_after_each_push_the_rows_held_read_as_the_database_has_them(desk_client, desk_user, pushes):
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 17)]
    started = event_templates.create_from_template("kgp2025", f"書いたまま{uuid.uuid4().hex[:6]}", rows)
    db.session.commit()
    event_templates.start(started.phases[0])
    db.session.commit()
    bracket_id = started.phases[0].brackets[0].id
    for seq, two_one in enumerate(pushes, 1):
        ready = db.session.scalars(select(MatchRow).where(MatchRow.bracket_id == bracket_id,
                                                          MatchRow.status == "ready").order_by(MatchRow.id)).all()
        entries = [{**e, "device_id": "as-written", "seq": seq * 100 + n}
                   for n, e in enumerate(_whole_matches(ready, desk_user.id, two_one))]
        answer = desk_client.post("/sync/ops", data=phone_bytes.body("as-written", entries, waiting=len(entries)),
                                  content_type="application/json")
        assert {r["outcome"] for r in answer.get_json()["results"]} <= {"applied"}
        assert _stale_columns() == []
        db.session.commit()
