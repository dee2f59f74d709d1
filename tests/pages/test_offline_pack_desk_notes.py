"""The offline pack carries each match as the server has it after the desk acted — a referee's decision, a
restart with new players, a game voided after later ones (waiting for the desk's ruling, then ruled) — and
what the desk did in the online page's words, in the reader's language (static/js/offline_desk.js shows them;
test_offline_follows_the_desk.py on the phone)."""
from game_events import staff_client
from play_support import member_ids, send, team_event, win

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.accounts import users as accounts


def _packed(client, event, match):
    db.session.expire_all()
    pack = client.get(f"/sync/pack/{event.id}").get_json()
    return next(m for p in pack["phases"] for b in p["brackets"] for m in b["matches"] if m["id"] == match.id)


def _game(match, winner, position, lost=0):
    """A Tekken 8 game under KGP rules (first to 2 rounds)."""
    rounds = (2, lost) if winner == "a" else (lost, 2)
    assert send(match, "report_game", winner=winner, rounds_a=rounds[0], rounds_b=rounds[1],
                position=position).outcome == "applied"


def _words(packed, kind):
    return [n["words"] for n in packed["notes"] if n["kind"] == kind]


def test_a_referees_decision_decides_the_packed_match_in_words(client):
    event, match = team_event("best_of", "kgp2025", size=1, teams=2)
    _game(match, "a", 0)
    decided = send(match, "override", winner="b", reason="機材トラブル", position=1)
    assert decided.outcome == "applied", decided
    packed = _packed(staff_client(client, event), event, match)
    assert packed["model"]["finished"] and packed["model"]["winner"] == "b" and not packed["ruling"]
    assert _words(packed, "override") == ["審判の判断（結果の決定）: 勝者: チームB (機材トラブル)"]


def test_a_void_after_later_games_waits_for_the_desk_then_its_ruling_is_said(client):
    desk = accounts.create_user("desk-notes", "desk-pass-123", role="desk")
    db.session.commit()
    event, match = team_event(teams=2)
    a, b = member_ids(match, "a"), member_ids(match, "b")
    for n, (kind, fields) in enumerate((("coin_toss", {"winner": "a", "choice": "stage"}),
                                        ("name_player", {"side": "a", "member_id": a[0], "blind": True}),
                                        ("name_player", {"side": "b", "member_id": b[0], "blind": True}))):
        send(match, kind, position=n, **fields)
    win(match, "a", position=3)
    send(match, "name_player", side="b", member_id=b[1], position=4)
    win(match, "a", position=5)
    assert send(match, "penalty", side="a", penalty="undeclared_change", game=0, position=6).outcome == "applied"
    client = staff_client(client, event)
    packed = _packed(client, event, match)
    assert packed["ruling"]
    assert _words(packed, "ruling") == [
        "第1ゲームが無効になりましたが、その後の第2ゲームを本来敗退していた選手が戦っています。先に本部の裁定が必要です"]
    assert send(match, "ruling", user=desk, device="desk", choice="replay", reason="審判判断", position=7).outcome == "applied"
    packed = _packed(client, event, match)
    assert not packed["ruling"] and _words(packed, "ruling") == []
    assert _words(packed, "ruled") == ["本部の裁定: 無効になったゲームから再開し、その後のゲームは取り消し (審判判断)"]


def test_a_restarted_match_is_packed_fresh_with_what_was_undone(client, desk_user):
    event, first = team_event("best_of", "kgp2025", size=1, teams=4)
    for match in [m for m in first.bracket.matches if m.status == "ready"]:
        _game(match, "a", 0)
        _game(match, "a", 1)
    db.session.expire_all()
    row = db.session.get(MatchRow, first.id)
    final = next(m for m in row.bracket.matches if m.key == row.winner_to[0])
    assert final.status == "ready"
    _game(final, "b", 0, lost=1)
    row = db.session.get(MatchRow, first.id)
    assert send(row, "correct_result", user=desk_user, device="desk", winner=row.slot_b, cascade=True,
                reason="記入ミス").outcome == "applied"
    packed = _packed(staff_client(client, event), event, final)
    assert packed["actions"] == 0 and packed["model"] is None and packed["plays"] == []
    (words,) = _words(packed, "restarted")
    assert words.startswith("本部で前の試合の結果が変わり、この試合は新しい対戦者で最初からやり直しです") and \
        words.endswith("取り消し: 第1ゲーム（1–2）")
