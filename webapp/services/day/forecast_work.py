"""Each phase of an event as the day's forecast reads it (tournament/day_forecast.PhaseWork).

A started phase: its matches as stored, grouped into rounds per bracket; a round waits for the
rounds feeding it; a bracket without links (a round robin) plays its rounds one after another;
a Swiss adds its rounds not paired yet, half the field each. A phase not started: its brackets
generated for stand-in players exactly as its start would make them (nothing saved), for the
entrants it expects — the entry list (without the disqualified), the progression's count, or a
template's planned matches in halving waves. Phases are played one after another.

A match's length is counted in sets of the game: its best-of (the later rounds' where the phase
changes it, a side's own) over a best-of-3, times the members of a team.
"""
from ...models import Phase
from ...tournament import bracket as bracket_engine
from ...tournament import day_forecast as domain
from ...tournament import round_best_of
from ...tournament.errors import RuleViolation
from .. import ServiceError
from ..matches import brackets, play
from ..setup import progressions


def phase_ref(phase: Phase) -> str:
    """The phase's name in a timetable line and a forecast: its key, else its id."""
    return phase.key or f"phase-{phase.id}"


def sets_per_match(phase: Phase, best_of: int | None = None) -> float:
    """One match of the phase (at ``best_of`` games, else the phase's) in sets of the game."""
    return max(best_of or phase.best_of or 3, 1) / 3 * max(phase.event.team_size or 1, 1)


def _planned_sets(phase: Phase, bracket) -> dict:
    """Sets per match of a bracket not saved, by (side, round): the later rounds' best-of counted."""
    shape: dict = {}
    for m in bracket.matches.values():
        shape[(m.side, m.round)] = shape.get((m.side, m.round), 0) + 1
    double = any(side == "L" for side, _r in shape)
    setting = (phase.options or {}).get("best_of_by_round")
    out = {}
    for (side, number), size in shape.items():
        last = number == max(r for s, r in shape if s == side)
        games = round_best_of.best_of(setting, side, size, last, double, play.best_of_in(phase, side))
        out[(side, number)] = sets_per_match(phase, games)
    return out


def work(event) -> list[domain.PhaseWork]:
    """The event's phases in order, each after the one before."""
    out, before = [], ()
    for phase in sorted(event.phases, key=lambda p: p.position):
        rounds, matches = _started(phase) if phase.brackets else _planned(phase)
        out.append(domain.PhaseWork(phase_ref(phase), tuple(rounds), before, matches=tuple(matches)))
        before = (phase_ref(phase),)
    return out


def _started(phase: Phase) -> tuple[list, list]:
    sets = sets_per_match(phase)
    rounds, matches = [], []
    for row in sorted(phase.brackets, key=lambda r: (r.wave or 0, r.id)):
        links = [domain.MatchLink(f"{row.label}:{m.key}", f"{row.label}{m.side}{m.round}",
                                  _feeds(row.label, m.winner_to, m.loser_to), m.status in bracket_engine.DECIDED,
                                  m.status == "ready" and bool(m.station),
                                  sets_per_match(phase, play.best_of_for(m)), row.wave or 0)
                 for m in row.matches]
        _add(links, row, sets, rounds, matches)
    return rounds, matches


def _add(links, row, sets, rounds: list, matches: list) -> None:
    """A bracket with links as matches (each waits for its feeders); without, as rounds in turn."""
    if any(link.feeds for link in links):
        matches += links
        return
    found = list(domain.rounds_from_matches(links))
    rounds += _prefixed(row.label, [domain.RoundWork(r.key, r.total, r.left, (found[i - 1].key,) if i else (), r.sets,
                                                     r.under_way, getattr(row, "wave", 0) or 0)
                                    for i, r in enumerate(found)], row, sets)


def _feeds(label: str, *targets) -> tuple[str, ...]:
    return tuple(f"{label}:{t[0]}" for t in targets if t)


def _prefixed(label, rounds, row, sets) -> list[domain.RoundWork]:
    """A Swiss bracket's rounds not paired yet, added after its last one."""
    if row.format != "swiss":
        return rounds
    planned = int((row.options or {}).get("rounds") or 0)
    half = max(len(row.entrants) // 2, 1)
    last = rounds[-1].key if rounds else None
    for number in range(len(rounds) + 1, planned + 1):
        key = f"{label}S{number}"
        rounds.append(domain.RoundWork(key, half, half, (last,) if last else (), sets, 0, getattr(row, "wave", 0) or 0))
        last = key
    return rounds


def expected_entrants(phase: Phase) -> int:
    """How many play a phase not started: the progression's count, else the entry list."""
    rule = progressions.rule_of(phase)
    if rule and not any(not e.dq for e in phase.event.entrants):
        return 0  # nobody has entered yet: nobody goes on either
    if rule:
        source = next((p for p in phase.event.phases if p.id == rule.get("from")), None)
        if source is not None and rule.get("mode") == "sides":  # each pool's cut, on both sides
            return int((source.options or {}).get("stop_at_top") or 0) * max(source.group_count, 1)
        groups = source.group_count if source is not None and rule.get("mode") == "top" else 1
        return int(rule.get("count") or 0) * max(groups, 1)
    return sum(1 for e in phase.event.entrants if not e.dq)


def _planned(phase: Phase) -> tuple[list, list]:
    """The rounds and matches a phase not started will play (nothing when it cannot be built yet)."""
    sets = sets_per_match(phase)
    from ..setup import event_model
    planned = event_model.of(phase.event).planned_matches(phase)
    if planned is not None:  # a seed event's plan counts them: its phases are sized by the plan
        return _waves(planned, sets), []
    count = expected_entrants(phase)
    if count < 2 * max(phase.group_count, 1):
        return [], []
    stand_ins = [bracket_engine.Entrant(i, i) for i in range(1, count + 1)]
    try:
        generated = brackets.build(phase, stand_ins, generate_options=_sides_of(phase, stand_ins))
    except (RuleViolation, ServiceError):
        return [], []
    rounds, matches = [], []
    per_wave = int((phase.options or {}).get("pools_per_wave") or 0)
    for n, bracket in enumerate(generated):
        by_round, real = _planned_sets(phase, bracket), set(bracket_engine.real_matches(bracket))
        wave = n // per_wave if per_wave else 0
        links = [domain.MatchLink(f"{bracket.label}:{m.key}", f"{bracket.label}{m.side}{m.round}",
                                  _feeds(bracket.label, m.winner_to, m.loser_to), m.decided, False,
                                  by_round[(m.side, m.round)] if m.key in real else 0, wave)
                 for m in bracket.matches.values()]
        _add(links, _Shape(bracket.label, bracket.format, _swiss_options(phase, bracket), list(bracket.entrants), wave),
             sets, rounds, matches)
    return rounds, matches


def _sides_of(phase: Phase, stand_ins: list) -> dict | None:
    """A phase keeping sides: half its players come in on the losers' side (each pool's 1 + 1, 2 + 2)."""
    rule = progressions.rule_of(phase)
    if not rule or rule.get("mode") != "sides":
        return None
    return {"losers_side": [e.id for e in stand_ins[len(stand_ins) // 2:]]}


def _swiss_options(phase: Phase, bracket) -> dict:
    """A Swiss bracket's options with its rounds as the phase fixes them (the builder's field)."""
    fixed = (phase.options or {}).get("rounds")
    return {**(bracket.options or {}), **({"rounds": fixed} if fixed and bracket.format == "swiss" else {})}


class _Shape:
    """What _prefixed reads of a bracket row, for a bracket not saved."""

    def __init__(self, label, format_name, options, entrants, wave=0):
        self.label, self.format, self.options, self.entrants, self.wave = label, format_name, options, entrants, wave


def _waves(matches: int, sets: float) -> list[domain.RoundWork]:
    """A template phase's planned matches as halving rounds, each after the one before."""
    rounds, left, before = [], matches, ()
    while left > 0:
        size = max((left + 1) // 2, 1)
        key = f"w{len(rounds) + 1}"
        rounds.append(domain.RoundWork(key, size, size, before, sets))
        left, before = left - size, (key,)
    return rounds
