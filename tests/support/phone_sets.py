"""Sets played as a referee's phone sends them online: each game as the phone's form would offer it
(the title's score, characters a side, and for Smash the legal strikes, bans and stage:
game_events.form_game), pushed to /sync/ops with the phone's own session (its cookies, its CSRF token)."""
import itertools
import uuid

from game_events import form_game

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.matches import play

_seq = itertools.count(1)


def csrf(page) -> str:
    return page.locator("meta[name=csrf-token]").get_attribute("content")


def payload_of(fields) -> dict:
    """What the phone's outbox sends for a form's fields (views/staff/matches.expand_score)."""
    from werkzeug.datastructures import MultiDict

    from webapp.views.staff.matches import entry_fields, expand_score

    fields = entry_fields(MultiDict(fields))
    fields.pop("kind", None)
    fields.pop("base_version", None)
    expand_score(fields)
    return {k: (int(v) if k in ("position", "rounds_a", "rounds_b") else v) for k, v in fields.items()}


def play_set(page, url: str, match_id: int, winner: str, game: str = "ssbu") -> None:
    """The whole set won by ``winner``, game by game through the referee phone's push."""
    token = csrf(page)
    for _ in range(9):
        db.session.rollback()  # a new read: the server wrote since
        match = db.session.get(MatchRow, match_id)
        state = play.state_of(match)
        if state.finished:
            return
        position = len(match.actions or [])  # the match's next step, after what is recorded
        fields = form_game(state.rules, state, game, winner, position, match)
        kept = _kept_characters(state)
        op = {"op_id": str(uuid.uuid4()), "device_id": "referee-bulk", "seq": next(_seq), "kind": "report_game",
              "match_id": match_id, "base_version": match.version, "payload": {**payload_of(fields), **kept}}
        answer = page.request.post(f"{url}/sync/ops", data={"device_id": "referee-bulk", "ops": [op]},
                                   headers={"X-CSRFToken": token})
        outcome = answer.json()["results"][0]
        assert outcome["outcome"] == "applied", outcome
    raise AssertionError(f"match {match_id} did not end")


def _kept_characters(state) -> dict:
    """The characters of the last game, kept (always allowed: only a loser may change)."""
    last = next((g for g in reversed(state.games) if g.counted), None)
    return {"char_a": last.char("a"), "char_b": last.char("b")} if last is not None else {}


def ready(phase_id: int, leave_out=()) -> list[MatchRow]:
    """The matches ready to play now (both players there), in the bracket's order."""
    db.session.rollback()  # a new read: the server wrote since
    rows = db.session.query(MatchRow).join(MatchRow.bracket).filter_by(phase_id=phase_id).all()
    return sorted((m for m in rows if m.status == "ready" and m.slot_a and m.slot_b and m.id not in leave_out),
                  key=lambda m: (m.round, m.index))
