"""Sets played from referees' phones through the one push (phone_entries), as the venue's server takes them
whether or not the internet is there: each game as the phone's form offers it (game_events.form_game: the
title's score, characters, and for Smash the legal strikes and stage)."""
import itertools
import uuid

from game_events import form_game
from phone_entries import submit
from phone_sets import payload_of

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.matches import play

_seq = itertools.count(1)


def play_set(match_id: int, winner: str, game: str = "ssbu", device: str = "referee-tie") -> None:
    """The whole set won by ``winner`` ("a" or "b"), game by game."""
    for _ in range(9):
        db.session.expire_all()
        match = db.session.get(MatchRow, match_id)
        state = play.state_of(match)
        if state.finished:
            return
        fields = form_game(state.rules, state, game, winner, len(match.actions or []), match)
        last = next((g for g in reversed(state.games) if g.counted), None)
        kept = {"char_a": last.char("a"), "char_b": last.char("b")} if last is not None else {}
        op = {"op_id": str(uuid.uuid4()), "device_id": device, "seq": next(_seq), "kind": "report_game",
              "match_id": match_id, "base_version": match.version, "payload": {**payload_of(fields), **kept}}
        outcome = submit(op, None)
        assert outcome.outcome == "applied", outcome
    raise AssertionError(f"match {match_id} did not end")


def ready(phase_ids) -> list[MatchRow]:
    """The matches of these phases ready to play now, in bracket order."""
    from webapp.models import BracketRow
    db.session.expire_all()
    rows = db.session.query(MatchRow).join(BracketRow).filter(BracketRow.phase_id.in_(list(phase_ids))).all()
    return sorted((m for m in rows if m.status == "ready" and m.slot_a and m.slot_b),
                  key=lambda m: (m.bracket_id, m.round, m.index))
