"""Setup refuses what cannot be played, when it is made: event, phase, rules and phase start.

Each refusal says what to change, in the reader's words (labels, never keys). A phase is
started only when every entrant's side passes the match type's own setup check, so no
phone meets a match that refuses every entry.
"""
from sqlalchemy import select
from sqlalchemy.orm import selectinload

from ...extensions import db
from ...models import Entrant
from ...tournament import play
from ...tournament.errors import N_, RuleViolation
from ...tournament.play import MATCH_TYPES
from ...tournament.rulesets import RULESETS
from ...tournament.rulesets.summary import best_of_list, best_of_words
from .. import ServiceError
from .rules import STANDARD, rules_for

TEAM_SIZES = range(2, 8)


def _refuse(code: str, message: str, **params):
    raise ServiceError(code, message, **params)


def check_event(entrant_kind: str, team_size: int, ruleset: str) -> None:
    """A team event has teams of 2–7 and team rules; an event of players has 1on1 rules."""
    preset = RULESETS.get(ruleset or STANDARD.get(entrant_kind, ""))
    if preset is None:
        _refuse("setup.rules_unknown", N_("Choose the event's rules from the list."))
    teams = [t for t in preset.match_types if MATCH_TYPES[t].team]
    if entrant_kind == "team":
        if team_size not in TEAM_SIZES:
            _refuse("setup.team_size", N_("A team has 2 to 7 members, not %(n)d: change the team size."),
                    n=team_size)
        if not teams:
            _refuse("setup.rules_for_players", N_("%(rules)s are for players, not teams: choose the "
                                                  "standard team rules (or another team rule set)."),
                    rules=preset.label)
    elif len(teams) == len(preset.match_types):
        _refuse("setup.rules_for_teams", N_("%(rules)s are for teams: choose the standard 1on1 rules "
                                            "(or another 1on1 rule set), or make it a team event."),
                rules=preset.label)


def check_phase(event, match_type: str, best_of: int, rules=None) -> None:
    """The phase's match type fits the event's entrants and rules, and its best-of the rules."""
    rules = rules or rules_for(event)
    mtype = MATCH_TYPES[match_type]
    if event.entrant_kind == "team" and not mtype.team:
        _refuse("setup.one_on_one_for_teams",
                N_("%(type)s is a 1on1 match, but this event's entrants are teams: choose a team "
                   "match type (Point format, Kachinuki or Representative match)."), type=mtype.label)
    if event.entrant_kind != "team" and mtype.team:
        _refuse("setup.team_type_for_players",
                N_("%(type)s is a team match, but this event's entrants are players: choose best "
                   "of games."), type=mtype.label)
    if match_type not in rules.match_types:
        _refuse("setup.type_not_in_rules",
                N_("%(rules)s do not play %(type)s matches: choose another match type or change "
                   "the event's rules."), rules=rules.label or rules.title, type=mtype.label)
    if match_type in ("best_of", "point_format") and best_of not in rules.best_of:
        _refuse("setup.best_of_not_in_rules",
                N_("These rules allow %(allowed)s, not %(n)s: choose one of those or change the games per "
                   "match in the rules."), allowed=best_of_list(rules.best_of), n=best_of_words(best_of))


def check_start(phase) -> None:
    """Refuse to start a phase whose matches would refuse their entries."""
    from ..matches.play import best_of_in
    rules = rules_for(phase.event, phase)
    check_phase(phase.event, phase.match_type, phase.best_of, rules)
    best_of = best_of_in(phase, "W")
    for entrant in _playing(phase.event_id):
        _check_side(phase, entrant, rules, best_of)


def _playing(event_id: int) -> list[Entrant]:
    """The event's entrants still in, with their members in the same read (a major: 4,096 of them)."""
    query = (select(Entrant).where(Entrant.event_id == event_id, Entrant.dq.is_(False))
             .options(selectinload(Entrant.members)).order_by(Entrant.id))
    return list(db.session.scalars(query))


def _sizes(match_type: str, rules) -> range:
    """How many members a side of this match type may have under the rules."""
    if match_type == "best_of":
        return range(1, 2)
    if match_type == "point_format":
        return range(rules.team_size, rules.team_size + rules.substitutes + 1)
    if match_type == "kachinuki":
        return range(rules.team_size, rules.team_size + 1)
    return range(1, 100)


def _check_side(phase, entrant, rules, best_of: int) -> None:
    """The entrant's member count, then its members against a copy of themselves (the match
    type's own setup check, whose words are kept)."""
    members = [play.Member(id=m.id, name=m.name, character=m.character) for m in entrant.members]
    sizes = _sizes(phase.match_type, rules)
    if len(members) not in sizes:
        _refuse("setup.team_size_mismatch",
                N_("%(name)s has %(count)d members, but %(type)s under these rules takes %(n)s: change "
                   "the team's members, the event's team size or the phase's match type."),
                name=entrant.name, count=len(members), type=MATCH_TYPES[phase.match_type].label,
                n="–".join(dict.fromkeys((str(sizes.start), str(sizes.stop - 1)))))
    mirror = [play.Member(id=-m.id - 1, name=m.name, character=m.character) for m in members]
    setup = play.MatchSetup(match_type=phase.match_type, ruleset=phase.event.ruleset, best_of=best_of,
                            side_a=members, side_b=mirror, rules=rules)
    try:
        play.start(setup)
    except RuleViolation as problem:
        raise ServiceError(problem.code, problem.message, **problem.params) from problem
