"""A NUL in an address: a 400 in words, never a 500 (PostgreSQL refuses a NUL in any text it is
asked about, and the page and poll gates and the public views ask with the address's slug)."""
import pytest
from werkzeug.test import Client


@pytest.mark.parametrize("url", ["/e/%00", "/e/%00/phase/1", "/e/%00/standings", "/e/x%00y/schedule"])
def test_a_nul_in_the_address_is_refused_in_words(app, url):
    for headers in ({}, {"HX-Request": "true", "If-None-Match": '"a"'}):
        answer = Client(app, use_cookies=False).get(url, headers=headers)
        assert answer.status_code == 400, (url, answer.status_code)
        assert "NUL" in answer.get_data(as_text=True)


def test_an_id_past_the_largest_row_id_is_a_404(app):
    for headers in ({}, {"HX-Request": "true", "If-None-Match": '"a"'}):
        answer = Client(app, use_cookies=False).get("/e/x/phase/99999999999999999999999", headers=headers)
        assert answer.status_code == 404


@pytest.mark.parametrize("url", ["/?q=%00", "/e/x/phase/1?view=%00", "/e/x/players?q=%00"])
def test_a_nul_in_a_query_is_never_a_500(app, url):
    assert Client(app, use_cookies=False).get(url).status_code < 500
