"""Events of every format and team type, played (the exports' tests read them back)."""
import random

from play_support import kgp_top4, team_event

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets, simulate
from webapp.services.setup import event_templates, events


def _one_on_one(fmt: str, players: int = 8, game: str = "", **options):
    event = events.create_event(f"書き出し {fmt}", "standard_1on1", game=game)
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "本戦", fmt, **options)
    db.session.commit()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, phase


def played(kind: str, seed: int = 3, share: float = 1.0, game: str = ""):
    """(event, phase) of this kind, its matches played with random valid entries."""
    rng = random.Random(seed)
    if kind == "kgp_finals":
        event, _de, finals = kgp_top4()
        event_templates.start(finals)
        db.session.commit()
        phase = finals
    elif kind in ("kachinuki", "point_format"):
        ruleset = "tekken7_hiza_5on5" if kind == "kachinuki" else "standard_team"
        event, _match = team_event(kind, ruleset, teams=4, size=5 if kind == "kachinuki" else 3)
        phase = event.phases[0]
    else:
        options = {"group_count": 2} if kind == "round_robin" else {}
        event, phase = _one_on_one(kind, 9 if kind == "round_robin" else 8, game, **options)
    for _ in range(4):  # a Swiss pairs its next round as the last one ends
        simulate.play_phase(phase, rng, share)
        db.session.commit()
    return event, phase


KINDS = ("single_elimination", "double_elimination", "round_robin", "swiss", "kgp_finals", "kachinuki", "point_format")
