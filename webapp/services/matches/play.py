"""Match play: a match's setup (its games: the phase's best-of, per side or by round), its state
rebuilt from its actions, a new one applied, the bracket driven by the result."""
from sqlalchemy import func, select

from ...extensions import db
from ...lru import LRU
from ...models import Entrant, MatchRow
from ...tournament import play, round_best_of
from ...tournament.errors import N_, RuleViolation
from ..entries import preloaded
from ..setup.rules import rules_for, rules_for_match
from . import brackets

PLAYABLE = ("ready", "done")


def best_of_for(match: MatchRow) -> int:
    """Games in this match: the phase's best-of, or a per-side value (KGP finals: 5), or the
    phase's later rounds' (best-of by round)."""
    phase = match.bracket.phase
    return best_of_by_round(phase, match, best_of_in(phase, match.side))


def best_of_in(phase, side: str) -> int:
    """Games in a match of this side of the phase."""
    per_side = (phase.play_options or {}).get("best_of") or {}
    return int(per_side.get(side, phase.best_of))


# A match's best-of when its phase changes it by round (tournament/round_best_of.py). The round's
# size and whether it ends its side come from one aggregate query per bracket, kept by this process
# for the bracket's id: a bracket's rounds never change size once it is made (Swiss and pools add
# rounds, but no rule names their rounds).
_ROUND_SHAPES = LRU(4096)


def _round_shape(bracket_id: int) -> dict:
    kept = _ROUND_SHAPES.get(bracket_id)
    if kept is None:
        rows = db.session.execute(select(MatchRow.side, MatchRow.round, func.count())
                                  .where(MatchRow.bracket_id == bracket_id).group_by(MatchRow.side, MatchRow.round))
        kept = {(side, number): count for side, number, count in rows}
        _ROUND_SHAPES.put(bracket_id, kept)
    return kept


def best_of_by_round(phase, match, default: int) -> int:
    """The games of this match (a row with side, round and bracket_id) by the phase's best-of by round,
    `default` otherwise."""
    setting = (phase.options or {}).get("best_of_by_round")
    bracket_id, number = getattr(match, "bracket_id", None), getattr(match, "round", None)
    if not setting or bracket_id is None or number is None:
        return default
    shape = _round_shape(bracket_id)
    last = number == max((r for s, r in shape if s == match.side), default=number)
    double = any(side == "L" for side, _r in shape)
    return round_best_of.best_of(setting, match.side, shape.get((match.side, number), 1), last, double, default)


def _members(entrant_id: int | None) -> list[play.Member]:
    rows = preloaded.members(entrant_id) if entrant_id else None  # a sync batch read them already
    if rows is None:
        entrant = db.session.get(Entrant, entrant_id) if entrant_id else None
        rows = entrant.members if entrant is not None else []
    return [play.Member(id=m.id, name=m.name, character=m.character, change_declared=m.change_declared)
            for m in rows]


def day_dq_for(match: MatchRow) -> dict[int, str]:
    """The event's day-long DQs of this match's members (member id -> penalty kind).

    A DQ counts for every match not yet started when it was given: a match that
    was already under way (or the one it happened in) keeps its own history.
    """
    return day_dq_from(match.id, [_info_of(entrant_id) if entrant_id else None
                                  for entrant_id in (match.slot_a, match.slot_b)])


def _info_of(entrant_id: int) -> dict | None:
    """The entrant's info column: as a sync batch read it, else from its row."""
    info = preloaded.entrant_info(entrant_id)
    if info is preloaded.UNKNOWN:
        entrant = db.session.get(Entrant, entrant_id)
        info = entrant.info if entrant is not None else None
    return info


def day_dq_from(match_id: int, infos: list) -> dict[int, str]:
    """day_dq_for from the two entrants' info columns (None for an empty slot), read by the caller."""
    out = {}
    for info in infos:
        for member_id, dq in ((info or {}).get("day_dq") or {}).items():
            if match_id not in dq.get("exempt", ()):
                out[int(member_id)] = dq["penalty"]
    return out


def setup_for(match: MatchRow) -> play.MatchSetup:
    """The domain's match setup from the match's phase, event, entrants and the day's DQs."""
    phase = match.bracket.phase
    return play.MatchSetup(match_type=phase.match_type, ruleset=phase.event.ruleset,
                           best_of=best_of_for(match), side_a=_members(match.slot_a),
                           side_b=_members(match.slot_b), day_dq=day_dq_for(match),
                           rules=rules_for_match(match))


# Replaying a match from its first action on every entry is the sync path's main cost,
# so the last states are kept in memory. An entry is used only when the actions it was
# built from are exactly the match's actions now (a rolled-back entry can never leak).
_CACHE_SIZE = 1024
_CACHE = LRU(_CACHE_SIZE)


def state_of(match: MatchRow) -> play.MatchState:
    """The match as its recorded actions made it."""
    kept = kept_state(match, day_dq_for(match))
    if kept is not None:
        return kept
    actions = match.actions or []
    state = play.replay(setup_for(match), actions)
    _remember(match, actions, state)
    return state


def kept_state(match, day_dq: dict) -> play.MatchState | None:
    """The state this worker kept for the match, when built from its actions and DQs as they are now."""
    key = (match.id, match.slot_a, match.slot_b)
    cached = _CACHE.get(key)
    if cached is not None and cached[0] == (match.actions or []) and cached[1].setup.day_dq == day_dq:
        return cached[1]
    return None


def _remember(match: MatchRow, actions: list, state: play.MatchState) -> None:
    _CACHE.put((match.id, match.slot_a, match.slot_b), (list(actions), state))


def decided_winner(match: MatchRow, state: play.MatchState) -> int | None:
    """The entrant who won the match — none while a void waits for the desk's ruling (I5)."""
    return None if state.ruling else entrant_of(match, state.winner)


def entrant_of(match: MatchRow, side: str | None) -> int | None:
    """The entrant id playing on side "a" or "b"."""
    return {"a": match.slot_a, "b": match.slot_b}.get(side or "")


def apply_action(match: MatchRow, payload: dict, state: play.MatchState | None = None) -> play.MatchState:
    """Validate and apply one action; the bracket follows when the match ends or its winner changes.

    Everything that can refuse the action runs before anything changes, so a refused
    action leaves no trace (the sync path relies on it to avoid a savepoint per entry).
    `state` is state_of(match) when the caller has just read it.
    """
    _check_playable(match)
    action = play.action_from_dict(payload)
    new = play.apply(state or state_of(match), action)
    winner = decided_winner(match, new)
    _take_back_result(match, winner)
    _record_day_dq(match, new)
    match.actions = [*(match.actions or []), action.to_dict()]
    match.version += 1
    _remember(match, match.actions, new)
    if winner is not None and match.status == "ready":
        _advance(match, winner)
    return new


def _check_playable(match: MatchRow) -> None:
    """Refuse a game in a match not ready yet, or given as a walkover."""
    if match.status not in PLAYABLE:
        raise RuleViolation("match.not_ready", N_("This match is not ready: both entrants must be known first."))
    if match.status == "done" and match.walkover:  # its entries were undone when it was given (I1)
        raise RuleViolation("match.walkover", N_("This match was given as a walkover: no game can be entered in it."))


def _take_back_result(match: MatchRow, winner: int | None) -> None:
    """A finished match whose result the action changed: the bracket follows, or this refuses
    (downstream played) having changed nothing."""
    if winner is not None and match.status == "done" and match.winner_id != winner:
        # A void flipped the result: this may refuse (downstream played) and then changes nothing.
        brackets.correct_winner(match, winner, reason="match_play")
    if winner is None and match.status == "done":
        # A void waiting for the desk's ruling, or the ruling's replay, takes the result back
        # (I5): the winner no longer advances; refused, changing nothing, when the next match
        # was played (its entries in progress are undone by the restart, I1).
        brackets.reopen_match(match, reason="void_ruling")


def _advance(match: MatchRow, winner: int) -> None:
    """The match just ended: its winner advances in the bracket."""
    try:
        brackets.record_winner(match, winner)
    except RuleViolation as problem:  # never for a ready match: a fault, not a refusal
        raise RuntimeError(f"the bracket refused a finished match: {problem}") from problem


def _record_day_dq(match: MatchRow, state: play.MatchState) -> None:
    """A penalty the rule set makes day-long bars the member from every later match of the day."""
    act = state.history[-1]
    if act.kind != "penalty" or act.penalty not in state.rules.day_long or act.member_id is None:
        return
    entrant = db.session.get(Entrant, entrant_of(match, act.side))
    preloaded.forget_entrant_info(entrant.id)  # the batch's plain copy of its info is stale from here
    started = [m.id for m in _event_matches(match) if m.actions or m.status == "done"]
    day_dq = dict((entrant.info or {}).get("day_dq") or {})
    day_dq.setdefault(str(act.member_id), {"penalty": act.penalty, "match_id": match.id,
                                           "rule": state.rules.day_long[act.penalty],
                                           "exempt": sorted({*started, match.id})})
    entrant.info = {**(entrant.info or {}), "day_dq": day_dq}


def _event_matches(match: MatchRow) -> list[MatchRow]:
    """Every match of the match's event."""
    return [m for phase in match.bracket.phase.event.phases for row in phase.brackets
            for m in row.matches]


def day_dqs(event) -> list[dict]:
    """The event's members disqualified for the day, for reception and the desk."""
    rules = rules_for(event)
    out = []
    for entrant in event.entrants:
        names = {str(m.id): m.name for m in entrant.members}
        for member_id, dq in ((entrant.info or {}).get("day_dq") or {}).items():
            out.append({"entrant": entrant.name, "entrant_id": entrant.id,
                        "member": names.get(member_id, member_id), "penalty": dq["penalty"],
                        "rule": rules.day_long.get(dq["penalty"], dq["penalty"]),
                        "match_id": dq.get("match_id")})
    return out


def rebuild(match: MatchRow, actions: list[dict]) -> tuple[list[dict], list[dict]]:
    """Replace a match's actions, keeping those still valid in order; returns (kept, dropped)."""
    state = play.start(setup_for(match))
    kept, dropped = [], []
    for payload in actions:
        try:
            action = play.action_from_dict(payload)
            state = play.apply(state, action)
            kept.append(action.to_dict())
        except RuleViolation:
            dropped.append(payload)
    match.actions = kept
    match.version += 1
    return kept, dropped
