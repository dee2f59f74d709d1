"""How far a referee's game entry travels: the project files and packages its request runs.

A KGP2025 best-of-3 match; the desk's session posts game 1 to /sync/ops (warming every lazy
import and cache), then game 2 is posted with a tracer on: every webapp/ or sync/ file one of
whose functions runs during that request is counted, with the package it sits in. The last
line is the figure (issue #20's "files an entry crosses"; issue 36 asks for at most 40).
Run from the repo root: .venv/bin/python bench/entry_path.py [--list]
"""
import argparse
import sys
import tempfile
import threading
import uuid
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(ROOT)]
OURS = (str(ROOT / "webapp"), str(ROOT / "sync"))
TARGET_FILES = 40  # issue 36: a referee's game ending a match crosses at most this many project files


def build(folder: str):
    """An app with a started KGP2025 1on1 phase and a signed-in desk; (client, first ready match)."""
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.extensions import db
    from webapp.services.accounts import users as accounts
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.matches import brackets
    from webapp.services.setup import events

    app = create_app({"SECRET_KEY": "bench", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{folder}/bench.db",
                      "WTF_CSRF_ENABLED": False})
    with app.app_context():
        upgrade()
        accounts.create_user("desk", "desk-pass-123", role="desk")
        event = events.create_event("KGP 経路", "kgp2025")
        entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 9)])
        phase = events.add_phase(event, "本戦", "single_elimination", match_type="best_of", best_of=3)
        db.session.flush()
        brackets.start_phase(phase, event.entrants)
        db.session.commit()
        match_id = next(m.id for m in phase.brackets[0].matches if m.status == "ready")
    client = app.test_client()
    client.post("/login", data={"username": "desk", "password": "desk-pass-123"})
    return app, client, match_id


def post_game(client, match_id: int, position: int) -> dict:
    op = {"op_id": str(uuid.uuid4()), "device_id": "phone-1", "seq": position, "kind": "report_game",
          "match_id": match_id, "base_version": 1,
          "payload": {"winner": "a", "rounds_a": 2, "rounds_b": 0, "position": position}}
    return client.post("/sync/ops", json={"device_id": "phone-1", "ops": [op]}).get_json()


def traced(fn) -> Counter:
    """Project files whose code ran during fn(), with the number of calls into each."""
    seen: Counter = Counter()

    def tracer(frame, event, _arg):
        if event == "call" and frame.f_code.co_filename.startswith(OURS):
            seen[frame.f_code.co_filename] += 1
        return None

    sys.setprofile(tracer)
    threading.setprofile(tracer)
    try:
        fn()
    finally:
        sys.setprofile(None)
        threading.setprofile(None)
    return seen


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--list", action="store_true", help="print each file")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        _app, client, match_id = build(folder)
        first = post_game(client, match_id, 0)["results"][0]["outcome"]
        answer = {}
        files = traced(lambda: answer.update(post_game(client, match_id, 1)))
    assert first == "applied" and answer["results"][0]["outcome"] == "applied", (first, answer)
    names = sorted(str(Path(f).relative_to(ROOT)) for f in files)
    packages = Counter(str(Path(n).parent) for n in names)
    if args.list:
        print("\n".join(names))
    print(", ".join(f"{p} {n}" for p, n in sorted(packages.items())))
    print(f"entry path: a game entry's request runs code in {len(names)} project files in {len(packages)} packages")
    from bench.record import command_line, record
    record("entry_path", command_line("entry_path.py"), f"{len(names)} files in {len(packages)} packages",
           f"≤ {TARGET_FILES} files (issue 36)", len(names) <= TARGET_FILES)


if __name__ == "__main__":
    main()
