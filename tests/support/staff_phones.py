"""Helpers several test files share (moved from tests/security/conftest.py, where they were imported from)."""
from webapp.extensions import db
from webapp.services.accounts import users as accounts

PIN = "246813"


def staff_phone(app, event, name="山田", pin=PIN):
    """A new test client signed in as staff of this event (the PIN is set when missing)."""
    if not event.staff_pin_hash:
        accounts.set_staff_pin(event, pin)
        db.session.commit()
    phone = app.test_client()
    response = phone.post(f"/e/{event.slug}/staff-login", data={"name": name, "pin": pin})
    assert response.status_code == 302, response.get_data(as_text=True)[:300]
    return phone
