"""I1 — a game stays with the players who played it (issue 16's W1.4 / W2.2 case and its kin).

A correction, a DQ, its undo or a void that changes who reached a match undoes that match's
entries (kept in the log, flagged undone with the reason, the phone told) and the match
starts again with its new players; the previews name exactly those matches and games.
"""
from play_support import send, team_event

from webapp.extensions import db
from webapp.models import Entrant, MatchRow, Operation
from webapp.operations.log import undone_entries
from webapp.services.decisions import corrections
from webapp.services.matches import bracket_rows, brackets


def _row(match):
    return db.session.get(MatchRow, match.id)


def _kgp8():
    """Eight players, single elimination, best of 3 (KGP rules); returns (event, first match)."""
    return team_event("best_of", "kgp2025", size=1, teams=8)


def _win(match, side, device="phone-1", user=None, score=(2, 0), **kw):
    a, b = score if side == "a" else score[::-1]
    return send(match, "report_game", device=device, user=user, winner=side, rounds_a=a, rounds_b=b, **kw)


def _next_match(first):
    """The round-2 match the first match feeds, once the round-1 partner is decided (desk result)."""
    bracket = _row(first).bracket
    target_key = _row(first).winner_to[0]
    partner = next(m for m in bracket.matches if m.winner_to and m.winner_to[0] == target_key and m.id != first.id)
    if partner.status == "ready":
        brackets.record_winner(partner, partner.slot_a)
        db.session.commit()
    return next(m for m in bracket.matches if m.key == target_key)


def _played_w1_and_started_w2(desk_user):
    """W1.4: 翔 (side a) 2–0; W2.2 game 1 won by the other player 2–1, 翔 losing."""
    _, first = _kgp8()
    _win(first, "a", user=desk_user)
    _win(first, "a", user=desk_user)
    sho, pugera = _row(first).slot_a, _row(first).slot_b
    second = _next_match(first)
    sho_side = "a" if _row(second).slot_a == sho else "b"
    other = "b" if sho_side == "a" else "a"
    game = _win(second, other, device="phone-2", user=desk_user, score=(2, 1), position=0)
    assert game.outcome == "applied"
    return first, second, sho, pugera, game


def _correct(match, winner, user, **kw):
    return send(match, "correct_result", user=user, device="desk", winner=winner, reason="審判の記入ミス", **kw)


def test_correction_undoes_the_game_played_by_the_old_player_and_restarts_the_next_match(app, desk_user):
    first, second, sho, pugera, game = _played_w1_and_started_w2(desk_user)
    preview = corrections.preview(_row(first), pugera)
    assert [m.id for m in preview.restarted] == [second.id]
    promised = corrections.games_undone(_row(second))
    other = next(e for e in (_row(second).slot_a, _row(second).slot_b) if e != sho)
    assert [(g["number"], g["winner"]) for g in promised] == [(1, other)]

    corrected = _correct(first, pugera, desk_user)
    assert corrected.outcome == "applied" and corrected.code == "bracket.restarted"
    assert corrected.params == {"matches": second.key}          # the desk is shown the list
    after = _row(second)
    assert pugera in (after.slot_a, after.slot_b) and sho not in (after.slot_a, after.slot_b)
    assert after.actions == [] and after.status == "ready" and after.flagged == bracket_rows.RESTART_FLAG
    logged = db.session.query(Operation).filter_by(op_id=game.op_id).one()
    assert logged.outcome == "applied" and logged.undone
    assert logged.params["undone"]["code"] == "match.restarted"
    told = undone_entries("phone-2", desk_user.id)
    assert [o.op_id for o in told] == [game.op_id] and told[0].undone["params"] == {"games": 1}
    # what the preview promised is what happened: that match, that one game
    assert len(promised) == logged.params["undone"]["params"]["games"]


def test_after_the_restart_an_entry_made_on_the_old_players_is_a_conflict_and_a_fresh_one_applies(app, desk_user):
    first, second, _sho, pugera, _game = _played_w1_and_started_w2(desk_user)
    old_version = 1
    _correct(first, pugera, desk_user)
    late = _win(second, "a", device="phone-2", user=desk_user, position=1, base_version=old_version)
    assert late.outcome == "conflict" and late.code == "conflict.participants_changed"
    fresh = _win(second, "a", device="phone-3", user=desk_user, position=0)
    assert fresh.outcome == "applied" and len(_row(second).actions) == 1


def test_correction_page_lists_the_in_progress_match_with_its_game(app, desk_client, desk_user):
    first, second, _sho, pugera, _game = _played_w1_and_started_w2(desk_user)
    page = desk_client.get(f"/desk/match/{first.id}/correction?winner={pugera}")
    assert page.status_code == 200
    html = page.get_data(as_text=True)
    assert 'data-testid="restarted-matches"' in html and f'data-match-id="{second.id}"' in html
    assert html.count('data-testid="undone-game"') == 1


def test_decided_next_match_is_restarted_too_and_listed(app, desk_user):
    first, second, sho, pugera, _game = _played_w1_and_started_w2(desk_user)
    side = "a" if _row(second).slot_a != sho else "b"
    _win(second, side, device="phone-2", user=desk_user, position=1)
    assert _row(second).status == "done"
    preview = corrections.preview(_row(first), pugera)
    assert second.id in [m.id for m in preview.restarted] and second.id in [m.id for m in preview.played]
    assert _correct(first, pugera, desk_user, cascade=True).outcome == "applied"
    assert _row(second).actions == [] and _row(second).status == "ready"
    undone = db.session.query(Operation).filter_by(match_id=second.id, undone=True).count()
    assert undone == len(corrections.games_undone(second)) or undone == 2


def test_dq_of_a_player_in_progress_undoes_the_match_entries_as_its_preview_says(app, desk_user):
    _first, second, sho, _pugera, game = _played_w1_and_started_w2(desk_user)
    entrant = db.session.get(Entrant, sho)
    assert [m.id for m in corrections.dq_restarts(entrant)] == [second.id]
    brackets.disqualify(entrant, desk_user, "喫煙")
    db.session.commit()
    after = _row(second)
    assert after.status == "done" and after.walkover and after.actions == []
    assert db.session.query(Operation).filter_by(op_id=game.op_id).one().undone
    refused = _win(second, "a", device="phone-2", user=desk_user, position=0)
    assert refused.outcome == "rejected" and refused.code == "match.walkover"
    corrections.undo_dq(entrant, desk_user)
    db.session.commit()
    assert _row(second).status == "ready" and _row(second).actions == []


def test_void_that_flips_the_first_match_restarts_the_next_one(app, desk_user):
    _, first = _kgp8()
    _win(first, "a", user=desk_user)
    _win(first, "a", user=desk_user)
    second = _next_match(first)
    started = _win(second, "a", device="phone-2", user=desk_user, position=0)
    assert started.outcome == "applied"
    # the desk overrides W1 for the other side (a ruling on the spot): the winner changes
    flip = send(first, "override", user=desk_user, device="desk", winner="b", reason="反則の判明")
    assert flip.outcome == "applied", flip
    assert _row(second).actions == [] and _row(first).slot_b in (_row(second).slot_a, _row(second).slot_b)
    assert db.session.query(Operation).filter_by(op_id=started.op_id).one().undone


def test_the_restarted_match_history_shows_its_undone_game_and_its_phone_is_told(app, desk_client, desk_user):
    first, second, _sho, pugera, game = _played_w1_and_started_w2(desk_user)
    winner_side = "b" if _row(second).slot_a == _sho else "a"   # the same game 1 from a second phone
    twin = _win(second, winner_side, device="phone-3", user=desk_user, score=(2, 1), position=0)
    assert twin.outcome == "confirmed"
    _correct(first, pugera, desk_user)
    page = desk_client.get(f"/desk/match/{second.id}/correction").get_data(as_text=True)
    assert page.count('data-testid="history-undone"') == 2   # the game and its twin, kept in the log, undone
    told = desk_client.get("/sync/outcomes?device_id=phone-3&lang=en").get_json()["results"]
    mine = next(r for r in told if r["op_id"] == twin.op_id)
    assert mine["undone"]["code"] == "match.restarted" and "starts again" in mine["undone"]["message"]
