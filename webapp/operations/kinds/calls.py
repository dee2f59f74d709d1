"""A match put on a station (a referee claims it, the desk assigns it) and a request to the desk."""
from ...services.day import checkin
from ...services.decisions import desk_requests
from ...tournament.entry_kinds import ENTRY_KINDS, EntryKind
from ...tournament.errors import N_


def _set_station(batch, op, match, user):
    return checkin.set_station(op, match, user), None


def _desk_request(batch, op, match, user):
    return desk_requests.send(op, match, user), None


ENTRY_KINDS.register(EntryKind("set_station", N_("Station"), _set_station, in_history=True))
ENTRY_KINDS.register(EntryKind(desk_requests.KIND, N_("Request to the desk"), _desk_request, offline_form=True))
