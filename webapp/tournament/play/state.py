"""The data of a match: its setup (read back from JSON with every value checked, as actions are:
actions.py), the games played and each side's roster."""
from __future__ import annotations

from dataclasses import asdict, dataclass, field, fields, replace
from typing import Any, Optional

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.actions import check_value, is_int
from webapp.tournament.play.sides import SIDES, other  # noqa: F401  (re-exported)


@dataclass
class Member:
    """A player of a side; 1-on-1 sides have exactly one member."""

    id: int
    name: str
    character: str = ""          # registered character ("" if free, e.g. KGP)
    change_declared: bool = False  # Tekken: change declared at reception


@dataclass
class MatchSetup:
    """What a match is before it starts: type, rule set, games, the two sides."""

    match_type: str
    ruleset: str
    best_of: int = 3
    side_a: list[Member] = field(default_factory=list)
    side_b: list[Member] = field(default_factory=list)
    lives_a: int = 0   # KGP qualifier advantage: handled by the bracket, kept for the record
    # Members disqualified for the whole day before this match (member id -> penalty kind):
    # the service passes the event's day-long DQs; they are out from the start.
    day_dq: dict[int, str] = field(default_factory=dict)
    # The RuleSet built from the event's settings (None: the registered ``ruleset`` as it is).
    # Not part of the JSON form: the service builds it again from the event.
    rules: Any = field(default=None, repr=False, compare=False)

    def members(self, side: str) -> list[Member]:
        """The members of one side."""
        return self.side_a if side == "a" else self.side_b


@dataclass(frozen=True)
class GameRecord:
    """One recorded game; ``winner`` is the result that counts (after any void)."""

    index: int
    member_a: Optional[int]
    member_b: Optional[int]
    char_a: str
    char_b: str
    rounds_a: int
    rounds_b: int
    played_winner: Optional[str]   # who won on the console; None for a double K.O.
    double_ko: bool = False
    stage: str = ""
    side_a: str = ""
    voided: bool = False           # the win was voided into a loss (Tekken character lock)
    decided_by: str = ""           # "" if played out, else the penalty that decided it
    replayed: bool = False         # double K.O. between the last players: played again
    counted: bool = True           # False if a later void had already ended the match
    at: int = -1                   # index in the history of the action that recorded it

    @property
    def winner(self) -> Optional[str]:
        """The side the game counts for."""
        if self.played_winner is None or not self.voided:
            return self.played_winner
        return other(self.played_winner)

    @property
    def loser(self) -> Optional[str]:
        """The side that lost the game (None for a double K.O.)."""
        return None if self.winner is None else other(self.winner)

    def member(self, side: str) -> Optional[int]:
        """The member who played for a side."""
        return self.member_a if side == "a" else self.member_b

    def char(self, side: str) -> str:
        """The character a side played."""
        return self.char_a if side == "a" else self.char_b

    def to_dict(self) -> dict:
        """A JSON-able form, with the counted winner."""
        return {**asdict(self), "winner": self.winner}


@dataclass
class SideState:
    """One side's roster and penalty counters during a match."""

    out: dict[int, str] = field(default_factory=dict)  # member id -> why out
    current: Optional[int] = None    # member playing (winner stays on); None: must name
    absent: set[int] = field(default_factory=set)
    late: set[int] = field(default_factory=set)        # absent at roll call: play last
    offences: int = 0      # KGP prohibited acts by this side's player in the match
    mistakes: int = 0      # consecutive selection mistakes (Tekken)
    awarded: int = 0       # rounds awarded to this side in the current game
    excused_char: bool = False   # KGP: the winner's change was recorded as act ①
    permitted: dict[int, str] = field(default_factory=dict)  # Tekken allowed changes

    def clone(self) -> "SideState":
        """A copy whose containers can be changed independently."""
        return SideState(dict(self.out), self.current, set(self.absent), set(self.late),
                         self.offences, self.mistakes, self.awarded, self.excused_char,
                         dict(self.permitted))


@dataclass
class MatchState:
    """A match after some actions; build it with ``start`` and ``apply``."""

    setup: MatchSetup
    rules: Any                       # the RuleSet
    mtype: Any                       # the match type (module namespace class)
    a: SideState = field(default_factory=SideState)
    b: SideState = field(default_factory=SideState)
    games: list[GameRecord] = field(default_factory=list)
    toss: Any = None                 # the CoinToss action, once made
    blind: bool = True               # the next naming is a blind select
    replay_of: Optional[int] = None  # game to replay under the same conditions
    result: Optional[tuple[str, str]] = None  # (winner or "", how)
    forced_score: Optional[tuple[int, int]] = None
    override_reason: str = ""
    history: list = field(default_factory=list)     # applied actions, in order
    penalties: list[dict] = field(default_factory=list)
    void_plan: frozenset = frozenset()   # history indices of games voided after the fact
    refold_games: Optional[dict] = None  # history index -> original game, while re-folding
    cursor: int = 0                  # history index of the action being applied
    undone: list[dict] = field(default_factory=list)  # entries a void undid, with the reason
    kept: frozenset = frozenset()    # history indices the desk kept as played after a void
    ruling: Optional[dict] = None    # a void waiting for the desk's ruling (see voids.py)
    sets: list = field(default_factory=list)  # point format: each finished set (point_format.py)

    def clone(self) -> "MatchState":
        """A copy that ``apply`` may change without touching this state."""
        return MatchState(self.setup, self.rules, self.mtype, self.a.clone(), self.b.clone(),
                          list(self.games), self.toss, self.blind, self.replay_of,
                          self.result, self.forced_score, self.override_reason,
                          list(self.history), list(self.penalties), self.void_plan, None,
                          self.cursor, list(self.undone), self.kept, self.ruling, list(self.sets))

    def side(self, side: str) -> SideState:
        """One side's roster."""
        return self.a if side == "a" else self.b

    def member(self, side: str, member_id: int) -> Member:
        """A member of a side by id, or a RuleViolation."""
        for m in self.setup.members(side):
            if m.id == member_id:
                return m
        raise RuleViolation("member.unknown", N_("Member %(member)s is not on side %(side)s"),
                            member=member_id, side=side)

    def members_in(self, side: str) -> list[int]:
        """Member ids of a side not yet out."""
        out = self.side(side).out
        return [m.id for m in self.setup.members(side) if m.id not in out]

    @property
    def finished(self) -> bool:
        """True once the match has a result (played out, forfeit, DQ or override)."""
        return self.result is not None

    @property
    def winner(self) -> Optional[str]:
        """The winning side, or None while the match runs."""
        return self.result[0] or None if self.result else None

    @property
    def score(self) -> tuple[int, int]:
        """Games won (best of N, representative) or opponents knocked out (kachinuki)."""
        if self.forced_score is not None:
            return self.forced_score
        return self.mtype.score(self)

    @property
    def fixed_side_a(self) -> Optional[str]:
        """Side A's 1P/2P when the toss fixed it for the whole match, else None."""
        toss = self.toss
        if self.rules.side_rule != "toss_fixed" or toss is None or toss.side_of_winner is None:
            return None
        if toss.winner == "a":
            return toss.side_of_winner
        return "2P" if toss.side_of_winner == "1P" else "1P"

    def prompt(self):
        """What the staff page shows before the next game."""
        from webapp.tournament.play.prompt import build_prompt
        return build_prompt(self)

    def to_dict(self) -> dict:
        """A JSON-able summary (rebuild the state itself with ``replay``)."""
        setup = asdict(replace(self.setup, rules=None))
        del setup["rules"]
        return {"setup": setup, "finished": self.finished, "winner": self.winner,
                "how": self.result[1] if self.result else "", "score": list(self.score),
                "override_reason": self.override_reason,
                "games": [g.to_dict() for g in self.games], "penalties": list(self.penalties),
                "history": [a.to_dict() for a in self.history], "undone": list(self.undone),
                "ruling": self.ruling, "sets": list(self.sets)}


def fresh(setup, rules, mtype) -> MatchState:
    """A match before any action."""
    state = MatchState(setup, rules, mtype)
    mtype.init(state)
    mtype.bar_for_the_day(state)
    return state


def check_setup(setup) -> None:
    """A match setup's fields and members have the types the match types expect."""
    what = N_("The match setup")
    for name in ("match_type", "ruleset"):
        check_value(what, name, "str", getattr(setup, name))
    check_value(what, "best_of", "int", setup.best_of)
    check_value(what, "lives_a", "int", setup.lives_a)
    for name in ("side_a", "side_b"):
        side = getattr(setup, name)
        if not isinstance(side, list):
            raise RuleViolation("setup.bad_side", N_("A side of the match must list its members"))
        for member in side:
            _check_member(member)
    _check_day_dq(setup.day_dq)


def _check_member(member) -> None:
    if not isinstance(member, Member):
        raise RuleViolation("setup.bad_member", N_("A member of a side is not a member"))
    what = N_("A member")
    check_value(what, "id", "int", member.id)
    for name in ("name", "character"):
        check_value(what, name, "str", getattr(member, name))
    check_value(what, "change_declared", "bool", member.change_declared)


def _check_day_dq(day_dq) -> None:
    if not isinstance(day_dq, dict) or not all(is_int(k) and isinstance(v, str)
                                               for k, v in day_dq.items()):
        raise RuleViolation("setup.bad_day_dq",
                            N_("The day's disqualifications must map member numbers to a rule"))


def setup_from_dict(d) -> MatchSetup:
    """Build a MatchSetup from JSON (e.g. ``MatchState.to_dict()['setup']``), checking every value."""
    if not isinstance(d, dict):
        raise RuleViolation("setup.invalid", N_("A match setup must be an object"))
    known = {f.name for f in fields(MatchSetup)} - {"rules"}  # built by the service, never sent
    extra = [k for k in d if k not in known]
    if extra or "match_type" not in d or "ruleset" not in d:
        raise RuleViolation("setup.fields", N_("A match setup has match_type, ruleset and sides; "
                                               "not %(fields)s"), fields=", ".join(map(str, extra)))
    kw = dict(d)
    for name in ("side_a", "side_b"):
        kw[name] = [_member_from(m) for m in _as_list(kw.get(name, []))]
    if isinstance(kw.get("day_dq"), dict):
        kw["day_dq"] = {_member_key(k): v for k, v in kw["day_dq"].items()}
    setup = MatchSetup(**kw)
    check_setup(setup)
    return setup


def _as_list(value) -> list:
    if not isinstance(value, list):
        raise RuleViolation("setup.bad_side", N_("A side of the match must list its members"))
    return value


def _member_key(key):
    """JSON keys are text: "12" names member 12."""
    return int(key) if isinstance(key, str) and key.isascii() and key.isdigit() and len(key) < 12 else key


def _member_from(d):
    names = {f.name for f in fields(Member)}
    if not isinstance(d, dict) or set(d) - names or not {"id", "name"} <= set(d):
        raise RuleViolation("setup.bad_member", N_("A member of a side is not a member"))
    return Member(**d)

