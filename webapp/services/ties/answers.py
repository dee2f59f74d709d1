"""How a call to start.gg or Challonge can end besides an answer: each service's module raises these."""


class Refused(Exception):
    """The service answered with errors: its own words, kept for the desk."""


class Busy(Exception):
    """The service's rate limit answered (HTTP 429): send again later."""


class Unreachable(Exception):
    """No answer (offline, a timeout, the service down): send again later."""


class Malformed(Refused):
    """The service answered, but not in the shape its API documents (not JSON, a list where an object
    goes, too large): nothing of it is taken; shown to the desk like a refusal. ``message`` and ``params``:
    the sentence naming what was wrong, translatable (answer_shapes.worded), when there is one."""

    def __init__(self, words: str, message: str = "", **params):
        super().__init__(words)
        self.message, self.params = message, params
