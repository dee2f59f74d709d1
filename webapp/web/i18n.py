"""Language choice (Japanese first) and translation of domain messages."""
from flask import Flask, request
from flask_babel import gettext

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


def translate_violation(violation, sides: dict | None = None) -> str:
    """A RuleViolation's message in the reader's language, with its values filled in.

    String values are translated too (the domain passes msgids such as "The coin toss"),
    and a side code "a"/"b" becomes the team's or player's name when `sides` gives them.
    """
    text = gettext(violation.message)
    params = {k: _named(k, v) if k in CHARACTER_PARAMS + ("stage",) else _value(v, sides)
              for k, v in (violation.params or {}).items()}
    try:
        return text % params if params else text
    except (KeyError, TypeError, ValueError):
        return text


CHARACTER_PARAMS = ("char_a", "char_b", "before", "after", "registered", "character")


def _named(key: str, value):
    """A character or stage a refusal names, in the reader's language (as typed when the catalogue lacks it)."""
    from flask_babel import get_locale

    from ..tournament.games import shipped_entry
    kind = "stages" if key == "stage" else "characters"
    entry = shipped_entry(kind, value) if isinstance(value, str) else None
    return entry.name(str(get_locale() or "")) if entry else value


def _value(value, sides):
    if sides and isinstance(value, str) and value in sides:
        return sides[value]
    if sides and isinstance(value, str) and ", " in value and all(v in sides for v in value.split(", ")):
        return ", ".join(sides[v] for v in value.split(", "))  # a list of match keys
    return gettext(value) if isinstance(value, str) and value else value


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
