"""Kinds on an entrant rather than a match: check-in, disqualification, withdrawal and their undoing.
Each service checks the entrant's event (and, for a DQ, the desk) itself."""
from ...services.day import checkin
from ...services.decisions import disqualifications
from ...tournament.entry_kinds import ENTRY_KINDS, EntryKind
from ...tournament.errors import N_


def _check_in(batch, op, match, user):
    return checkin.apply(op, user), None


def _standing(batch, op, match, user):
    return disqualifications.apply(op, user), None


ENTRY_KINDS.register(EntryKind("check_in", N_("Check-in"), _check_in, needs_match=False, locks="entrant"))
for _name, _label, _desk_only in (("disqualify", N_("Disqualification"), True),
                                  ("undo_dq", N_("Disqualification lifted"), True),
                                  ("withdraw", N_("Withdrawal"), False),
                                  ("undo_withdraw", N_("Back in the event"), False)):
    ENTRY_KINDS.register(EntryKind(_name, _label, _standing, desk_only=_desk_only, needs_match=False,
                                   locks="event"))
