"""apply / replay: validate an action, then apply its effect to a copy of the state."""
from __future__ import annotations

from webapp.tournament.errors import N_, RuleViolation
from webapp.tournament.play import actions as A
from webapp.tournament.play import core, penalties, report, voids
from webapp.tournament.play.handlers import HANDLERS, register
from webapp.tournament.play.state import MatchState, fresh  # noqa: F401  (fresh: part of this API)


def check_name(state, act):
    """Naming is open while the match runs; the match type decides who may name."""
    core.check_open(state)
    core.check_side(act.side)
    return state.mtype.check_name(state, act)


def effect_name(state, act):
    """Seat the named member."""
    state.mtype.on_name(state, act)


for _kind, _check, _effect in (
        (A.CoinToss, core.check_coin_toss, core.effect_coin_toss),
        (A.RollCall, core.check_roll_call, core.effect_roll_call),
        (A.Arrive, core.check_arrive, core.effect_arrive),
        (A.NamePlayer, check_name, effect_name),
        (A.DeclareChange, core.check_declare_change, core.effect_declare_change),
        (A.ReportGame, report.check_report, report.effect_report),
        (A.Penalty, penalties.check_penalty, penalties.effect_penalty),
        (A.Replay, core.check_replay, core.effect_replay),
        (A.Override, core.check_override, core.effect_override),
        (A.Ruling, voids.check_ruling, voids.effect_ruling)):
    register(_kind, _check, _effect)


def apply(state: MatchState, action) -> MatchState:
    """Validate first; raise RuleViolation (state untouched) or return the new state."""
    handler = HANDLERS.get(type(action))
    if handler is None:
        raise RuleViolation("action.unknown", N_("Unknown action %(kind)s"),
                            kind=getattr(action, "kind", type(action).__name__))
    A.check_action(action)
    voids.check_no_ruling_pending(state, action)
    action = handler[0](state, action)   # the normalised action is what the history keeps
    new = state.clone()
    new.cursor = len(state.history)
    handler[1](new, action)
    new.history.append(action)
    return new
