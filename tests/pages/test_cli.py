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


def test_create_event_from_an_event_file_and_from_a_preset(app, tmp_path):
    spec = tmp_path / "weekly.toml"
    spec.write_text('name = "Tekken 8 weekly #12"\ngame = "tekken8"\n\n[[phases]]\nname = "Bracket"\n'
                    'format = "double_elimination"\n', encoding="utf-8")
    sheet = tmp_path / "players.csv"
    sheet.write_text("\n".join(f"P{i}" for i in range(1, 9)), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["create-event", "--spec", str(spec), str(sheet)])
    assert result.exit_code == 0, result.output
    assert "/e/tekken-8-weekly-12 with 8 entrants, 1 phases" in result.output
    result = app.test_cli_runner().invoke(args=["create-event", "--preset", "kgp2025", "--name", "KGP night", str(sheet)])
    assert result.exit_code == 0, result.output
    assert db.session.query(Event).filter_by(slug="kgp-night").one().template == "kgp2025"


def test_a_refused_event_file_names_the_line_on_the_command_line(app, tmp_path):
    spec = tmp_path / "bad.toml"
    spec.write_text('name = "x"\n\n[[phases]]\nname = "A"\nformat = "swiss"\nbest_of = 2\n', encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["create-event", "--spec", str(spec)])
    assert result.exit_code != 0 and "Line 6: phases[1].best_of" in result.output
    assert db.session.query(Event).count() == 0


def test_an_event_file_printed_on_the_command_line_makes_the_same_event(app, tmp_path):
    runner = app.test_cli_runner()
    assert runner.invoke(args=["create-event", "--preset", "swiss_top8", "--name", "Swiss night"]).exit_code == 0
    printed = runner.invoke(args=["event-file", "swiss-night"])
    assert printed.exit_code == 0 and 'name = "Swiss night"' in printed.output
    path = tmp_path / "swiss.toml"
    path.write_text(printed.output.replace("Swiss night", "Swiss night 2"), encoding="utf-8")
    assert runner.invoke(args=["create-event", "--spec", str(path)]).exit_code == 0
    again = runner.invoke(args=["event-file", "swiss-night-2"]).output
    assert again == printed.output.replace("Swiss night", "Swiss night 2")
    assert runner.invoke(args=["event-file", "nothing"]).exit_code != 0


def test_a_deeply_nested_event_file_is_refused_in_words_on_the_command_line(app, tmp_path):
    for name, text in (("lists.toml", "a = " + "[" * 20000), ("tables.toml", "a = " + "{b=" * 10000)):
        spec = tmp_path / name
        spec.write_text(text, encoding="utf-8")
        result = app.test_cli_runner().invoke(args=["create-event", "--spec", str(spec)])
        assert result.exit_code != 0 and "nests lists or tables" in result.output
        assert not isinstance(result.exception, RecursionError)
    assert db.session.query(Event).count() == 0
