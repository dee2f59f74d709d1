"""The rule set registry: the :class:`RuleSet` record and ``register``/``get_ruleset``.

Apart from the package so that a rule set module imports this and the package imports the
modules (no circle): ``webapp.tournament.rulesets`` loads every module it holds.
"""
from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Callable, Mapping

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.registry import Registry


@dataclass(frozen=True)
class RuleSet:
    """Everything a match needs to know about the event's rules."""

    name: str                     # registry key, "kgp2025"
    title: str                    # shown in messages, "KGP2025"
    match_types: tuple[str, ...]  # match types this event uses
    rounds_to_win: int            # a game is first to this many rounds
    best_of: tuple[int, ...] = (1,)           # allowed games per match (best_of only)
    best_of_by_phase: Mapping[str, int] = field(default_factory=dict)
    team_size: int = 1            # members per side in a kachinuki
    double_ko: bool = False       # a double K.O. at the full-set round counts
    character_lock: bool = False  # members play their registered character only
    stage_rule: str = "agreement"  # or "toss_then_loser"
    side_rule: str = "agreement"   # or "toss_fixed": the toss side holds all match
    coin_toss_required: tuple[str, ...] = ()  # match types that need the toss first
    replay_scope: str = "game"     # "game": replayed from scratch; "round": from the round
    penalties: Mapping[str, str] = field(default_factory=dict)  # kind -> effect
    acts: Mapping[str, str] = field(default_factory=dict)       # KGP prohibited acts
    # Penalty kinds whose disqualification lasts the whole day -> the rule, as a msgid.
    day_long: Mapping[str, str] = field(default_factory=dict)
    check_characters: Callable = None    # (state, report, members) -> None or raise
    voids_win: Callable = None           # (state, side, member_id, char) -> bool
    may_change: Callable = None          # (state) -> list of sides
    resolve_character: Callable = None   # (state, side, member_id, char) -> char
    label: str = ""               # msgid for choice lists, "KGP2025 (1on1)"
    reception_category: str = ""  # entrants recorded at the door as this category ("player")
    # The organiser's settings (settings.py names each choice); presets fill them in too.
    character_rule: str = "free"   # free | loser_changes | locked | double_blind
    double_ko_rule: str = "nobody"  # replayed | nobody (a round to nobody) | impossible
    penalty_names: Mapping[str, str] = field(default_factory=dict)  # kind -> name (msgid or as typed)
    entry_fee_yen: int = 0        # charged at the door only when set
    categories: tuple[str, ...] = ()  # entry categories the desk records, when set
    decider: bool = False         # point format: a tied count ends in a representative decider
    hidden_order: bool = False    # point format: each set's players are named blind
    substitutes: int = 0          # members a team may register beyond team_size
    preset: str = ""              # the registered rule set these rules were built from
    roll_call: bool = False       # kachinuki: the referee's roll call (absent members play last)
    # The game's shape (the title's, settings may change it): what a game's score counts, characters
    # per side and their order, whether 1P/2P exists, the stage striking rules (stage_rule "striking").
    score_unit: str = "rounds"    # "rounds" | "stocks" (the winner's stocks left)
    stocks: int = 0
    time_minutes: int = 0
    characters_per_side: int = 1
    character_order: bool = False
    sides: bool = True
    stage_striking: Any = None    # a stage_striking.StrikeRules when stage_rule is "striking"

    @property
    def game_score(self) -> int:
        """The winner's score of a game played out: its rounds to win, or its stocks."""
        return self.stocks if self.score_unit == "stocks" else self.rounds_to_win

    def games_for_phase(self, phase: str) -> int:
        """Games per match (best of N) in a phase of the event."""
        return self.best_of_by_phase.get(phase, self.best_of_by_phase.get("default", 1))


RULESETS = Registry("rule set")
register = RULESETS.register


def get_ruleset(name: str) -> RuleSet:
    """The registered rule set, or a RuleViolation naming the known ones."""
    try:
        return RULESETS[name]
    except KeyError:
        raise RuleViolation("ruleset.unknown", N_("Unknown rule set %(name)s (known: %(known)s)"),
                            name=name, known=", ".join(sorted(RULESETS))) from None

