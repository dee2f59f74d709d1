"""What the start.gg sender's catch-up costs: a linked double elimination (256 entrants: 511 sets on
start.gg; --players for more), half of its matches played and already reported; the loop's catch-up
(every 10 s, in every server process) timed when nothing changed since its last pass, after one result
(it reads that match whole, the others' light columns), and on a process's first pass (every result read).
Run from the repo root: .venv/bin/python bench/tie_sender.py [--players 2048]
"""
import random
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]

from bench.record import command_line, record  # noqa: E402
from bench.sync import prepare  # noqa: E402

PLAYERS, PASSES = 256, 20


def build(app):
    """The event, its link with every match and entrant paired, the first half of the day played."""
    from webapp.extensions import db
    from webapp.services.entrants import entrant_lists
    from webapp.services.matches import brackets, simulate
    from webapp.services.setup import events
    from webapp.services.ties import links, queue

    event = events.create_event("週末大会 連携", "standard_1on1", game="ssbu")
    entrant_lists.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, PLAYERS + 1)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    matches = [m for b in phase.brackets for m in b.matches]
    link = links.link(event, "startgg", "tournament/bench/event/singles", "bench-token")
    links.remember(link, "match", {m.id: 70000 + n for n, m in enumerate(matches)})
    links.remember(link, "entrant", {e.id: 8000 + e.id for e in event.entrants})
    db.session.commit()
    rng = random.Random(7)
    for _ in range(len(matches) // 2):
        ready = [m for m in matches if m.status == "ready"]
        if ready:
            simulate.play_match(rng.choice(ready), rng)
            db.session.commit()
    queue.catch_up(link)
    db.session.commit()
    return link


def timed(catch_up, link, before=lambda: None) -> float:
    """ms per pass; ``before`` runs (untimed) before each one."""
    from webapp.extensions import db

    catch_up(link)  # the pass after the last change
    db.session.commit()
    spent = 0.0
    for _ in range(PASSES):
        before()
        started = time.perf_counter()
        catch_up(link)
        spent += time.perf_counter() - started
        db.session.rollback()
    return spent / PASSES * 1000


def one_result(link):
    """Before a pass: one more match of the linked bracket changes (its version moves, as an entry does)."""
    from webapp.extensions import db
    from webapp.models import Event, MatchRow

    def change():
        match = db.session.query(MatchRow).filter(MatchRow.status == "done").order_by(MatchRow.id).first()
        match.version += 1
        db.session.get(Event, link.event_id).version += 1
        db.session.flush()
    return change


def main() -> None:
    import argparse

    from webapp.lru import forget_all

    global PLAYERS
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=PLAYERS)
    PLAYERS = parser.parse_args().players

    app = prepare(f"sqlite:///{Path(tempfile.mkdtemp()) / 'ties.sqlite3'}")
    with app.app_context():
        from webapp.services.ties import queue

        link = build(app)
        sets = len([t for t in link.ids if t.kind == "match"])
        cold = timed(queue.catch_up, link, forget_all)
        after_one = timed(queue.catch_up_when_changed, link, one_result(link))
        idle = timed(queue.catch_up_when_changed, link)
    print(f"{sets} linked sets: idle pass {idle:.2f} ms, a pass after one result {after_one:.1f} ms, "
          f"a first pass reading every result {cold:.0f} ms")
    record(f"tie_sender pass, {sets} linked sets (sqlite)", command_line("tie_sender.py"),
           f"idle {idle:.2f} ms; after one result {after_one:.1f} ms (every result read: {cold:.0f} ms)",
           "idle ≤ 5 ms; after one result ≤ 20 ms", idle <= 5 and after_one <= 20)


if __name__ == "__main__":
    main()
