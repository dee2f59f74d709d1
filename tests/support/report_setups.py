"""Players' reports in every state the desk's conflicts page shows (issue 30), for page crawls."""
import uuid

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.players import report_versions, self_report
from webapp.services.setup import events

DESK = type("Desk", (), {"is_desk": True, "id": None})()


def _games(match_id: int, entrant_id: int, winner: str, char: str) -> None:
    """A whole 2-0 match entered by this player: a report, or their version of a disputed one."""
    rounds = {"rounds_a": 2, "rounds_b": 0} if winner == "a" else {"rounds_a": 0, "rounds_b": 2}
    for _ in range(2):
        report_versions.add_entry(db.session.get(MatchRow, match_id), entrant_id, str(uuid.uuid4()), "report_game",
                                  {"winner": winner, **rounds, "char_a": char, "char_b": "舞"})
        db.session.commit()


def self_report_event(name: str, on: bool = True,
                      names=("タロウ", "はなこ", "じろう", "<b>さぶろう</b>")) -> tuple:
    """A 4-player single elimination (best of 3) whose players may report their own matches, started."""
    event = events.create_event(name, "kgp2025")
    entrants.add_entrants(event, [{"name": n, "seed": i, "members": []} for i, n in enumerate(names, 1)])
    phase = events.add_phase(event, "本戦", "single_elimination", match_type="best_of", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    self_report.save_settings(event, on, "", DESK)
    db.session.commit()
    return event, phase


def waiting_and_disputed(name: str = "セルフ報告杯") -> tuple:
    """An event where one report waits for the opponent, and one is disputed with the opponent's own
    version (the desk's never-confirm clock: they stay on the conflicts page)."""
    event, phase = self_report_event(name)
    waiting, disputed = [m for m in phase.brackets[0].matches if m.status == "ready"][:2]
    _games(waiting.id, waiting.slot_a, "a", "テリー")
    _games(disputed.id, disputed.slot_a, "a", "テリー")
    self_report.dispute(db.session.get(MatchRow, disputed.id), disputed.slot_b, "<i>逆です</i>")
    db.session.commit()
    _games(disputed.id, disputed.slot_b, "b", "ギース")
    return event, waiting, disputed


def player_phone(app, event, entrant_id: int):
    """A new test client holding this entrant's personal link (opened once, as the card's QR does)."""
    from webapp.services.players import player_links

    token = player_links.issue(db.session.get(type(event.entrants[0]), entrant_id))
    db.session.commit()
    phone = app.test_client()
    assert phone.get(f"/e/{event.slug}/me/{token}").status_code == 302
    return phone
