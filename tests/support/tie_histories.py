"""Random histories of a day for the start.gg and Challonge report properties: results, corrections,
reopened matches, the service going offline and the sender's turns, in any order."""
import random

from hypothesis import strategies as st

from webapp.extensions import db
from webapp.services.matches import brackets, simulate

STEPS = st.lists(st.tuples(st.sampled_from(["play", "play", "correct", "reopen", "send", "offline"]),
                           st.integers(min_value=0, max_value=10_000)), min_size=1, max_size=25)


def step(kind: str, pick: int, phase, standin, send) -> None:
    """One step of the history; `send()` is the service's own sender turn."""
    matches = [m for b in phase.brackets for m in b.matches]
    done = [m for m in matches if m.status == "done" and m.slot_a and m.slot_b]
    ready = [m for m in matches if m.status == "ready"]
    if kind == "play" and ready:
        simulate.play_match(ready[pick % len(ready)], random.Random(pick))
    elif kind == "correct" and done:
        match = done[pick % len(done)]
        brackets.correct_winner(match, match.loser_id, cascade=True)
    elif kind == "reopen" and done:
        brackets.reopen_match(done[pick % len(done)])
    elif kind == "offline":
        standin.offline = not standin.offline
    elif kind == "send":
        send()
    db.session.commit()
