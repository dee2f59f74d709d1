"""The operation pipeline as the services reach it: submit entries, or log one a service applied itself.

A player's self check-in, withdrawal and self-report, and the simulator, make entries that go
through the same pipeline as the phones' (one log, one replay, one mirror). The pipeline sits
above the services, so it registers its functions here when the app starts
(webapp/operations.init_app) and the services never import it.
"""
from collections.abc import Callable

_HOOKS: dict[str, Callable] = {}


def register(**hooks: Callable) -> None:
    """The pipeline's submit, submit_many and record (called by operations.init_app)."""
    _HOOKS.update(hooks)


def _hook(name: str) -> Callable:
    try:
        return _HOOKS[name]
    except KeyError:
        raise RuntimeError(f"the operation pipeline has not registered {name}: build the app first") from None


def submit(op, user):
    """Decide one entry in its own transaction, as a phone's (operations/submit.submit); its Outcome."""
    return _hook("submit")(op, user)


def submit_many(ops: list, user) -> list:
    """Decide entries in one batch, as a phone's sync (operations/submit.submit_many); their Outcomes."""
    return _hook("submit_many")(ops, user)


def record(op, user, outcome, reason: str | None):
    """Log an entry a service applied itself with its outcome (operations/log.record)."""
    return _hook("record")(op, user, outcome, reason)
