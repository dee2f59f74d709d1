"""Events built from a template (Tekken 5on5 day, KGP2025): phases, routing, draws, standings.

The one module that reads ``event.template`` (tests/test_layers.py): everything else asks the
event's model (``event_model.of(event)``), which asks here whether the event has a plan.
"""
from dataclasses import asdict

from sqlalchemy import func, inspect, select

from ...extensions import db
from ...models import Entrant, Event, Phase
from ...tournament import draw as draws
from ...tournament import event_plans as plans
from ...tournament import routing
from ...tournament.bracket import Entrant as DomainEntrant
from ...tournament.errors import N_, RuleViolation
from ...tournament.formats.double_elimination import recent_pairs
from ...tournament.formats.kgp_finals import default_pairing
from .. import ServiceError
from ..accounts import audit
from ..entrants import entrant_lists as entrants
from ..matches import bracket_rows, brackets, pool_tables
from . import events


def create_from_template(template: str, name: str, rows: list[dict], user=None, **fields) -> Event:
    """A complete event: entrants, every phase of the plan, the timetable."""
    plan = plans.build(template, len(rows))
    registered = plans.get_template(template)  # the address comes from the event's own name
    event = events.create_event(name, plan.ruleset, plan.entrant_kind, plan.team_size, user=user,
                                template=template, game=fields.pop("game", registered.game),
                                **fields)
    entrants.add_entrants(event, rows)
    _create_phases(event, plan)
    event.settings = {**(event.settings or {}), "timetable": [asdict(slot) for slot in plan.timetable],
                      "notes": list(plan.notes)}
    return event


def _create_phases(event: Event, plan) -> None:
    for position, pp in enumerate(plan.phases, start=1):
        best_of = pp.options.get("best_of")
        db.session.add(Phase(
            event=event, position=position, name=pp.name, format=pp.format,
            options=pp.generate_options(), match_type=pp.match_type, best_of=pp.best_of,
            group_count=pp.group_count or 1, key=pp.key, seeding=pp.seeding, stage=pp.stage,
            block=pp.block or "", play_options={"best_of": best_of} if isinstance(best_of, dict) else {}))


def plan_name(event: Event) -> str:
    """The registered plan the event was made from ("kgp2025"), "" for an event built at the desk."""
    return event.template or ""


def plan_for(event: Event):
    """The event's plan, rebuilt from its template and entrant count (deterministic)."""
    return plans.build(event.template, _entrant_count(event))


def plan_timetable(event: Event) -> list[dict]:
    """The timetable the plan makes for the event's entrants (what create_from_template stores);
    a plan refusing its count has no timetable of its own."""
    try:
        return [asdict(slot) for slot in plan_for(event).timetable]
    except RuleViolation:
        return []


def _entrant_count(event: Event) -> int:
    """len(event.entrants), counted by the database when the list is not loaded: the standings page
    loaded a 4,096-player event's entrants to count them. Like the lazy load it replaces, the count
    flushes the session first, so an entrant added and not yet written is counted."""
    state = inspect(event)
    if not state.persistent or "entrants" not in state.unloaded:
        return len(event.entrants)
    return db.session.scalar(select(func.count()).select_from(Entrant).where(Entrant.event_id == event.id))


def count_fixed(event: Event) -> bool:
    """A preset's plan is made from its entrant count: that count is fixed once a phase started
    (nobody joins or leaves it; a built event takes late entries into phases not started)."""
    return bool(event.template) and any(p.status != "draft" for p in event.phases)


def count_changed(event: Event) -> None:
    """The entrants changed before the start: a preset's groups and later phases follow the new count."""
    if event.template and not count_fixed(event):
        replan(event)


def replan(event: Event) -> None:
    """Rebuild the phases for the current entrant count; only before anything started."""
    if any(p.status != "draft" for p in event.phases):
        raise ServiceError("template.started", N_("Phases have started: the plan can no longer change."))
    for phase in list(event.phases):
        event.phases.remove(phase)
    _create_phases(event, plan_for(event))  # flushed with the change that asked for it: one version step


def _phase_of(event: Event, key: str) -> Phase | None:
    return next((p for p in event.phases if p.key == key), None)


def placements_by_phase(event: Event) -> dict:
    """{phase key: routing.phase_places(...)} for every started phase."""
    return {p.key: routing.phase_places([bracket_rows.load(b) for b in p.brackets])
            for p in event.phases if p.status != "draft"}


def routed(event: Event) -> dict[str, list[routing.Routed]]:
    """Who goes where, from the placements settled so far."""
    labels = {p.key: routing.phase_labels([bracket_rows.load(b) for b in p.brackets])
              for p in event.phases if p.status != "draft"}
    return routing.route(plan_for(event).progressions, placements_by_phase(event), labels)


def entrants_for(phase: Phase) -> list[routing.Routed]:
    """The routed entrants of a phase, or the desk's override of them."""
    computed = routed(phase.event).get(phase.key, [])
    if phase.entrant_override is None:
        return computed
    tiers = {r.entrant_id: r for r in computed}
    return [tiers.get(i) or routing.Routed(i, 0, "desk") for i in phase.entrant_override]


def set_override(phase: Phase, entrant_ids: list[int], user=None) -> None:
    """The desk changes who enters a routed phase before it starts (logged)."""
    if phase.status != "draft":
        raise ServiceError("phase.started", N_("This phase has already started."))
    known = {e.id for e in phase.event.entrants}
    if len(set(entrant_ids)) != len(entrant_ids) or not set(entrant_ids) <= known:
        raise ServiceError("routing.override", N_("Each entrant may appear once, and only entrants of this event."))
    before = [r.entrant_id for r in entrants_for(phase)]
    phase.entrant_override = list(entrant_ids)
    audit.record("routing.override", user, phase.event_id, phase=phase.key, before=before, after=entrant_ids)


def set_override_by_names(phase: Phase, names: list[str], user=None) -> None:
    """The desk's list typed as entrant names, one per line."""
    by_name = {e.name: e.id for e in phase.event.entrants}
    missing = [n for n in names if n not in by_name]
    if missing:
        raise ServiceError("routing.unknown", N_("Not an entrant of this event: %(names)s"),
                           names=", ".join(missing))
    set_override(phase, [by_name[n] for n in names], user)


def start(phase: Phase, user=None, draw_seed: str | None = None, draw_groups: bool = False,
          pairing: list | None = None) -> None:
    """Start a template phase: entry phases from the entrant list, later ones from routing.

    `pairing` (KGP finals stage): the desk's [(winners-side id, losers-side id), ...].
    """
    if phase.status != "draft":
        raise ServiceError("phase.started", N_("This phase has already started."))
    plan = plan_for(phase.event)
    generated = (_start_entry(phase, plan, draw_seed if draw_groups else None) if phase.seeding == "entry"
                 else _start_routed(phase, plan, draw_seed, pairing))
    brackets.add_brackets(phase, generated)
    audit.record("phase.start", user, phase.event_id, phase=phase.key, draw=phase.draw)


def preview_brackets(phase: Phase) -> list:
    """The brackets the start would make, generated as the start does (nothing saved); none for a
    phase drawn at its start, paired on the preview page, or fed by phases that placed nobody yet."""
    plan = plan_for(phase.event)
    if phase.seeding == "entry":
        return _start_entry(phase, plan, None)
    routed_list = entrants_for(phase)
    if phase.seeding == "draw" or phase.format == "kgp_finals" or not routed_list:
        return []
    entrant_list, _record = plans.phase_entrants(plan, phase.key, routed_list, None)
    return plans.build_phase(plan, phase.key, entrant_list)


def _start_entry(phase: Phase, plan, draw_seed):
    domain = brackets.domain_entrants(phase.event.entrants)
    if draw_seed is not None:
        record = draws.make_draw([e.id for e in domain], draw_seed or None)
        phase.draw = _draw_dict(record, "groups")
        domain = [DomainEntrant(i, n) for n, i in enumerate(record.result, start=1)]
    entrant_list, assignment = plans.entry_split(plan, domain)[phase.key]
    return plans.build_phase(plan, phase.key, entrant_list, assignment)


def _start_routed(phase: Phase, plan, draw_seed, pairing=None):
    _check_sources_done(phase, plan)
    routed_list = entrants_for(phase)
    entrant_list, record = plans.phase_entrants(plan, phase.key, routed_list, draw_seed or None)
    if record:
        phase.draw = _draw_dict(record, "positions")
    extra = {}
    if phase.format == "kgp_finals":
        extra["previous_opponents"] = _previous_opponents(phase, plan)
        if pairing:
            extra["pairing"] = pairing
    return plans.build_phase(plan, phase.key, entrant_list, **extra)


def _previous_opponents(phase: Phase, plan) -> list:
    source = _phase_of(phase.event, plan.progressions[0].source_phase)
    return [p for b in source.brackets for p in recent_pairs(bracket_rows.load(b))]


def proposed_pairing(phase: Phase) -> list[tuple[int, int]]:
    """KGP finals stage: the qualifier pairing taikai proposes (no immediate rematch)."""
    routed_list = entrants_for(phase)
    winners = [r.entrant_id for r in routed_list if r.tier == 0]
    losers = [r.entrant_id for r in routed_list if r.tier == 1]
    if len(winners) != 2 or len(losers) != 2:
        return []
    return default_pairing(winners, losers, _previous_opponents(phase, plan_for(phase.event)))


def _check_sources_done(phase: Phase, plan) -> None:
    sources = {p.source_phase for p in plan.progressions if p.target_phase == phase.key}
    waiting = [p.name for p in phase.event.phases if p.key in sources and p.status != "done"]
    if waiting:
        raise ServiceError("routing.sources_running", N_("Finish %(phases)s first: its places decide who enters."),
                           phases=", ".join(waiting))


def _draw_dict(record, purpose: str) -> dict:
    return {"purpose": purpose, "seed": record.seed, "inputs": list(record.inputs),
            "result": list(record.result), "algorithm": record.algorithm_text,
            "instructions": draws.reproduction_instructions(record)}


def routing_changes(event: Event) -> list[dict]:
    """Started routed phases whose entrants no longer match the routing (after a correction)."""
    now = routed(event)
    changes = []
    for phase in event.phases:
        if phase.seeding == "entry" or phase.status == "draft" or phase.entrant_override is not None:
            continue
        actual = {e["id"] for b in phase.brackets for e in b.entrants}
        expected = {r.entrant_id for r in now.get(phase.key, [])}
        if actual != expected:
            wrong = actual - expected
            affected = [m for b in phase.brackets for m in b.matches if {m.slot_a, m.slot_b} & wrong]
            changes.append({"phase": phase, "missing": sorted(expected - actual), "unexpected": sorted(wrong),
                            "matches": affected})
    return changes


def final_standings(event: Event, placements=None) -> list[tuple[int, int, Entrant]]:
    """The whole event's standings by the template's rules (placements: a bracket's settled
    placements, standings.bracket_placements by the page that places them again)."""
    placements = placements or (lambda row: pool_tables.placements(row, to_read=True))
    per_phase = {p.key: [placements(b) for b in p.brackets]
                 for p in event.phases if p.status != "draft"}
    placed = plans.final_standings(plan_for(event), per_phase)
    # Only the placed entrants: while the event runs, a few of its thousands.
    ids = sorted({i for _rank, _rank_to, i in placed})
    by_id = {e.id: e for e in db.session.scalars(db.select(Entrant).where(Entrant.id.in_(ids)))} if ids else {}
    return [(rank, rank_to, by_id[i]) for rank, rank_to, i in placed]
