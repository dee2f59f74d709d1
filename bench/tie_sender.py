"""What the start.gg sender's idle pass costs: a linked 256-entrant double elimination (511 sets on
start.gg), half of its matches played and already reported; the loop's catch-up (every 10 s, in every
server process) timed when nothing changed since its last pass — reading every linked match's result
(``queue.catch_up``) against looking at what could have changed (``queue.catch_up_when_changed``).
Run from the repo root: .venv/bin/python bench/tie_sender.py
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


def timed(catch_up, link) -> float:
    from webapp.extensions import db

    catch_up(link)  # the pass after the last change
    db.session.commit()
    started = time.perf_counter()
    for _ in range(PASSES):
        catch_up(link)
        db.session.rollback()
    return (time.perf_counter() - started) / PASSES * 1000


def main() -> None:
    app = prepare(f"sqlite:///{Path(tempfile.mkdtemp()) / 'ties.sqlite3'}")
    with app.app_context():
        from webapp.services.ties import queue

        link = build(app)
        sets = len([t for t in link.ids if t.kind == "match"])
        every = timed(queue.catch_up, link)
        changed = timed(queue.catch_up_when_changed, link)
    print(f"idle pass over {sets} linked sets: {every:.1f} ms reading every result, {changed:.2f} ms looking "
          f"at what changed")
    record("tie_sender idle pass, 511 linked sets (sqlite)", command_line("tie_sender.py"),
           f"{changed:.2f} ms (every result read: {every:.0f} ms)", "≤ 5 ms", changed <= 5)


if __name__ == "__main__":
    main()
