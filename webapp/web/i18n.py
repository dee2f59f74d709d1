"""Language choice (Japanese first) and translation of domain messages."""
from flask import Flask, request

from ..services.entries.violation_words import CHARACTER_PARAMS, translate_violation  # noqa: F401  (views read it here)

# The choice lives in a cookie of its own, not in the session: the service worker fetches pages
# while a person switches language, and a session cookie written by one of those answers (a flash
# read, a new CSRF token) put the session of before the switch back — the page came up in ja.
LANG_COOKIE = "taikai_lang"
LANG_COOKIE_AGE = 60 * 60 * 24 * 365


def select_locale() -> str:
    """?lang= switches (and the answer remembers it), else the remembered choice, else ja."""
    from flask import current_app

    languages = current_app.config["LANGUAGES"]
    for chosen in (request.args.get("lang"), request.cookies.get(LANG_COOKIE)):
        if chosen in languages:
            return chosen
    return languages[0]


def _remember_choice(response):
    """An answer to ?lang= keeps the choice for the pages after it (on this browser, a year)."""
    from flask import current_app

    chosen = request.args.get("lang")
    if chosen in current_app.config["LANGUAGES"] and request.cookies.get(LANG_COOKIE) != chosen:
        response.set_cookie(LANG_COOKIE, chosen, max_age=LANG_COOKIE_AGE, samesite="Lax",
                            secure=request.is_secure, httponly=True)
    return response


def init_i18n(app: Flask) -> None:
    """Expose the language helpers to templates."""
    from flask_babel import get_locale, refresh

    # Flask-Babel caches the locale on `g`, which outlives a request when an app
    # context is already pushed (CLI commands, tests): choose it afresh each time.
    app.before_request(refresh)
    app.after_request(_remember_choice)

    @app.context_processor
    def _lang():
        return {"current_lang": str(get_locale()), "languages": app.config["LANGUAGES"]}
