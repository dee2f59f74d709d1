"""Each entry kind's decider, registered once on the entry kinds' registry (tournament/entry_kinds.py).

The registry holds a kind's facts (label, words, flags, offline form: the domain's), its payload
schema (services/entries/payloads.py) and, from here, its decider. Every decider has one shape,
``decider(batch, entry, match, user) -> (Outcome, conflict reason or None)``, with ``match`` the
locked match (None for a kind that needs none), so decide.py calls the kind's own and asks nothing
else about it. Adding a kind: its facts in entry_kinds.py (or an action in tournament/play/),
its schema, and one line here; tests/service/test_entry_kinds.py fails on a kind missing any part.
"""
from ..services.day import checkin
from ..services.decisions import desk_requests, disqualifications
from ..tournament.entry_kinds import ENTRY_KINDS, kinds
from .decide import decide_desk, decide_match


def _on_entrant(service):
    """A kind the service decides on its entrant (check-in, DQ, withdrawal): the service's outcome."""
    def decided(batch, op, match, user):
        return service(op, user), None
    return decided


def _on_match(service):
    """A kind the service decides on the locked match (a station call, a request to the desk)."""
    def decided(batch, op, match, user):
        return service(op, match, user), None
    return decided


DECIDERS = {
    **dict.fromkeys(kinds(play=True), decide_match),
    **dict.fromkeys(kinds(play=False, desk_only=True, needs_match=True), decide_desk),
    "set_station": _on_match(checkin.set_station),
    desk_requests.KIND: _on_match(desk_requests.send),
    "check_in": _on_entrant(checkin.apply),
    **dict.fromkeys(disqualifications.KINDS, _on_entrant(disqualifications.apply)),
}
for _kind, _decider in DECIDERS.items():
    ENTRY_KINDS[_kind].decider = _decider
