"""Starting phases and recording results: rows ⇄ the domain's bracket engine."""
from ..extensions import db
from ..models import BracketRow, Entrant, MatchRow, Phase
from ..tournament import bracket as engine
from ..tournament.errors import N_
from ..tournament.formats import generate
from ..tournament.formats.groups import generate_groups
from . import ServiceError, audit, batch_rows
from .entrants import seeded_order

MATCH_FIELDS = ("key", "side", "round", "index", "winner_to", "loser_to", "winner", "loser",
                "status", "walkover", "conditional")


def load(row: BracketRow) -> engine.Bracket:
    """Rebuild the domain bracket from its rows."""
    entrants = {e["id"]: engine.Entrant(id=e["id"], seed=e["seed"], tier=e.get("tier", 0))
                for e in row.entrants}
    matches = {m.key: _to_domain(m) for m in row.matches}
    return engine.Bracket(format=row.format, options=dict(row.options), entrants=entrants,
                          matches=matches, label=row.label)


def _to_domain(m: MatchRow) -> engine.Match:
    return engine.Match(key=m.key, side=m.side, round=m.round, index=m.index,
                        slots=[m.slot_a, m.slot_b],
                        winner_to=tuple(m.winner_to) if m.winner_to else None,
                        loser_to=tuple(m.loser_to) if m.loser_to else None,
                        winner=m.winner_id, loser=m.loser_id, status=m.status,
                        walkover=m.walkover, conditional=m.conditional)


def _copy_to_row(match: engine.Match, row: MatchRow) -> bool:
    """Copy the domain match onto its row; True when anything changed."""
    values = {"side": match.side, "round": match.round, "index": match.index,
              "slot_a": match.slots[0], "slot_b": match.slots[1],
              "winner_to": list(match.winner_to) if match.winner_to else None,
              "loser_to": list(match.loser_to) if match.loser_to else None,
              "winner_id": match.winner, "loser_id": match.loser, "status": match.status,
              "walkover": match.walkover, "conditional": match.conditional}
    changed = any(getattr(row, k) != v for k, v in values.items())
    for name, value in values.items():
        setattr(row, name, value)
    return changed


def save(bracket: engine.Bracket, row: BracketRow, keys=None) -> list[MatchRow]:
    """Write the domain's matches back (only `keys` when given); bump changed versions."""
    rows = {m.key: m for m in row.matches}
    changed = []
    for key in (keys if keys is not None else bracket.matches):
        match_row = rows[key]
        slots = (match_row.slot_a, match_row.slot_b)
        if _copy_to_row(bracket.matches[key], match_row):
            match_row.version += 1
            if slots != (match_row.slot_a, match_row.slot_b):
                match_row.slots_version = match_row.version
            changed.append(match_row)
    return changed


def add_brackets(phase: Phase, generated: list[engine.Bracket]) -> list[BracketRow]:
    """Persist freshly generated brackets of a phase and mark it running."""
    rows = [_new_bracket_row(phase, b) for b in generated]
    db.session.add_all(rows)
    phase.status = "running"
    _walk_over_new(phase, rows)
    return rows


def _walk_over_new(phase: Phase, rows: list[BracketRow]) -> None:
    dq = disqualified(phase.event_id)
    if not dq:
        return
    db.session.flush()
    for row in rows:
        bracket = load(row)
        save(bracket, row, _walkovers(bracket, dq))


def _new_bracket_row(phase: Phase, bracket: engine.Bracket) -> BracketRow:
    row = BracketRow(phase=phase, label=bracket.label, format=bracket.format,
                     options=bracket.options,
                     entrants=[{"id": e.id, "seed": e.seed, "tier": e.tier}
                               for e in bracket.entrants.values()])
    for match in bracket.matches.values():
        match_row = MatchRow(key=match.key, version=1, actions=[])
        _copy_to_row(match, match_row)
        row.matches.append(match_row)
    return row


def domain_entrants(entrants: list[Entrant]) -> list[engine.Entrant]:
    """Entrants in seed order, seeds renumbered 1..N for this phase."""
    ordered = seeded_order(entrants)
    return [engine.Entrant(id=e.id, seed=i, tier=e.tier) for i, e in enumerate(ordered, start=1)]


def start_phase(phase: Phase, entrants: list[Entrant], user=None, assignment=None) -> list[BracketRow]:
    """Generate the phase's brackets from its entrants and save them; the phase is running."""
    if phase.status != "draft":
        raise ServiceError("phase.started", N_("This phase has already started."))
    players = domain_entrants(entrants)
    if phase.group_count > 1:
        brackets = generate_groups(players, phase.group_count, phase.format,
                                   assignment=assignment or "snake", **phase.options)
    else:
        brackets = [generate(phase.format, players, **phase.options)]
    rows = add_brackets(phase, brackets)
    audit.record("phase.start", user, phase.event_id, phase=phase.id, entrants=len(players))
    return rows


def record_winner(match: MatchRow, winner_id: int, user=None, walkover=False) -> list[MatchRow]:
    """Record who won a match and advance both entrants; returns the changed rows."""
    batch_rows.brackets_loaded()  # a sync batch reads all its brackets at once
    bracket = load(match.bracket)
    keys = engine.record_result(bracket, match.key, winner_id, walkover=walkover)
    keys += _walkovers(bracket, disqualified(match.bracket.phase.event_id))
    changed = save(bracket, match.bracket, list(dict.fromkeys(keys)))
    _finish_phase_if_done(match.bracket.phase)
    return changed


def disqualified(event_id: int) -> set[int]:
    """Ids of the event's disqualified entrants."""
    kept = batch_rows.disqualified(event_id)  # a sync batch reads them once for all its events
    if kept is not None:
        return kept
    return {i for (i,) in db.session.query(Entrant.id).filter_by(event_id=event_id, dq=True)}


def _walkovers(bracket: engine.Bracket, dq: set[int]) -> list[str]:
    """Give every ready match with a disqualified entrant to the opponent, as far as it goes."""
    keys: list[str] = []
    while dq:
        match = next((m for m in bracket.ready_matches() if set(m.slots) & dq), None)
        if match is None:
            break
        winner = match.slots[1] if match.slots[0] in dq else match.slots[0]
        keys += engine.record_result(bracket, match.key, winner, walkover=True)
    return keys


def disqualify(entrant: Entrant, user=None, reason: str = "") -> list[MatchRow]:
    """Disqualify an entrant for the rest of the event: their matches become walkovers."""
    if not reason.strip():
        raise ServiceError("dq.reason", N_("Give the reason for the disqualification."))
    entrant.dq = True
    audit.record("entrant.dq", user, entrant.event_id, entrant=entrant.id, reason=reason)
    db.session.flush()
    changed = []
    for phase in entrant.event.phases:
        for row in phase.brackets:
            bracket = load(row)
            keys = _walkovers(bracket, disqualified(entrant.event_id))
            changed += save(bracket, row, keys)
        if phase.brackets:
            _finish_phase_if_done(phase)
    return changed


def correct_winner(match: MatchRow, winner_id: int, user=None, cascade=False, reason="") -> engine.Correction:
    """Change a decided match's winner; downstream matches reopen (played ones only with cascade)."""
    bracket = load(match.bracket)
    correction = engine.correct_result(bracket, match.key, winner_id, cascade=cascade)
    save(bracket, match.bracket, correction.changed)
    for row in match.bracket.matches:
        if row.key in correction.played:
            row.actions = []
            row.flagged = "reopened_by_correction"
    match.bracket.phase.status = "running"
    audit.record("match.correct", user, match.bracket.phase.event_id, match=match.id,
                 winner=winner_id, reopened=correction.reopened, played=correction.played,
                 reason=reason)
    return correction


def reopen_match(match: MatchRow, user=None, reason="") -> engine.Correction:
    """A decided match has no result any more (a void's ruling sent it back to play)."""
    bracket = load(match.bracket)
    correction = engine.reopen_result(bracket, match.key)
    save(bracket, match.bracket, correction.changed)
    match.bracket.phase.status = "running"
    audit.record("match.reopen", user, match.bracket.phase.event_id, match=match.id,
                 reopened=correction.reopened, reason=reason)
    return correction


OPEN = ("pending", "ready")


def _finish_phase_if_done(phase: Phase) -> None:
    # Generated matches only: a bracket is finished when none is left to play
    # (unneeded resets and replays are "void", a stopped double elimination
    # generates nothing past its top 4).
    if not any(m.status in OPEN for row in phase.brackets for m in row.matches):
        phase.status = "done"


def placements(row: BracketRow) -> list[engine.Placement]:
    """Settled placements of one bracket, best first."""
    return sorted(engine.placements(load(row)), key=lambda p: (p.rank, p.entrant_id))
