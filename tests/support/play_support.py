"""Builders for match-play service tests: events with teams, operations from a 'phone'."""
import itertools
import uuid

from phone_entries import submit

from webapp.extensions import db
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events

CHARS = ["一八", "仁", "ポール", "キング", "ロウ"]
_seq = itertools.count(1)


def team_event(match_type="kachinuki", ruleset="tekken7_hiza_5on5", teams=2, size=5, best_of=3):
    """An event whose only phase is started; returns (event, first ready match)."""
    kind = "team" if size > 1 else "player"
    event = events.create_event("膝まったり杯 テスト", ruleset, entrant_kind=kind, team_size=size)
    rows = []
    for t in range(teams):
        members = [(f"{'AB'[t] if t < 2 else t}{i + 1}", CHARS[i] if size > 1 else "") for i in range(size)]
        rows.append({"name": f"チーム{'AB'[t] if t < 2 else t}", "seed": t + 1, "members": members})
    entrants.add_entrants(event, rows)
    phase = events.add_phase(event, "本戦", "single_elimination", match_type=match_type, best_of=best_of)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    return event, match


def member_ids(match, side):
    """Member ids of side a or b, in registration order."""
    from webapp.models import Entrant
    entrant = db.session.get(Entrant, match.slot_a if side == "a" else match.slot_b)
    return [m.id for m in entrant.members]


def send(match, kind, user=None, device="phone-1", position=None, base_version=None, **payload):
    """Submit one operation as a phone would; returns the Outcome."""
    if position is not None:
        payload["position"] = position
    op = {"op_id": str(uuid.uuid4()), "device_id": device, "seq": next(_seq), "kind": kind,
          "match_id": match.id, "base_version": base_version if base_version is not None else match.version,
          "payload": payload}
    outcome = submit(op, user)
    db.session.expire_all()
    return outcome


def kachinuki_ops(match, **fields) -> list[dict]:
    """A whole kachinuki won 5-0 by side a, as a phone queues it (fields added to every entry)."""
    a, b = member_ids(match, "a"), member_ids(match, "b")
    entries = [("coin_toss", {"winner": "a", "choice": "stage"}),
               ("name_player", {"side": "a", "member_id": a[0]}), ("name_player", {"side": "b", "member_id": b[0]})]
    for n in range(5):
        entries.append(("report_game", {"winner": "a", "rounds_a": 3, "rounds_b": 1}))
        if n < 4:
            entries.append(("name_player", {"side": "b", "member_id": b[n + 1]}))
    return [{"op_id": str(uuid.uuid4()), "device_id": "bench", **fields, "kind": kind, "match_id": match.id,
             "base_version": 1, "payload": {**payload, "position": i}} for i, (kind, payload) in enumerate(entries)]


def win(match, side, loser_rounds=0, **kw):
    """Report a Tekken game won 3-x by side."""
    ra, rb = (3, loser_rounds) if side == "a" else (loser_rounds, 3)
    return send(match, "report_game", winner=side, rounds_a=ra, rounds_b=rb, **kw)


def kgp_top4(players=8):
    """A KGP2025 event whose double elimination is played out chalk; returns (event, de, finals)."""
    from webapp.services.setup import event_templates

    rows = [{"name": f"選手{i}", "seed": i, "members": []} for i in range(1, players + 1)]
    event = event_templates.create_from_template("kgp2025", "KGP 決勝前", rows)
    db.session.commit()
    de, finals = event.phases
    event_templates.start(de)
    db.session.commit()
    play_chalk(de)
    return event, de, finals


def play_chalk(phase):
    """Record every ready match of a phase for the better seed until it is done."""
    seeds = {e.id: e.seed for e in phase.event.entrants}
    while phase.status != "done":
        match = next(m for b in phase.brackets for m in b.matches if m.status == "ready")
        brackets.record_winner(match, min((match.slot_a, match.slot_b), key=seeds.get))
        db.session.commit()
