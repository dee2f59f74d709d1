"""Errors the domain raises; each names the rule it enforces."""
from __future__ import annotations


def N_(message: str) -> str:
    """Mark a message for translation without translating it (the view does that)."""
    return message


class RuleViolation(Exception):
    """A rule forbids this entry.

    ``code`` is stable (``kgp.winner_changed_character``); ``message`` is an
    English msgid with ``%(name)s`` placeholders, translated by the view layer
    as ``gettext(v.message) % v.params``.
    """

    def __init__(self, code: str, message: str, **params):
        super().__init__(message % params if params else message)
        self.code = code
        self.message = message
        self.params = params

    def to_dict(self) -> dict:
        """A JSON-able form for the operation log and the phone."""
        return {"code": self.code, "message": self.message, "params": self.params}


class BracketError(RuleViolation):
    """A bracket operation is not possible (match not ready, not a participant...)."""
