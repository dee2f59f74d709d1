"""Stage striking, bans and Dave's stupid rule (Smash and any game that strikes stages).

Game 1: the two players strike starters in the configured order (1-2-1: the first striker one,
the other two, the first one more) and the one stage left is played. Later games: the previous
game's winner bans ``bans`` stages of the whole list (starters and counterpicks), then the loser
picks one of the rest. Dave's stupid rule ("dsr"): the picker may not pick a stage they have won on
in this set; its modified form ("modified"): not the stage they won on last.

Pure: a game's stage choice as plain data in, nothing or a RuleViolation out. Stages are named by
the value a game stores (the stage's English name).
"""
from __future__ import annotations

from dataclasses import dataclass

from webapp.tournament.errors import N_, RuleViolation

DSR = {"off": N_("no stage clause"),
       "dsr": N_("DSR: no stage the picker has won on in this set"),
       "modified": N_("modified DSR: not the stage the picker won on last")}
SEPARATOR = "|"  # between the stages of a game's strikes or bans, as one text field stores them


@dataclass(frozen=True)
class StrikeRules:
    """A rule set's stage list and procedure."""

    starters: tuple[str, ...]
    counterpicks: tuple[str, ...] = ()
    strike_order: tuple[int, ...] = (1, 2, 1)  # strikes per turn, the first striker first
    bans: int = 2
    dsr: str = "dsr"

    @property
    def stages(self) -> tuple[str, ...]:
        """Every legal stage: starters, then counterpicks."""
        return self.starters + tuple(s for s in self.counterpicks if s not in self.starters)

    def as_settings(self) -> dict:
        """As the rule settings' JSON keeps it (the desk's rule form edits it)."""
        return {"starters": list(self.starters), "counterpicks": list(self.counterpicks),
                "strike_order": list(self.strike_order), "bans": self.bans, "dsr": self.dsr}

    def problems(self, best_of: int = 1) -> list[str]:
        """What makes this list unusable in a best of ``best_of`` (empty when it can be played): the
        picker always has a stage left after the bans and the stage clause."""
        found = []
        if len(set(self.starters)) != len(self.starters) or not self.starters:
            found.append("starters")
        if any(n < 1 for n in self.strike_order) or sum(self.strike_order) != len(self.starters) - 1:
            found.append("strike_order")
        barred_at_most = {"off": 0, "dsr": best_of // 2, "modified": 1}.get(self.dsr, 0)
        if self.bans < 0 or self.bans + barred_at_most >= len(self.stages):
            found.append("bans")
        if self.dsr not in DSR:
            found.append("dsr")
        return found


@dataclass(frozen=True)
class PlayedGame:
    """A game of the set as the stage rules read it: its stage and the side that won it."""

    stage: str
    winner: str | None


def split(text: str) -> tuple[str, ...]:
    """A stored list of stages ("Battlefield|Smashville") as its stages, in order."""
    return tuple(s.strip() for s in (text or "").split(SEPARATOR) if s.strip())


def joined(stages) -> str:
    """Stages as a game stores them."""
    return SEPARATOR.join(stages)


def strikers(rules: StrikeRules, first: str) -> list[str]:
    """Which side strikes each stage, in order ("a", "b", "b", "a" for 1-2-1 with side a first)."""
    out, side = [], first
    for count in rules.strike_order:
        out += [side] * count
        side = "b" if side == "a" else "a"
    return out


def check_first_game(rules: StrikeRules, struck: tuple[str, ...], stage: str) -> None:
    """Game 1: every strike a starter not struck before, as many as the order has, the stage the one left
    (strikes made aloud and not entered: the stage a starter)."""
    if not struck:
        if stage not in rules.starters:
            raise RuleViolation("stage.not_starter", N_(
                "Game 1 is played on a starter stage (%(starters)s), not %(stage)s"),
                stage=stage or "-", starters=", ".join(rules.starters))
        return
    for s in struck:
        if s not in rules.starters:
            raise RuleViolation("stage.strike_not_starter", N_(
                "%(stage)s is not a starter stage: game 1 strikes only the starters (%(starters)s)"),
                stage=s, starters=", ".join(rules.starters))
    if len(set(struck)) != len(struck):
        raise RuleViolation("stage.struck_twice", N_("A stage can be struck only once"))
    need = sum(rules.strike_order)
    if len(struck) != need:
        raise RuleViolation("stage.strikes_count", N_(
            "Game 1 strikes %(need)d starters (%(order)s); %(n)d were struck"),
            need=need, n=len(struck), order="-".join(map(str, rules.strike_order)))
    left = [s for s in rules.starters if s not in struck]
    if stage != left[0]:
        raise RuleViolation("stage.not_the_one_left", N_(
            "Game 1 is played on the stage left after the strikes (%(left)s), not %(stage)s"),
            left=left[0], stage=stage or "-")


def forbidden_by_dsr(rules: StrikeRules, games: list[PlayedGame], picker: str) -> set[str]:
    """The stages Dave's stupid rule keeps the picker from."""
    won = [g.stage for g in games if g.winner == picker and g.stage]
    if rules.dsr == "dsr":
        return set(won)
    if rules.dsr == "modified":
        return set(won[-1:])
    return set()


def check_later_game(rules: StrikeRules, games: list[PlayedGame], banned: tuple[str, ...], stage: str) -> None:
    """A later game: the previous winner bans exactly ``bans`` legal stages (bans made aloud and not entered:
    none to check); the loser picks another legal one the stage clause allows."""
    legal = rules.stages
    for s in (*banned, stage):
        if s not in legal:
            raise RuleViolation("stage.not_legal", N_(
                "%(stage)s is not on this rule set's stage list (%(stages)s)"),
                stage=s or "-", stages=", ".join(legal))
    if banned and (len(set(banned)) != len(banned) or len(banned) != rules.bans):
        raise RuleViolation("stage.bans_count", N_(
            "The previous game's winner bans %(need)d different stages; %(n)d were banned"),
            need=rules.bans, n=len(set(banned)))
    if stage in banned:
        raise RuleViolation("stage.banned", N_(
            "%(stage)s was banned by the previous game's winner: the loser picks another stage"), stage=stage)
    picker = _loser(games[-1])
    if picker and stage in forbidden_by_dsr(rules, games, picker):
        raise RuleViolation("stage.dsr", N_(
            "%(stage)s cannot be picked: the picker has won on it in this set (%(clause)s)"),
            stage=stage, clause=DSR[rules.dsr])


def _loser(game: PlayedGame) -> str | None:
    return None if game.winner is None else ("b" if game.winner == "a" else "a")


def check_stage(rules: StrikeRules, games: list[PlayedGame], struck: tuple[str, ...],
                banned: tuple[str, ...], stage: str) -> None:
    """The stage of the next game of a set (``games``: those already counted), by its strikes or bans."""
    if not games:
        if banned:
            raise RuleViolation("stage.no_bans_in_game_one", N_("Game 1 has strikes, not bans"))
        check_first_game(rules, struck, stage)
        return
    if struck:
        raise RuleViolation("stage.strikes_only_game_one", N_(
            "Only game 1 strikes starters: later games have the previous winner's bans"))
    check_later_game(rules, games, banned, stage)


def open_stages(rules: StrikeRules, games: list[PlayedGame], banned: tuple[str, ...] = ()) -> list[str]:
    """The stages the next game may be played on (game 1: the starters, before strikes)."""
    if not games:
        return list(rules.starters)
    picker = _loser(games[-1])
    barred = set(banned) | (forbidden_by_dsr(rules, games, picker) if picker else set())
    return [s for s in rules.stages if s not in barred]


def summary_parts(rules: StrikeRules) -> dict:
    """What the start preview says of the procedure: counts, strike order, bans and the clause."""
    return {"starters": len(rules.starters), "counterpicks": len(rules.stages) - len(rules.starters),
            "order": "-".join(map(str, rules.strike_order)), "bans": rules.bans, "dsr": rules.dsr}
