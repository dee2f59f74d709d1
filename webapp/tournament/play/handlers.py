"""The table of each action kind's rule check and effect, filled by engine.py.

voids.py re-derives a match by re-applying its history through this table, and the table
holds voids' own ruling handlers: it lives below both, so neither imports the other.
"""
HANDLERS: dict = {}   # action class -> (check(state, act) -> act, effect(state, act))


def register(kind, check, effect) -> None:
    """Make ``kind``'s actions checked by ``check`` and applied by ``effect``."""
    HANDLERS[kind] = (check, effect)
