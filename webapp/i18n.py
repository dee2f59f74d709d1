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


def translate_violation(violation) -> str:
    """A RuleViolation's message in the reader's language, with its values filled in."""
    text = gettext(violation.message)
    try:
        return text % violation.params if violation.params else text
    except (KeyError, TypeError, ValueError):
        return text


def init_i18n(app: Flask) -> None:
    """Expose the language helpers to templates."""
    from flask_babel import get_locale, refresh

    # Flask-Babel caches the locale on `g`, which outlives a request when an app
    # context is already pushed (CLI commands, tests): choose it afresh each time.
    app.before_request(refresh)

    @app.context_processor
    def _lang():
        return {"current_lang": str(get_locale()), "languages": app.config["LANGUAGES"]}
