"""Entry kinds, each registered once and whole: one module here per family of kinds.

A kind is one `EntryKind` record (webapp/tournament/entry_kinds.py): its label and refusal words,
its flags, its payload schema and its decider, all given at registration and frozen after. Every
decider has one shape, ``decider(batch, entry, match, user) -> (Outcome, conflict reason or None)``,
``match`` being the locked match (None for a kind that needs none), so decide.py calls the kind's
own and asks nothing else about it.

- play.py: the match-play kinds, one per action of the domain (tournament/play/actions.py),
  each with its schema (services/entries/payloads.py) and decide_match;
- desk.py: the desk's results, corrections, conflict decisions and walkovers taken back;
- calls.py: a match put on a station, a request to the desk;
- entrants.py: check-in, DQ, withdrawal and their undoing.

Adding a kind: its record in one of these modules, or a new module here (every module is loaded);
a new match-play kind is its action class and its schema. tests/service/test_entry_kinds.py fails on a
kind missing any part.
"""
from ...tournament.registry import load_modules

load_modules(__name__, __path__)
