"""Voids that rewrite history: a voided game's match is re-derived from that game on.

A void (Tekken: a win with an undeclared character) changes who was out and who
stayed on from the voided game. Everything entered after that game is checked
again against the corrected match:

- a naming that no longer fits (team B named b2, but b1 now won and stays on)
  is *undone*, with the reason kept in ``state.undone``;
- a game played by someone who should have been out cannot be fixed by the
  rules alone: the match waits for the desk (``state.ruling``), which either
  replays from the void (those games are undone) or keeps their results (with
  a reason). Both choices are ``Ruling`` actions in the history, so replaying
  the history gives the same match.
"""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play.handlers import HANDLERS
from webapp.tournament.play.state import MatchState, fresh

NAMING_UNDONE = N_("Undone: game %(game)d was voided, which changed who plays next, so this "
                   "entry no longer applies")
GAME_UNDONE = N_("Undone by the desk's ruling: game %(game)d was voided, and this game was "
                 "played by someone who was already out; play resumes from the void")
ENTRY_UNDONE = N_("Undone: game %(game)d was voided and this entry no longer fits the match")


def _internal(state, act) -> bool:
    """Voids and rulings carry their consequence in the state: re-applied as they were."""
    return act.kind == "ruling" or (
        act.kind == "penalty" and state.rules.penalties.get(act.penalty) == "void_win")


def fold(state: MatchState, plan: frozenset, recheck_after: int, kept: frozenset):
    """Re-derive the match from its history with the games recorded at ``plan`` voided.

    Actions up to ``recheck_after`` (the voided game) and those in ``kept`` are
    re-applied as they happened; later ones are checked again. Returns the new
    state, the later games that no longer fit and the other entries that do not.
    """
    originals = {g.at: g for g in state.games}
    new = fresh(state.setup, state.rules, state.mtype)
    new.void_plan, new.refold_games, new.kept = plan, originals, kept
    skip = {u["at"] for u in state.undone}
    games, others = [], []
    for i, act in enumerate(state.history):
        new.cursor = i
        check, effect = HANDLERS[type(act)]
        if i in skip:
            continue
        if i <= recheck_after or i in kept or _internal(state, act):
            effect(new, act)
        elif not _still_fits(new, act, check, originals.get(i)):
            (games if i in originals else others).append(i)
        else:
            effect(new, act)
    new.refold_games = None
    for s in (new.a, new.b):   # someone now out may have been named after the voided game
        if s.current in s.out:
            s.current = None
    return new, games, others


def _still_fits(state, act, check, game) -> bool:
    """The entry passes its checks now, and a game still has the players who played it."""
    try:
        check(state, act)
    except RuleViolation:
        return False
    if game is None:
        return True
    seated = (state.a.current, state.b.current)
    return seated == (game.member_a, game.member_b)


def _undone(state, indices, message, game) -> list[dict]:
    """What each undone entry was and why it was undone (the phone that made it is told)."""
    out = []
    for i in indices:
        kind = state.history[i].kind
        text = message if message != NAMING_UNDONE or kind == "name_player" else ENTRY_UNDONE
        out.append({"at": i, "kind": kind, "code": "void.undone", "message": text,
                    "params": {"game": game + 1}})
    return out


def adopt(state: MatchState, new: MatchState, undone: list[dict]) -> None:
    """Make ``state`` the re-derived match, keeping its history and what was undone before."""
    new.history, new.cursor = state.history, state.cursor
    new.undone = list(state.undone) + undone
    state.__dict__.update(new.__dict__)


def void_game(state: MatchState, act) -> None:
    """Apply a void of game ``act.game``: re-derive, or wait for the desk's ruling."""
    g = state.games[act.game]
    plan = state.void_plan | {g.at}
    state.history = [*state.history, act]       # the void itself is part of the re-fold
    new, games, others = fold(state, plan, g.at, state.kept)
    state.history = state.history[:-1]
    if games:
        state.ruling = {"void": state.cursor, "game": act.game, "side": act.side,
                        "from": g.at, "plan": sorted(plan),
                        "games": [new_index(state, i) for i in games]}
        return
    adopt(state, new, _undone(state, others, NAMING_UNDONE, act.game))


def new_index(state: MatchState, at: int) -> int:
    """The game number (0-based) of the game recorded at history index ``at``."""
    return next(g.index for g in state.games if g.at == at)


def check_ruling(state, act):
    """The desk rules on a pending void: replay from it, or keep the results with a reason."""
    if state.ruling is None:
        raise RuleViolation("ruling.none_needed", N_("No void is waiting for a desk ruling"))
    if act.choice not in ("replay", "keep"):
        raise RuleViolation("ruling.choice", N_("The desk's ruling is 'replay' (from the void) "
                                                "or 'keep' (the results as played)"))
    if act.choice == "keep" and not act.reason.strip():
        raise RuleViolation("ruling.reason_required",
                            N_("Keeping results played after a void needs the reason"))
    return act


def effect_ruling(state, act):
    """Re-derive the match the way the desk chose (nothing to do while re-folding)."""
    r = state.ruling
    if state.refold_games is not None or r is None:
        return
    plan = frozenset(r["plan"])
    if act.choice == "keep":
        kept = state.kept | frozenset(range(r["from"] + 1, r["void"]))
        new, _, others = fold(state, plan, r["from"], kept)
        adopt(state, new, _undone(state, others, ENTRY_UNDONE, r["game"]))
        return
    new, games, others = fold(state, plan, r["from"], state.kept)
    adopt(state, new, _undone(state, games, GAME_UNDONE, r["game"]) +
          _undone(state, others, NAMING_UNDONE, r["game"]))


def check_no_ruling_pending(state, act) -> None:
    """While a void waits for the desk, only its ruling (or a desk override) is taken."""
    if state.ruling is not None and act.kind not in ("ruling", "override"):
        games = ", ".join(str(i + 1) for i in state.ruling["games"])
        raise RuleViolation("match.ruling_needed",
                            N_("Game %(game)d was voided after games %(games)s were played by "
                               "someone who should have been out: the desk must rule first"),
                            game=state.ruling["game"] + 1, games=games)
