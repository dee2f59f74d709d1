"""The pipeline takes `Entry` only, built at the edge; tests write entries as a phone's outbox sends
them (dicts) and hand them over here, read the way the push reads a phone's (Entry.from_wire)."""
from webapp.operations import submit as pipeline
from webapp.services.entries.entry import Entry


def as_entry(op) -> Entry:
    """An entry as it is; a dict read as a phone's outbox sends it."""
    return op if isinstance(op, Entry) else Entry.from_wire(op)


def submit(op, user):
    return pipeline.submit(as_entry(op), user)


def submit_many(ops, user, also=None):
    return pipeline.submit_many([as_entry(op) for op in ops], user, also=also)
