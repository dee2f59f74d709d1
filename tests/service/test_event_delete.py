"""Deleting a started event (its name typed) removes every row of it, on SQLite and PostgreSQL: matches
played, players' reports, sign-ups, player links, stations, its mirror state, phones' sync marks."""
from datetime import datetime, timezone

from play_support import team_event
from sqlalchemy import func, select

from webapp.extensions import db
from webapp.models import Event, MatchRow, MirrorTarget, PhoneSync, PlayerReport, Signup
from webapp.services.day import stations
from webapp.services.matches import brackets
from webapp.services.players import player_links, signups
from webapp.services.setup import events

KEPT = {"operation", "audit", "mirror_link", "game_title", "game_entry", "alembic_version"}


def _counts() -> dict:
    return {t.name: db.session.execute(select(func.count()).select_from(t)).scalar()
            for t in db.metadata.sorted_tables}


def test_a_started_event_with_everything_in_it_is_deleted_whole(app):
    event, match = team_event("best_of", "kgp2025", size=1, teams=4)
    signups.set_settings(event, True, 8, None, [])
    stations.add_station(event, "1番台")
    db.session.commit()
    db.session.add(Signup(event_id=event.id, name=event.entrants[0].name, entrant_id=event.entrants[0].id))
    db.session.flush()
    player_links.issue(event.entrants[0])
    brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_a)
    now = datetime.now(timezone.utc)
    db.session.add_all([PlayerReport(event_id=event.id, match_id=match.id, entrant_id=match.slot_a),
                        MirrorTarget(event_id=event.id, url="https://mirror.example/", token="t" * 20),
                        PhoneSync(device_id="phone-1", event_id=event.id, last_sync_at=now)])
    db.session.commit()
    before = _counts()
    assert all(before[t] for t in ("match", "player_report", "signup", "player_link", "station", "mirror_target"))
    events.delete_event(event, event.name)
    db.session.commit()
    left = {name for name, count in _counts().items() if count and name not in KEPT}
    assert left == set() and db.session.query(Event).count() == 0


def test_a_wrong_name_is_refused_in_words_and_deletes_nothing(app):
    import pytest

    from webapp.services import ServiceError
    event, _ = team_event("best_of", "kgp2025", size=1, teams=2)
    with pytest.raises(ServiceError):
        events.delete_event(event, "ちがう名前")
    assert db.session.query(Event).count() == 1


def test_the_desk_deletes_a_played_event_without_an_error(desk_client):
    event, match = team_event("best_of", "kgp2025", size=1, teams=4)
    brackets.record_winner(db.session.get(MatchRow, match.id), match.slot_a)
    db.session.commit()
    answer = desk_client.post(f"/desk/e/{event.id}/delete", data={"confirm_name": event.name})
    assert answer.status_code == 302 and db.session.query(Event).count() == 0
