"""While the database server is away, a phone's /sync/ops is answered 503 JSON "busy" (send again,
as /sync/openapi.json promises) and a page says so in words, never a 500."""
from flask import json

from webapp import create_app


def test_while_the_database_is_away_sync_says_busy_and_pages_say_so(app, desk_client):
    session = desk_client.get_cookie("session").value
    away = create_app({"SQLALCHEMY_DATABASE_URI": "postgresql+psycopg://postgres@127.0.0.1:9/away",
                       "SECRET_KEY": app.config["SECRET_KEY"], "CACHE_DIR": app.config["CACHE_DIR"],
                       "TESTING": True, "WTF_CSRF_ENABLED": False,
                       "SQLALCHEMY_ENGINE_OPTIONS": {"connect_args": {"connect_timeout": 2}}})
    phone = away.test_client()
    phone.set_cookie("session", session)
    answer = phone.post("/sync/ops", data=json.dumps({"device_id": "phone-1", "ops": []}),
                        content_type="application/json")
    assert answer.status_code == 503 and answer.get_json()["error"] == "busy"
    page = away.test_client().get("/e/some-event")
    assert page.status_code == 503 and "データベース" in page.get_data(as_text=True)
