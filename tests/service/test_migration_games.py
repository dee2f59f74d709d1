"""The catalogue's migration: event.game's free text becomes the catalogue key it names."""
from flask_migrate import downgrade, upgrade
from sqlalchemy import text

from webapp import create_app
from webapp.extensions import db


def test_known_game_names_become_catalogue_keys(tmp_path):
    app = create_app({"TESTING": True, "SECRET_KEY": "test",
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'games.sqlite3'}"})
    rows = [("TEKKEN 7", "tekken7_hiza"), ("KGP2025 1on1", "kgp2025"), ("", "tekken7_hiza"), ("", "kgp2025"),
            ("鉄拳8", "kgp2025"), ("Puyo Puyo", "kgp2025"), ("", "")]
    with app.app_context():
        upgrade(revision="4c8e2f7a9b15")
        with db.engine.begin() as conn:
            for i, (game, ruleset) in enumerate(rows, start=1):
                conn.execute(text("INSERT INTO event (id, slug, name, game, ruleset, entrant_kind, team_size, "
                                  "staff_pin_generation, template, settings, version, entrants_version, created_at) "
                                  "VALUES (:i, :slug, 'E', :game, :ruleset, 'player', 1, 0, '', '{}', 1, 1, "
                                  "'2026-05-03 14:05:00')"), {"i": i, "slug": f"e{i}", "game": game, "ruleset": ruleset})
        upgrade()
        with db.engine.connect() as conn:
            games = [r[0] for r in conn.execute(text("SELECT game FROM event ORDER BY id"))]
        assert games == ["tekken7", "fatal_fury_cotw", "tekken7", "fatal_fury_cotw", "tekken8", "Puyo Puyo", "other"]
        downgrade(revision="4c8e2f7a9b15")
        with db.engine.connect() as conn:
            tables = {r[0] for r in conn.execute(text("SELECT name FROM sqlite_master WHERE type='table'"))}
        assert "game_title" not in tables and "game_entry" not in tables
        db.session.remove()
        db.engine.dispose()
