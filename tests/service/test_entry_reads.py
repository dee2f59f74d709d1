"""What a game entry's sync reads (issue 36): only what concerns it. An event without stations reads
no phase list for auto-calls and no station for the stream scoreboard; one without a disqualified
player reads no list of them; the phone's undone entries are read in the batch's own transaction."""
import uuid

from sqlalchemy import event

from bench import phone_bytes
from webapp.extensions import db
from webapp.models import Entrant
from webapp.services.setup import event_templates

_DISQUALIFIED_LIST = "SELECT entrant.event_id, entrant.id FROM entrant"  # services/entries/preloaded.py


def _started(name: str):
    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)]
    started = event_templates.create_from_template("kgp2025", name, rows)
    db.session.commit()
    event_templates.start(started.phases[0])
    db.session.commit()
    return started


def _match_ended(client, user, started) -> tuple[list[str], int]:
    """Both games of a ready match in one sync: (the statements it ran, the transactions it began)."""
    match = next(m for b in started.phases[0].brackets for m in b.matches if m.status == "ready")
    entries = [phone_bytes.offline_game(str(uuid.uuid4()), "reads", 1, match.id, 1 << 30, position, "a", 0,
                                        user.id, (match.slot_a, match.slot_b)) for position in (0, 1)]
    ran = []

    def noted(_conn, _cursor, statement, *_args):
        ran.append(" ".join(statement.split()))

    def committed(_conn):
        ran.append("COMMIT")
    listeners = (("before_cursor_execute", noted), ("commit", committed))
    for name, listener in listeners:
        event.listen(db.engine, name, listener)
    try:
        answer = client.post("/sync/ops", data=phone_bytes.body("reads", entries, waiting=2),
                             content_type="application/json")
    finally:
        for name, listener in listeners:
            event.remove(db.engine, name, listener)
    assert [r["outcome"] for r in answer.get_json()["results"]] == ["applied", "applied"]
    assert answer.get_json()["undone"] == []
    return ran, sum(s.startswith("BEGIN") for s in ran)


def test_an_event_without_stations_or_dq_reads_neither(desk_client, desk_user):
    ran, _begun = _match_ended(desk_client, desk_user, _started("読むものだけ"))
    assert not [s for s in ran if s.startswith("SELECT station.")]  # (the match's read asks whether one exists)
    assert not [s for s in ran if s.startswith("SELECT phase.")]  # the event's phases, for auto-calls
    assert not [s for s in ran if s.startswith(_DISQUALIFIED_LIST)]


def test_a_disqualified_player_is_read_with_the_batch(desk_client, desk_user):
    started = _started("失格あり")
    db.session.query(Entrant).filter_by(event_id=started.id, seed=8).update({"dq": True})
    db.session.commit()
    ran, _begun = _match_ended(desk_client, desk_user, started)
    assert [s for s in ran if s.startswith(_DISQUALIFIED_LIST)]


def test_nothing_is_read_after_the_batch_commits(desk_client, desk_user):
    ran, begun = _match_ended(desk_client, desk_user, _started("確定の後"))
    written = max(i for i, s in enumerate(ran) if s.startswith(("INSERT", "UPDATE")))
    assert "COMMIT" in ran[written:]
    assert not [s for s in ran[ran.index("COMMIT", written):] if s.startswith("SELECT")]
    assert begun <= 2  # the sign-in's read, the batch's write transaction
