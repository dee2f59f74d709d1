"""Progressions in a custom event: the desk says who of an earlier phase enters this one.

Kept on the receiving phase, ``options["progression"] = {"from": phase id, "mode": "top" | "best",
"count": K or N}`` (brackets.format_options leaves it out of the format's options), with the
phase's seeding set to "routed" (no check-in gate: places decide). Who goes on is read from the
source phase's pools when it is finished (a round-robin pool's places with its tiebreaks and
the desk's playoffs and draws), so a correction in a pool re-routes until this phase starts;
after that brackets.correct_winner refuses a correction in the source phase, with the reason.
"""
from dataclasses import dataclass

from ...models import Entrant, Phase
from ...tournament import bracket as bracket_engine
from ...tournament import progression as domain
from ...tournament.errors import N_, BracketError
from .. import ServiceError
from ..accounts import audit
from ..matches import brackets, pool_tables
from . import side_progressions

KEY = "progression"


@dataclass
class Routed:
    """One advancing player as the preview lists it (the template preview's shape)."""

    entrant_id: int
    pool: str
    place: int
    tier: int = 0
    side: str = ""  # "winners" or "losers" when players keep their side (side_progressions)

    @property
    def source(self) -> str:
        from flask_babel import gettext as _  # the reader's language, at render time
        if self.side:
            return (_("Group %(label)s, winners side", label=self.pool) if self.side == "winners"
                    else _("Group %(label)s, losers side", label=self.pool))
        if self.pool:
            return _("Group %(label)s, place %(place)s", label=self.pool, place=self.place)
        return _("Place %(place)s", place=self.place)


def rule_of(phase: Phase) -> dict | None:
    """The phase's progression, or None when it takes the entry list."""
    return (phase.options or {}).get(KEY)


def set_rule(phase: Phase, source: Phase | None, mode: str, count: int, user=None) -> None:
    """Set who of an earlier phase enters this draft phase (mode "all": the entry list again)."""
    if phase.status != "draft":
        raise ServiceError("progression.started", N_("This phase has already started."))
    options = {k: v for k, v in (phase.options or {}).items() if k != KEY}
    if mode == "all":
        phase.options, phase.seeding = options, "entry"
        audit.record("progression.clear", user, phase.event_id, phase=phase.id)
        return
    if source is None or source.event_id != phase.event_id or source.position >= phase.position:
        raise ServiceError("progression.source", N_("Players can only come from an earlier phase of this event."))
    if mode == domain.SIDES:
        side_progressions.check_phases(phase, source)
    elif mode not in domain.MODES or not 1 <= count <= 4096:
        raise ServiceError("progression.bad_rule",
                           N_("Choose how many players go on: the top K of each pool or the best N overall."))
    phase.options = {**options, KEY: {"from": source.id, "mode": mode, "count": count}}
    phase.seeding = "routed"
    audit.record("progression.set", user, phase.event_id, phase=phase.id, source=source.id, mode=mode, count=count)


def source_of(phase: Phase) -> Phase | None:
    rule = rule_of(phase)
    return next((p for p in phase.event.phases if rule and p.id == rule["from"]), None)


def placed(source: Phase) -> list[domain.Placed]:
    """Every placed player of the source phase's pools, with the record that compares pools."""
    out = []
    for index, row in enumerate(source.brackets):
        records = _records(row)
        for p in pool_tables.placements(row, to_read=True):
            out.append(domain.Placed(p.entrant_id, index, p.rank, records.get(p.entrant_id, ()),
                                     p.rank_to if p.rank_to > p.rank else 0, row.label))
    return out


def _records(row) -> dict[int, tuple]:
    if row.format != "round_robin":
        return {}
    return {r.entrant: record(r) for r in pool_tables.standings(row)}


def record(standing) -> tuple:
    """A pool standing's record that compares pools: set win rate, game and round difference per match."""
    played = max(1, standing.wins + standing.losses)
    return (standing.wins / played, standing.game_difference / played, standing.round_difference / played)


def _finished_source(phase: Phase) -> Phase:
    """The source phase, refused while it is still played."""
    source = source_of(phase)
    if source is None:
        raise ServiceError("progression.source", N_("Players can only come from an earlier phase of this event."))
    if source.status != "done":
        raise ServiceError("routing.sources_running", N_("Finish %(phases)s first: its places decide who enters."),
                           phases=source.name)
    return source


def advancing(phase: Phase) -> list[domain.Placed]:
    """Who goes on, in seed order; refused while the source phase is still played."""
    source, rule = _finished_source(phase), rule_of(phase)
    try:
        return domain.seeded(placed(source), rule["mode"], int(rule["count"]))
    except BracketError as problem:
        raise ServiceError(problem.code, problem.message, **problem.params) from None


def players(phase: Phase) -> list[bracket_engine.Entrant]:
    """The advancing players as the next phase's entrants, seeded 1..N in that order."""
    return [bracket_engine.Entrant(p.entrant, seed) for seed, p in enumerate(advancing(phase), start=1)]


def preview_rows(phase: Phase) -> list[Routed]:
    """Who goes on and from where, and on which side, for the preview (nobody while the source is played)."""
    try:
        if rule_of(phase)["mode"] == domain.SIDES:
            winners, losers = side_progressions.seeded(_finished_source(phase))
            return [Routed(q.entrant, q.label, q.rank + 1, side=q.side) for q in winners + losers]
        return [Routed(p.entrant, p.label, p.place) for p in advancing(phase)]
    except ServiceError:
        return []


def start(phase: Phase, entrants: list[Entrant], user=None, draw_seed: str | None = None):
    """Start a custom phase: from its progression when it has one, else from the entry list
    (its unseeded entrants placed by a draw from `draw_seed`)."""
    rule = rule_of(phase)
    if rule is None:
        return brackets.start_phase(phase, entrants, user, draw_seed=draw_seed)
    if rule["mode"] == domain.SIDES:
        sided, options = side_progressions.players_and_options(_finished_source(phase))
        return brackets.start_phase(phase, [], user, players=sided, generate_options=options)
    return brackets.start_phase(phase, [], user, players=players(phase))
