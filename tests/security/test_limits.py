"""Request size limits per route, refused from the declared length before the body is read."""
import io

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.web import limits


class ExplodingInput(io.RawIOBase):
    """A body that fails the test if anyone reads it."""

    def readable(self):
        return True

    def seekable(self):
        return True  # the test client rewinds the body before the request; reading it is the fault

    def seek(self, offset, whence=io.SEEK_SET):
        return 0

    def readinto(self, buffer):
        raise AssertionError("the body was read")


def _post_unread(client, path: str, declared: int, content_type="application/x-www-form-urlencoded"):
    return client.post(path, input_stream=ExplodingInput(), headers={"Content-Type": content_type},
                       environ_overrides={"CONTENT_LENGTH": str(declared)})


@pytest.mark.parametrize("path", ["/login", "/e/any-event/staff-login", "/account/password", "/logout"])
def test_sign_in_takes_a_few_kb_and_refuses_more_unread(client, path):
    response = _post_unread(client, path, 100 * 1024 * 1024)
    assert response.status_code == 413
    page = response.get_data(as_text=True)
    assert "8 KB" in page and "送信された内容が" in page  # in Japanese first, naming the limit


def test_csv_import_takes_2_mb_and_refuses_more_unread(desk_client):
    response = _post_unread(desk_client, "/desk/e/1/entrants", 3 * 1024 * 1024, "multipart/form-data; boundary=x")
    assert response.status_code == 413
    assert "2 MB" in response.get_data(as_text=True)
    response = _post_unread(desk_client, "/desk/new", 100 * 1024 * 1024, "multipart/form-data; boundary=x")
    assert response.status_code == 413


def test_a_sync_batch_over_its_limit_gets_a_json_answer_in_words(client):
    response = _post_unread(client, "/sync/ops", 2 * 1024 * 1024, "application/json")
    assert response.status_code == 413
    body = response.get_json()
    assert body["error"] == "too_large" and body["limit"] == limits.BODY_LIMITS["sync"][1]
    assert "1 MB" in body["message"]


def test_a_mirror_push_over_its_limit_is_refused_unread(client):
    response = _post_unread(client, "/mirror/api/push", 60 * 1024 * 1024, "application/json")
    assert response.status_code == 413 and response.get_json()["error"] == "too_large"


def test_english_message_names_the_limit(client):
    client.get("/?lang=en")  # the language is kept in the session
    response = _post_unread(client, "/login", 10**6)
    assert "larger than 8 KB" in response.get_data(as_text=True)


def test_limits_are_read_from_the_environment(monkeypatch):
    monkeypatch.setenv("TAIKAI_MAX_SIGNIN_BYTES", "4096")
    assert limits.configured_limits()["signin"] == 4096
    assert limits.configured_limits()["csv"] == limits.BODY_LIMITS["csv"][1]


def test_every_route_kind_is_known(app):
    for path, method, kind in [("/login", "POST", "signin"), ("/sync/ops", "POST", "sync"),
                               ("/mirror/api/push", "POST", "mirror"), ("/desk/e/3/entrants", "POST", "csv"),
                               ("/desk/match/3/winner", "POST", "form"), ("/nowhere", "POST", "form")]:
        assert limits.route_kind(app, path, method) == kind


@settings(max_examples=30, deadline=None)
@given(size=st.integers(min_value=1, max_value=64 * 1024 * 1024))
def test_a_readable_size_never_understates_by_more_than_rounding(size):
    # The limit people read rounds to whole KB or MB; it is never zero.
    text = limits.readable_size(size)
    number, unit = text.split(" ")
    assert int(number) >= 1 and unit in ("KB", "MB")
