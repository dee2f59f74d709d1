"""Any event, downloaded, exported or mirrored, comes out the same in an empty database (issue 29).

A property over random event histories: phones' games (some ahead of their step: held; some
twice, with another result: conflicts), the desk's results, walkovers and their undoing,
corrections, DQs, withdrawals and their undoing, conflict decisions, voids and the desk's ruling,
day DQs. Then the event's download (/desk/e/<id>/oplog.jsonl), `flask oplog export` and the
mirror push each go into an empty database (a second one on the same server: SQLite or
PostgreSQL, as DATABASE_URL says) and must give the same brackets, placements, standings and
entrants (and, for the two replays, every entry's outcome).
"""
import os
import uuid

import httpx
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from mirror_support import _create_database, migrated_app
from phone_entries import submit
from play_support import team_event
from sqlalchemy import text

from webapp.extensions import db
from webapp.mirror import pusher, receiver
from webapp.mirror import state as mirror_state
from webapp.mirror.models import MirrorLink
from webapp.models import Conflict, Entrant, Event, MatchRow, Operation, User
from webapp.operations import export as oplog
from webapp.operations.desk import submit_change
from webapp.services import ServiceError
from webapp.services.accounts import users as accounts
from webapp.services.entries import access
from webapp.services.matches import bracket_rows, brackets, play
from webapp.services.reads import standings

STEPS = ("play", "play", "play", "held", "clash", "win", "walkover", "undo_walkover", "correct", "dq", "withdraw",
         "undo", "resolve", "void", "smoke")


@pytest.fixture(scope="module")
def empty_site(tmp_path_factory):
    """A second, migrated database on the same kind of server as the test database."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        server, name = url.rsplit("/", 1)
        _create_database(server + "/postgres", name + "_replay")
        return migrated_app(f"{server}/{name}_replay")
    return migrated_app(f"sqlite:///{tmp_path_factory.mktemp('replay') / 'replay.sqlite3'}")


def _forget_process_caches() -> None:
    """What this process keeps by row id: both databases use the same ids."""
    play._CACHE.clear()  # noqa: SLF001
    bracket_rows._FEEDERS.clear()  # noqa: SLF001
    access.forget_read_only_events()


def _empty_tables() -> None:
    _forget_process_caches()
    db.session.remove()
    with db.engine.begin() as conn:
        if conn.dialect.name == "postgresql":
            names = ", ".join(f'"{t.name}"' for t in db.metadata.sorted_tables)
            conn.execute(text(f"TRUNCATE {names} RESTART IDENTITY CASCADE"))
        else:
            for table in reversed(db.metadata.sorted_tables):
                conn.execute(table.delete())


# --- an event's random history ---------------------------------------------------------------

def _matches(event_id: int, *statuses: str) -> list[MatchRow]:
    event = db.session.get(Event, event_id)
    return sorted((m for p in event.phases for b in p.brackets for m in b.matches if m.status in statuses),
                  key=lambda m: m.id)


def _pick(rows: list, n: int):
    return rows[n % len(rows)] if rows else None


def _op(match: MatchRow, kind: str, device: str = "p1", position: int | None = None, **payload) -> dict:
    if position is not None:
        payload["position"] = position
    return {"op_id": str(uuid.uuid4()), "device_id": device, "kind": kind, "match_id": match.id,
            "base_version": match.version, "payload": payload}


def _next_entry(match: MatchRow, j: int, device: str, back: int = 0) -> dict:
    """The entry a referee's phone makes next on this match (`back`: at an earlier step)."""
    prompt = play.state_of(match).prompt()
    position = max(len(match.actions) - back, 0)
    if prompt.ruling:
        return _op(match, "ruling", device, position, choice="replay" if j % 2 else "keep", reason="審判判断")
    if prompt.needs_coin_toss:
        return _op(match, "coin_toss", device, position, winner="ab"[j % 2], choice="stage")
    if prompt.must_name:
        side = prompt.must_name[0]
        return _op(match, "name_player", device, position, side=side, member_id=prompt.members_in[side][0],
                   blind=prompt.blind_select)
    won, lost = prompt.rounds_to_win, j % max(prompt.rounds_to_win, 1)
    side = "ab"[j % 2 if not back else (j + 1) % 2]
    return _op(match, "report_game", device, position, winner=side,
               rounds_a=won if side == "a" else lost, rounds_b=lost if side == "a" else won)


def _phone_step(step: str, event_id: int, i: int, j: int, desk: User, referee: User) -> None:
    ready = _pick(_matches(event_id, "ready"), i)
    if step == "held":
        match = _pick(_matches(event_id, "pending"), i)
        entrants = [e.id for e in db.session.get(Event, event_id).entrants]
        if match is not None:
            slots = {"a": entrants[i % len(entrants)], "b": entrants[j % len(entrants)]}
            submit(_op(match, "report_game", f"p{j % 3}", j % 2, winner="a", rounds_a=2, rounds_b=0,
                       slots=slots), referee)
    elif ready is None:
        return
    elif step == "play":  # a run of entries, as a referee enters a few games between syncs
        for n in range(1 + j % 8):
            ready = db.session.get(MatchRow, ready.id)
            if ready.status != "ready":
                break
            entry = _next_entry(ready, j + n, f"p{j % 3}")
            submit(entry, desk if entry["kind"] == "ruling" else referee)
            db.session.expire_all()
    elif step == "clash":
        submit(_next_entry(ready, j, f"p{(j + 1) % 3}", back=1), referee)
    elif step == "void" and ready.actions:
        submit(_op(ready, "penalty", "p1", len(ready.actions), side="ab"[j % 2], penalty="undeclared_change",
                   game=0), referee)
    elif step == "smoke":
        submit(_op(ready, "penalty", "p1", len(ready.actions), side="ab"[j % 2], penalty="smoking"), referee)


def _desk_step(step: str, event_id: int, i: int, j: int, desk: User) -> None:
    if step in ("win", "walkover"):
        match = _pick(_matches(event_id, "ready"), i)
        if match is not None:
            submit(_op(match, "record_winner", "desk", winner=(match.slot_a, match.slot_b)[j % 2],
                       walkover=step == "walkover"), desk)
    elif step == "undo_walkover":
        match = _pick([m for m in _matches(event_id, "done") if m.walkover], i)
        if match is not None:
            submit(_op(match, "undo_walkover", "desk"), desk)
    elif step == "correct":
        match = _pick([m for m in _matches(event_id, "done") if m.slot_a and m.slot_b], i)
        if match is not None:
            other = match.slot_b if match.winner_id == match.slot_a else match.slot_a
            submit(_op(match, "correct_result", "desk", winner=other, reason="押し間違い", cascade=j % 2 == 0), desk)
    elif step == "resolve":
        conflict = _pick(db.session.query(Conflict).filter_by(status="open").order_by(Conflict.id).all(), i)
        if conflict is not None:
            match = db.session.get(MatchRow, conflict.match_id)
            chosen = db.session.get(Operation, conflict.operation_id)
            submit(_op(match, "resolve_conflict", "desk", conflict_op=chosen.op_id,
                       decision="take" if j % 2 else "keep"), desk)


def _standing_step(step: str, event_id: int, i: int, desk: User) -> None:
    entrants = sorted(db.session.get(Event, event_id).entrants, key=lambda e: e.id)
    entrant = _pick(entrants, i)
    if step == "undo":
        out = [e for e in entrants if e.dq]
        entrant = _pick(out, i)
        step = "undo_withdraw" if entrant is not None and (entrant.info or {}).get("withdrawn") else "undo_dq"
    if entrant is None:
        return
    kind = {"dq": "disqualify"}.get(step, step)
    try:
        submit_change(kind, entrant, desk, "遅刻" if kind == "disqualify" else "")
    except ServiceError:
        pass  # refused, and logged as refused: the replay must refuse it too


def _play(event_id: int, steps: list[tuple[str, int, int]], desk: User, referee: User) -> None:
    for step, i, j in steps:
        if step in ("dq", "withdraw", "undo"):
            _standing_step(step, event_id, i, desk)
        elif step in ("win", "walkover", "undo_walkover", "correct", "resolve"):
            _desk_step(step, event_id, i, j, desk)
        else:
            _phone_step(step, event_id, i, j, desk, referee)
        db.session.commit()
        db.session.expire_all()


# --- what must come out the same ---------------------------------------------------------------

def _picture(event_id: int, base: int = 0) -> dict:
    """Brackets, placements, standings and entrants, every row id moved back by `base`."""
    def back(value):
        return value - base if isinstance(value, int) else value

    event = db.session.get(Event, event_id)
    rows = sorted((b for p in event.phases for b in p.brackets), key=lambda b: b.id)
    matches = [(back(m.id), m.key, back(m.slot_a), back(m.slot_b), back(m.winner_id), back(m.loser_id), m.status,
                m.walkover, mirror_state.shift("match", {"actions": m.actions}, -base)["actions"])
               for row in rows for m in sorted(row.matches, key=lambda m: m.id)]
    places = [[(p.rank, back(p.entrant_id)) for p in brackets.placements(row)] for row in rows]
    table = [(rank, rank_to, back(e.id)) for rank, rank_to, e in standings.event_standings(event)]
    people = [(back(e.id), e.name, e.dq, bool((e.info or {}).get("withdrawn")), _day_dq(e, back))
              for e in sorted(event.entrants, key=lambda e: e.id)]
    return {"matches": matches, "placements": places, "standings": table, "entrants": people}


def _day_dq(entrant: Entrant, back) -> list:
    """Who is out for the day, from which match, and the matches already under way then."""
    return sorted((back(int(member)), back(dq["match_id"]), sorted(back(m) for m in dq["exempt"]), dq["penalty"])
                  for member, dq in ((entrant.info or {}).get("day_dq") or {}).items())


def _outcomes(event_id: int) -> list:
    """Every entry of the event with its outcome (the event's own entries: those its download holds)."""
    from webapp.operations.event_scope import Scope
    ids = {op["op_id"] for op in Scope(event_id).ops()}
    return [(o.op_id, o.outcome, o.code, bool(o.undone)) for o in db.session.query(Operation).order_by(Operation.id)
            if o.op_id in ids]


def _other_event(desk: User) -> None:
    """Another event of the same database, with a result and a DQ: in the export, not in the download."""
    event, match = team_event("best_of", "kgp2025", teams=3, size=1)
    submit(_op(match, "record_winner", "desk", winner=match.slot_b), desk)
    submit_change("disqualify", db.session.get(Entrant, match.slot_b), desk, "遅刻")
    db.session.commit()


def _replayed(site, path: str, slug: str) -> tuple[dict, list]:
    """Replay the file into the empty site as `flask oplog replay` does; its picture and outcomes.
    (The command itself would run on the app whose context is open: the exporting one.)"""
    with site.app_context():
        _forget_process_caches()
        oplog.replay(path)
        db.session.expire_all()
        _forget_process_caches()
        event_id = db.session.query(Event.id).filter_by(slug=slug).scalar()
        seen = _picture(event_id), _outcomes(event_id)
        _empty_tables()
    return seen


def _mirrored(site, event_id: int) -> dict:
    """Push the event to the empty site as its mirror; the mirror's picture, ids moved back."""
    with site.app_context():
        link, token = receiver.issue("koukai", "公開")
        db.session.commit()
    target = pusher.link_event(event_id, "http://127.0.0.1", token)
    db.session.commit()
    client = httpx.Client(transport=httpx.WSGITransport(app=site), base_url="http://127.0.0.1",
                          headers={"Authorization": f"Bearer {token}"})
    pushed = pusher.push(target, client=client)
    assert pushed.status == "ok", pushed.message
    with site.app_context():
        _forget_process_caches()
        link = db.session.query(MirrorLink).one()
        seen = _picture(link.event_id, link.id_base)
        _empty_tables()
    _forget_process_caches()
    return seen


@settings(max_examples=int(os.environ.get("REPLAY_EXAMPLES", "25")), deadline=None,
          suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow])
@given(teams=st.booleans(), players=st.integers(min_value=3, max_value=6),
       steps=st.lists(st.tuples(st.sampled_from(STEPS), st.integers(0, 99), st.integers(0, 99)),
                      min_size=6, max_size=30))
def test_any_event_downloaded_exported_or_mirrored_comes_out_the_same(app, empty_site, tmp_path, teams, players,
                                                                      steps):
    _comes_out_the_same(app, empty_site, tmp_path, teams, players, steps)


def test_a_day_dq_comes_out_naming_the_same_member(app, empty_site, tmp_path):
    """A smoking penalty bars its member for the day: the mirror once kept the venue's member id."""
    expected = _comes_out_the_same(app, empty_site, tmp_path, True, 2, [("play", 0, 2), ("smoke", 0, 0)])
    assert [e[4] for e in expected["entrants"] if e[4]][0][0][3] == "smoking"


def _comes_out_the_same(app, site, tmp_path, teams: bool, players: int, steps: list) -> dict:
    """Play the history, then check the download, the export and the mirror; the expected picture."""
    _empty_tables()
    desk = accounts.create_user("desk1", "desk-pass-123", role="desk")
    referee = accounts.create_user("aoki", "ref-pass-5678", role="staff")
    _other_event(desk)
    event, _ = (team_event(teams=players) if teams else
                team_event("best_of", "kgp2025", teams=players, size=1))
    event_id = event.id
    _play(event_id, steps, desk, referee)
    _forget_process_caches()
    expected, outcomes, slug = _picture(event_id), _outcomes(event_id), db.session.get(Event, event_id).slug
    download, export = tmp_path / "download.jsonl", tmp_path / "export.jsonl"
    download.write_text(oplog.as_text(event_id), encoding="utf-8")
    assert "exported" in app.test_cli_runner().invoke(args=["oplog", "export", str(export)]).output
    assert _replayed(site, str(download), slug) == (expected, outcomes)
    assert _replayed(site, str(export), slug) == (expected, outcomes)
    assert _mirrored(site, event_id) == expected
    return expected
