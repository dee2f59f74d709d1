"""Undoing a DQ: its walkovers are matches to play again, back in the queue with no old call
(a match called long ago must not show as over the no-show limit the moment the DQ is lifted)."""
from station_setups import called_long_ago, station_event

from webapp.extensions import db
from webapp.models import Entrant, MatchRow
from webapp.services.day import stations
from webapp.services.decisions import corrections
from webapp.services.matches import brackets


def test_undoing_a_dq_takes_the_reopened_match_off_its_old_call(app):
    event, (phase,) = station_event(players=8, fmt="single_elimination")
    match = called_long_ago(event, phase, minutes=30)
    assert stations.no_show_over(match)
    brackets.disqualify(db.session.get(Entrant, match.slot_a), reason="no show")
    db.session.commit()
    corrections.undo_dq(db.session.get(Entrant, match.slot_a))
    db.session.commit()
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.status == "ready" and row.station == "" and row.called_at is None
    assert not stations.no_show_over(row)
