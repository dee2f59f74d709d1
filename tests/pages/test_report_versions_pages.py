"""A disputed report with the opponent's own version, side by side for the desk, which picks (issue 30)."""
from report_setups import player_phone, self_report_event

from webapp.extensions import db
from webapp.models import MatchRow, Operation, PlayerReport
from webapp.services.players import self_report


def _disputed(app):
    """タロウ reports 2-0 for himself, はなこ says no; both phones."""
    app.config["WTF_CSRF_ENABLED"] = False
    event, phase = self_report_event("言い分杯", names=("タロウ", "はなこ", "じろう", "さぶろう"))
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    taro, hanako = (player_phone(app, event, e) for e in (match.slot_a, match.slot_b))
    for position in (0, 1):
        assert _game(taro, event, match, position, "2-0", "テリー").status_code == 302
    assert hanako.post(f"/e/{event.slug}/me/match/{match.id}/dispute", data={"note": "逆です"}).status_code == 302
    return event, match, taro, hanako



def _game(phone, event, match, position, score, char_a):
    return phone.post(f"/e/{event.slug}/me/match/{match.id}/op",
                      data={"kind": "report_game", "position": position, "score": score,
                            "char_a": char_a, "char_b": "舞"})


def _hanakos_version(event, match, hanako):
    page = hanako.get(f"/e/{event.slug}/me/match/{match.id}?lang=en")
    assert "Your version, game by game" in page.text and 'data-testid="score-choices"' in page.text
    for position in (0, 1):
        assert _game(hanako, event, match, position, "0-2", "ギース").status_code == 302
    assert 'data-testid="version-sent"' in hanako.get(f"/e/{event.slug}/me/match/{match.id}").text


def test_the_opponent_enters_their_version_and_the_desk_picks_it(app, desk_client):
    event, match, taro, hanako = _disputed(app)
    _hanakos_version(event, match, hanako)
    assert db.session.get(MatchRow, match.id).status == "ready"  # neither version changes the match
    assert "Your version" not in taro.get(f"/e/{event.slug}/me/match/{match.id}?lang=en").text
    queue = desk_client.get("/desk/conflicts/?lang=ja").text
    opponent = queue.split('data-testid="report-version-opponent"')[1].split("</div>")[0]
    assert "ギース" in opponent and "0–2" in opponent and "逆です" in opponent
    assert "テリー" in queue.split('data-testid="report-version-reporter"')[1].split("</div>")[0]
    assert "The opponent's version counts" in desk_client.get("/desk/conflicts/?lang=en").text
    version = db.session.query(PlayerReport).filter_by(match_id=match.id, status="version").one()
    assert desk_client.post(f"/desk/self-report/{version.id}/apply-version").status_code == 302
    db.session.expire_all()
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == match.slot_b
    assert {o.device_id for o in db.session.query(Operation).filter_by(match_id=match.id)} == {f"player-{match.slot_b}"}
    assert {r.status for r in db.session.query(PlayerReport).filter_by(match_id=match.id)} == {"discarded", "confirmed"}
    assert 'data-testid="player-report"' not in desk_client.get("/desk/conflicts/").text


def test_the_desk_keeps_the_report_or_discards_both(app, desk_client):
    event, match, taro, hanako = _disputed(app)
    _hanakos_version(event, match, hanako)
    report = self_report.event_reports(event, ("disputed",))[0]
    assert desk_client.post(f"/desk/self-report/{report.id}/discard").status_code == 302
    db.session.expire_all()
    assert {r.status for r in db.session.query(PlayerReport).filter_by(match_id=match.id)} == {"discarded"}
    assert db.session.get(MatchRow, match.id).status == "ready" and not db.session.get(MatchRow, match.id).actions
    # entered again by the reporter; the desk keeps it this time, and the version answering nothing is refused
    for position in (0, 1):
        _game(taro, event, match, position, "2-0", "テリー")
    hanako.post(f"/e/{event.slug}/me/match/{match.id}/dispute", data={"note": ""})
    _hanakos_version(event, match, hanako)
    report = self_report.event_reports(event, ("disputed",))[0]
    version = db.session.query(PlayerReport).filter_by(match_id=match.id, status="version").one()
    assert desk_client.post(f"/desk/self-report/{report.id}/apply").status_code == 302
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_a
    assert db.session.get(PlayerReport, version.id).status == "discarded"
    assert desk_client.post(f"/desk/self-report/{version.id}/apply-version").status_code == 302
    db.session.expire_all()
    assert db.session.get(MatchRow, match.id).winner_id == match.slot_a


def test_a_version_is_refused_after_it_is_sent_and_the_reporter_cannot_make_one(app, client):
    event, match, taro, hanako = _disputed(app)
    _hanakos_version(event, match, hanako)
    again = _game(hanako, event, match, 2, "0-2", "ギース")
    assert again.status_code == 422 and "desk" in hanako.get(f"/e/{event.slug}/me/match/{match.id}?lang=en").text
    assert _game(taro, event, match, 2, "2-0", "テリー").status_code == 422
