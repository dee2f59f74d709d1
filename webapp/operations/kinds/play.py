"""The match-play kinds: one per action of the domain, its payload schema, decided on the match."""
from ...services.entries.payloads import ACTION_SCHEMAS
from ...tournament.entry_kinds import ENTRY_KINDS, EntryKind
from ...tournament.play.actions import ACTIONS
from ..decide import decide_match

for _action in ACTIONS.values():
    ENTRY_KINDS.register(EntryKind.of_action(_action, ACTION_SCHEMAS[_action.kind], decide_match))
