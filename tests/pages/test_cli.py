"""The flask commands a TO uses: desk account, event from a template, demo."""
from webapp.extensions import db
from webapp.models import Event, User


def test_create_desk_account(app):
    result = app.test_cli_runner().invoke(args=["create-desk", "honbu"], input="long-password\nlong-password\n")
    assert result.exit_code == 0, result.output
    assert db.session.query(User).filter_by(username="honbu", role="desk").one().check_password("long-password")


def test_create_event_from_template_with_shift_jis_csv(app, tmp_path):
    path = tmp_path / "players.csv"
    path.write_bytes("\n".join(f"プレイヤー{i}" for i in range(1, 9)).encode("cp932"))
    result = app.test_cli_runner().invoke(args=["create-event", "kgp2025", "KGP 夜の部", str(path)])
    assert result.exit_code == 0, result.output
    event = db.session.query(Event).one()
    assert [p.key for p in event.phases] == ["de", "finals"] and len(event.entrants) == 8


def test_create_event_with_too_few_entrants_says_why(app, tmp_path):
    path = tmp_path / "teams.csv"
    path.write_text("チームA\nチームB\n", encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["create-event", "tekken7_hiza_5on5", "少なすぎ", str(path)])
    assert result.exit_code != 0 and "8" in result.output
    assert db.session.query(Event).count() == 0


def test_demo_loads_a_finished_a_running_and_an_unstarted_event(app):
    result = app.test_cli_runner().invoke(args=["demo"])
    assert result.exit_code == 0, result.output
    assert "password=" in result.output
    statuses = {e.template + ":" + e.name: [p.status for p in e.phases] for e in db.session.query(Event)}
    assert sorted(statuses.values()) == sorted([["done"] * 5, ["running", "draft"], ["draft", "draft"]])
