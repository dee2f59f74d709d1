"""How many wrong staff PINs one client may try before the sign-in throttle answers 429.

Builds an app on a scratch SQLite database (memory limiter, or Redis when REDIS_URL
is set), an event with a generated PIN, then sends wrong PINs from one address until
the throttle refuses; then the right PIN from that address must be refused too, and
the right PIN from another address must still sign in (no stranger locks anyone out).
Prints the figure on the last line.
"""
import os
import sys
import tempfile

sys.path.insert(0, os.path.join(os.path.dirname(__file__), ".."))


def main() -> None:
    """Run the probe and print how many wrong PINs got through before the lockout."""
    from flask_migrate import upgrade

    from webapp import create_app
    from webapp.extensions import db
    from webapp.services.accounts import users as accounts
    from webapp.services.setup import events

    path = os.path.join(tempfile.mkdtemp(), "throttle.sqlite3")
    app = create_app({"TESTING": True, "SECRET_KEY": "bench", "WTF_CSRF_ENABLED": False,
                      "SQLALCHEMY_DATABASE_URI": f"sqlite:///{path}"})
    with app.app_context():
        upgrade()
        app.extensions["taikai_limiter"].reset()
        event = events.create_event("スロットル計測", "kgp2025")
        pin = accounts.set_staff_pin(event)
        db.session.commit()
        client, url = app.test_client(), f"/e/{event.slug}/staff-login"
        env = {"REMOTE_ADDR": "203.0.113.7"}
        wrong = "000000" if pin != "000000" else "111111"
        tried = 0
        while tried < 200 and client.post(url, data={"name": "x", "pin": wrong}, environ_base=env).status_code != 429:
            tried += 1
        right = client.post(url, data={"name": "x", "pin": pin}, environ_base=env).status_code
        other = app.test_client().post(url, data={"name": "y", "pin": pin},
                                       environ_base={"REMOTE_ADDR": "198.51.100.4"}).status_code
        app.extensions["taikai_limiter"].reset()
    print(f"right PIN after the lockout: HTTP {right}; from another address: HTTP {other}")
    print(f"wrong PINs accepted for checking before the throttle engaged (one client): {tried}")
    from bench.record import command_line, record
    record("throttle", command_line("throttle.py"),
           f"{tried} wrong PINs before 429; right PIN from another address: HTTP {other}",
           "≤ 10, and the other address signs in", tried <= 10 and other in (302, 303))


if __name__ == "__main__":
    main()
