"""Forms posted without their CSRF token and every limit's count started from none, for one test."""
import pytest


@pytest.fixture(autouse=True)
def fresh_limits(app):
    """Autouse in each module that imports it: the sign-up's and sign-in's limits count this test's posts only."""
    app.config["WTF_CSRF_ENABLED"] = False
    app.extensions["taikai_limiter"].reset()
    yield
    app.extensions["taikai_limiter"].reset()
    app.config["WTF_CSRF_ENABLED"] = True
