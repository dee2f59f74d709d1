"""Events for the bracket page tests: a 99-player double elimination half played, groups."""
from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events


def big_double_elimination(players=99, share=0.5):
    """A double elimination of `players`, `share` of its real matches played chalk; returns the phase."""
    event = events.create_event("KGP 99人 テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    real = [m for m in phase.brackets[0].matches if m.status not in ("bye", "void")]
    for _ in range(int(len(real) * share)):
        match = next((m for m in phase.brackets[0].matches if m.status == "ready"), None)
        if match is None:
            break
        brackets.record_winner(match, min(match.slot_a, match.slot_b))
        db.session.commit()
    return phase


def groups_phase(players=32, groups=8):
    """A phase of small single-elimination groups, the first match of each played."""
    event = events.create_event("鉄拳 予選グループ", "kgp2025")
    entrants.add_entrants(event, [{"name": f"チーム{i:02d}", "seed": i, "members": []} for i in range(1, players + 1)])
    phase = events.add_phase(event, "予選", "single_elimination", group_count=groups)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    for row in phase.brackets:
        match = next(m for m in row.matches if m.status == "ready")
        brackets.record_winner(match, match.slot_a)
    db.session.commit()
    return phase
