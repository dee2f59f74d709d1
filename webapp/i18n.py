"""Language choice (Japanese first) and translation of domain messages."""
from flask import Flask, request, session
from flask_babel import gettext


def select_locale() -> str:
    """The session's choice, else ja; ?lang= switches and remembers."""
    from flask import current_app

    languages = current_app.config["LANGUAGES"]
    chosen = request.args.get("lang")
    if chosen in languages:
        session["lang"] = chosen
    return session.get("lang") if session.get("lang") in languages else languages[0]


def translate_violation(violation, sides: dict | None = None) -> str:
    """A RuleViolation's message in the reader's language, with its values filled in.

    String values are translated too (the domain passes msgids such as "The coin toss"),
    and a side code "a"/"b" becomes the team's or player's name when `sides` gives them.
    """
    text = gettext(violation.message)
    params = {k: _value(v, sides) for k, v in (violation.params or {}).items()}
    try:
        return text % params if params else text
    except (KeyError, TypeError, ValueError):
        return text


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

    @app.context_processor
    def _lang():
        return {"current_lang": str(get_locale()), "languages": app.config["LANGUAGES"]}
