"""Smash's stage striking on the players' own phones (issue 40.2): with self-report on, a player's match
page offers the same strikes, bans and stage choices the referee's form does, and the server checks
them by the same rules — a stage the strikes did not leave is refused in words next to the form; a
whole set reported this way and confirmed by the opponent ends as a referee's would."""
from game_events import form_game, title_event
from report_setups import player_phone

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.players import self_report

DESK = type("Desk", (), {"is_desk": True, "id": None})()


def _state(match_id):
    """The match as the player's page shows it: the report's own games, held until confirmed, played on it."""
    match = db.session.get(MatchRow, match_id)
    return self_report.state_for(match, self_report.live_report(match))


def test_players_strike_ban_and_pick_on_their_own_phones(app):
    app.config["WTF_CSRF_ENABLED"] = False
    event, match = title_event("ssbu")
    self_report.save_settings(event, True, "", DESK)
    db.session.commit()
    mine, theirs = player_phone(app, event, match.slot_a), player_phone(app, event, match.slot_b)
    page = mine.get(f"/e/{event.slug}/me/match/{match.id}").get_data(as_text=True)
    assert 'name="struck"' in page and "1-2-1" in page and "ストック" in page
    assert 'name="side_a"' not in page and "ダブルKO" not in page

    state = _state(match.id)
    wrong = form_game(state.rules, state, "ssbu", "a", 0, match)
    wrong.setlist("stage", ["Final Destination"])  # struck in the form's own strikes
    refused = mine.post(f"/e/{event.slug}/me/match/{match.id}/op", data=wrong)
    assert refused.status_code == 422 and 'data-testid="problem"' in refused.get_data(as_text=True)

    for n, winner in enumerate("aa"):
        db.session.expire_all()
        row, state = db.session.get(MatchRow, match.id), _state(match.id)
        fields = form_game(state.rules, state, "ssbu", winner, n, row)
        answer = mine.post(f"/e/{event.slug}/me/match/{match.id}/op", data=fields)
        assert answer.status_code == 302, answer.get_data(as_text=True)[-1500:]
        if n == 0:  # the next game asks the last game's winner for bans, on the reporting phone
            later = mine.get(f"/e/{event.slug}/me/match/{match.id}").get_data(as_text=True)
            assert 'name="banned"' in later or "相手の確認待ち" in later
    assert theirs.post(f"/e/{event.slug}/me/match/{match.id}/confirm").status_code == 302
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == match.slot_a
    games = [a for a in row.actions if a["kind"] == "report_game"]
    assert games[0]["struck"] and games[1]["banned"]
