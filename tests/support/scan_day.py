"""A seeded day for the page scan: every penalty kind of both rule sets, conflicts, held entries,
a ruling, walkovers, a DQ, corrections, stations and a mirror (tests/pages/test_internal_names.py)."""
import uuid

from phone_entries import submit_many
from play_support import kgp_top4, member_ids, send, team_event, win  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Entrant, MatchRow  # noqa: E402
from webapp.services.matches import brackets  # noqa: E402
from webapp.services.setup import event_templates
from webapp.tournament.rulesets.kgp2025 import ACTS  # noqa: E402

OUTCOMES = []   # (what, outcome) of every entry the day made, for the scan's own check


def _note(what, outcome):
    OUTCOMES.append((what, outcome.outcome, outcome.code))
    return outcome


def _ready(event):
    db.session.expire_all()
    return sorted((m for p in event.phases for b in p.brackets for m in b.matches if m.status == "ready"),
                  key=lambda m: m.id)


def _row(match):
    return db.session.get(MatchRow, match.id)


def kgp_acts(desk):
    """A KGP 1on1 day (16 players): every prohibited act recorded, each in its own match."""
    event, _ = team_event("best_of", "kgp2025", teams=16, size=1)
    acts, matches = list(ACTS), _ready(event)
    for match in matches:
        send(match, "report_game", device="phone-1", position=0, winner="a", rounds_a=2, rounds_b=1, char_a="春麗", char_b="リュウ")
    for n, act in enumerate(acts):
        match = matches[n]
        side = "a" if act == "winner_changed_character" else "b"  # ① is the previous game's winner's
        _note(f"kgp {act}", send(_row(match), "penalty", device="phone-2", side=side, penalty="prohibited_act", act=act,
                                 rounds_a=1, rounds_b=1, note="審判メモ"))
    return event


def tekken_penalties(desk):
    """A Tekken 5on5 day (8 teams): every penalty kind of the regulation, a void left for the desk's ruling."""
    event, _ = team_event(teams=8)
    matches = _ready(event)
    for match in matches:
        a, b = member_ids(match, "a"), member_ids(match, "b")
        send(match, "coin_toss", device="phone-1", winner="a", choice="stage")
        send(_row(match), "name_player", device="phone-1", side="a", member_id=a[0], blind=True)
        send(_row(match), "name_player", device="phone-1", side="b", member_id=b[0], blind=True)
    m1, m2, m3, m4 = (_row(m) for m in matches)
    _note("interruption", send(m1, "penalty", side="a", penalty="interruption", rounds_a=1, rounds_b=1))
    _note("selection_mistake", send(_row(m1), "penalty", side="b", penalty="selection_mistake"))
    _note("smoking", send(_row(m1), "penalty", side="a", penalty="smoking", note="紙煙草"))
    _note("bluff", send(m2, "penalty", side="b", penalty="bluff"))
    _note("disqualify_member", send(_row(m2), "penalty", side="a", penalty="disqualify_member", note="暴言"))
    _note("disqualify_team", send(m3, "penalty", side="b", penalty="disqualify_team", note="遅刻"))
    win(_row(m4), "a", device="phone-1")
    _note("undeclared_change", send(_row(m4), "penalty", side="a", penalty="undeclared_change", game=0))
    return event


def held_and_conflicts():
    """A KGP 4-player day: a final entered before its semifinals (held), then a players-differ conflict."""
    event, _ = team_event("best_of", "kgp2025", teams=4, size=1)
    matches = sorted(event.phases[0].brackets[0].matches, key=lambda m: (m.round, m.index))
    semis, final = [m for m in matches if m.status == "ready"], matches[-1]

    def game(match_id, device, position, winner, slots=None):
        payload = {"winner": winner, "rounds_a": 2 if winner == "a" else 0, "rounds_b": 2 if winner == "b" else 0,
                   "position": position}
        if slots:
            payload["slots"] = {"a": slots[0], "b": slots[1]}
        return {"op_id": str(uuid.uuid4()), "device_id": device, "kind": "report_game", "match_id": match_id,
                "base_version": 1, "payload": payload}
    named = [m.slot_a for m in semis]
    submit_many([game(final.id, "phone-b", i, "a", named) for i in range(2)], None)
    submit_many([game(semis[0].id, "phone-a", i, "b") for i in range(2)], None)  # the other one won
    # the second semifinal has one game of two: the final's entries still wait, held
    submit_many([game(semis[1].id, "phone-a", 0, "a")], None)
    return event


def results_day(desk):
    """Walkovers, a DQ and a correction on a 16-player double elimination."""
    from webapp.services.entrants import entrant_lists as entrants
    from webapp.services.setup import events
    event = events.create_event("結果テスト", "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, 17)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    first, second, third = _ready(event)[:3]
    _note("walkover", send(first, "record_winner", user=desk, device="desk-form-1", winner=first.slot_a, walkover=True))
    _note("winner", send(second, "record_winner", user=desk, device="desk-form-1", winner=second.slot_a))
    _note("correction", send(_row(second), "correct_result", user=desk, device="desk-form-1", winner=second.slot_b,
                             reason="記入ミス"))
    brackets.disqualify(db.session.get(Entrant, third.slot_b), desk, "喫煙（会場ルール）")
    db.session.commit()
    return event


def build(desk):
    """Every part of the day; returns (events, matches to open)."""
    OUTCOMES.clear()
    kgp, de, finals = kgp_top4()
    event_templates.start(finals)
    db.session.commit()
    final_match = next(m for m in finals.brackets[0].matches if m.status == "ready")
    send(final_match, "report_game", position=0, winner="a", rounds_a=2, rounds_b=1, char_a="春麗")
    rows = [{"name": f"チーム{i}", "seed": i, "members": [(f"T{i}-{k}", "仁") for k in range(1, 6)]}
            for i in range(1, 9)]
    tekken = event_templates.create_from_template("tekken7_hiza_5on5", "膝まったり杯 走査", rows)
    db.session.commit()
    event_templates.start(tekken.phases[0], draw_seed="scan", draw_groups=True)
    db.session.commit()
    team, match = team_event()
    send(match, "coin_toss", device="phone-x", position=0, winner="a", choice="stage")
    send(match, "coin_toss", device="phone-y", position=0, base_version=1, winner="b", choice="side", side_of_winner="1P")
    send(match, "name_player", device="phone-x", position=1, side="a", member_id=member_ids(match, "a")[0], blind=True)
    days = [kgp_acts(desk), tekken_penalties(desk), held_and_conflicts(), results_day(desk)]
    return [kgp, tekken, team] + days, [final_match, match]
