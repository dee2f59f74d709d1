"""Forms posted without their CSRF token and every limit's count started from none, for one test
(`fresh_limits`); or only the counts started from none, the CSRF check kept (`fresh_counters`)."""
import pytest


@pytest.fixture(autouse=True)
def fresh_limits(app):
    """Autouse in each module that imports it: the sign-up's and sign-in's limits count this test's posts only."""
    app.config["WTF_CSRF_ENABLED"] = False
    app.extensions["taikai_limiter"].reset()
    yield
    app.extensions["taikai_limiter"].reset()
    app.config["WTF_CSRF_ENABLED"] = True


@pytest.fixture(autouse=True)
def fresh_counters(app):
    """Autouse in each module that imports it: the sign-in throttle and every limit count this test's posts only."""
    app.extensions["taikai_limiter"].reset()
    yield
    app.extensions["taikai_limiter"].reset()
