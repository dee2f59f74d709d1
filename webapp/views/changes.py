"""A change made from a page: one transaction, committed, or rolled back with the refusal flashed."""
from flask import flash

from ..extensions import db
from .errors import problem_message


def run_change(action):
    """Run a change in one transaction: commit and True, or roll back, flash why and False."""
    try:
        action()
        db.session.commit()
        return True
    except Exception as problem:  # noqa: BLE001 - only the known kinds are shown; others re-raise
        db.session.rollback()
        message = problem_message(problem)
        if message is None:
            raise
        flash(message, "error")
        return False
