"""Events for the tables and pools pages (issues 37 and 41): round-robin pools feeding the best N,
a Swiss with its leader disqualified, DE pools in waves with a match called, a phase to preview."""
import random

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, simulate, swiss_rounds
from webapp.services.setup import events, progressions


def _event(name, n, reading=False):
    event = events.create_event(name, "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": [],
                                   "reading": f"せんしゅ{i:02d}" if reading else ""} for i in range(1, n + 1)])
    return event


def pools_to_best(n=12, pools=2, best=4):
    """Round-robin pools played through, the best N overall going on to a double elimination."""
    event = _event("GGST 予選リーグ", n)
    phase = events.add_phase(event, "予選", "round_robin", group_count=pools)
    top = events.add_phase(event, "本戦", "double_elimination")
    db.session.commit()
    progressions.set_rule(top, phase, "best", best)
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    simulate.play_phase(phase, random.Random(4))
    db.session.commit()
    return event, phase


def swiss_with_dq(n=10):
    """A Swiss whose leader after round one was disqualified, the rest played on."""
    event = _event("スイスドロー 失格あり", n)
    phase = events.add_phase(event, "スイスドロー", "swiss")
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    row, rng = phase.brackets[0], random.Random(3)
    for m in [m for m in row.matches if m.round == 1 and m.status == "ready"]:
        simulate.play_match(m, rng)
        db.session.commit()
    leader = swiss_rounds.table(row)[0].entrant
    brackets.disqualify(next(e for e in event.entrants if e.id == leader), reason="暴言")
    db.session.commit()
    return event, phase, leader


def pools_in_waves(pools=4, per_wave=2):
    """DE pools called in waves: the first pool played, a match of the second called to station 3."""
    event = _event("SF6 予選プール", 4 * pools, reading=True)
    phase = events.add_phase(event, "プール", "double_elimination", group_count=pools, pools_per_wave=per_wave)
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    first, second = phase.brackets[0], phase.brackets[1]
    while any(m.status == "ready" for m in first.matches):
        simulate.play_match(next(m for m in first.matches if m.status == "ready"), random.Random(1))
        db.session.commit()
    match = next(m for m in second.matches if m.status == "ready")
    match.station, match.called_at = "3", db.func.now()
    db.session.commit()
    return event, phase, match
