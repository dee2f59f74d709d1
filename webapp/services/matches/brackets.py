"""Starting phases and recording results: rows ⇄ the domain's bracket bracket_engine."""
from sqlalchemy import bindparam, select
from sqlalchemy import update as sa_update

from ...extensions import db
from ...models import BracketRow, Entrant, MatchRow, Phase, Signup
from ...tournament import bracket as bracket_engine
from ...tournament import bracket_results, formats
from ...tournament.errors import N_
from ...tournament.formats import generate
from ...tournament.formats.groups import generate_groups
from .. import ServiceError
from ..accounts import audit
from ..entrants.entrant_lists import seeded_order
from ..entries import preloaded
from . import bracket_rows, seeding, swiss_rounds


def add_brackets(phase: Phase, generated: list[bracket_engine.Bracket]) -> list[BracketRow]:
    """Persist freshly generated brackets of a phase and mark it running."""
    rows = [_new_bracket_row(phase, b) for b in generated]
    per_wave = int((phase.options or {}).get("pools_per_wave") or 0)
    for index, row in enumerate(rows):  # many pools on one day: pools of one wave are called before the next's
        row.wave = index // per_wave if per_wave else 0
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
        bracket = bracket_rows.load(row)
        bracket_rows.save(bracket, row, _walkovers(bracket, dq))


def _new_bracket_row(phase: Phase, bracket: bracket_engine.Bracket) -> BracketRow:
    row = BracketRow(phase=phase, label=bracket.label, format=bracket.format,
                     options=bracket.options,
                     entrants=[{"id": e.id, "seed": e.seed, "tier": e.tier}
                               for e in bracket.entrants.values()])
    for match in bracket.matches.values():
        match_row = MatchRow(key=match.key, version=1, actions=[])
        bracket_rows.copy_to_row(match, match_row)
        row.matches.append(match_row)
    return row


def domain_entrants(entrants: list[Entrant]) -> list[bracket_engine.Entrant]:
    """Entrants in seed order, seeds renumbered 1..N for this phase."""
    ordered = seeded_order(entrants)
    return [bracket_engine.Entrant(id=e.id, seed=i, tier=e.tier) for i, e in enumerate(ordered, start=1)]


# Phase options that are the phase's own, not its format's (progressions.py; best-of by round)
PHASE_OPTIONS = ("progression", "best_of_by_round", "separate", "pool_size", "pools_per_wave", "kept_draw")


def format_options(phase: Phase) -> dict:
    """The phase's options its format reads (generate refuses any other)."""
    return {k: v for k, v in (phase.options or {}).items() if k not in PHASE_OPTIONS}


def start_phase(phase: Phase, entrants: list[Entrant], user=None, assignment=None,
                players: list | None = None, draw_seed: str | None = None,
                generate_options: dict | None = None) -> list[BracketRow]:
    """Generate the phase's brackets from its entrants (seeded ones by seed, the unseeded by a
    recorded draw from `draw_seed`) or from the domain players given, already seeded (a
    progression's, with the ``generate_options`` that place them), and save them; the phase is running."""
    if phase.status != "draft":
        raise ServiceError("phase.started", N_("This phase has already started."))
    if players is None:
        arranged = seeding.arrange(phase, entrants, draw_seed, lambda p: build(phase, p, assignment))
        players, phase.draw = arranged.players, arranged.draw_dict()
    rows = add_brackets(phase, build(phase, players, assignment, generate_options))
    audit.record("phase.start", user, phase.event_id, phase=phase.id, entrants=len(players),
                 draw=(phase.draw or {}).get("seed"))
    return rows


def pool_count(phase: Phase, players: int) -> int:
    """The phase's pools: its count, or as many as its pool size needs (an event file's ``pool_size``:
    the count follows the entrants who turn up)."""
    size = (phase.options or {}).get("pool_size")
    return max(1, -(-players // int(size))) if size else phase.group_count


def build(phase: Phase, players: list, assignment=None, generate_options: dict | None = None
          ) -> list[bracket_engine.Bracket]:
    """The phase's brackets for players already in seed order (nothing saved)."""
    count, options = pool_count(phase, len(players)), {**format_options(phase), **(generate_options or {})}
    if count > 1:
        return generate_groups(players, count, phase.format, assignment=assignment or "snake", **options)
    return [generate(phase.format, players, **options)]


def record_winner(match: MatchRow, winner_id: int, user=None, walkover=False) -> list[MatchRow]:
    """Record who won a match and advance both entrants; returns the changed rows.

    Reads the match, the (at most two) matches it feeds and their other feeders, not the
    whole bracket: a day's cost per result stays flat however big the bracket is.
    """
    dq = disqualified(match.bracket.phase.event_id)
    if dq:  # walkovers may be due anywhere in the bracket: the whole bracket, as a DQ needs
        return _record_in_whole(match, winner_id, walkover, dq)
    bracket = around(match)
    keys = bracket_results.record_result(bracket, match.key, winner_id, walkover=walkover)
    changed = bracket_rows.save(bracket, match.bracket, keys, bracket.matches.rows)
    paired = _next_round_if_due(match.bracket, dq)  # a Swiss round's last result
    _finish_phase_if_done(match.bracket.phase, [*bracket.matches.rows.values(), *paired])
    return changed + paired


def _record_in_whole(match: MatchRow, winner_id: int, walkover: bool, dq: set[int]) -> list[MatchRow]:
    preloaded.brackets_loaded()  # a sync batch reads all its brackets at once
    bracket = bracket_rows.load(match.bracket)
    keys = bracket_results.record_result(bracket, match.key, winner_id, walkover=walkover) + _walkovers(bracket, dq)
    changed = bracket_rows.save(bracket, match.bracket, list(dict.fromkeys(keys)))
    paired = _next_round_if_due(match.bracket, dq)
    _finish_phase_if_done(match.bracket.phase, paired)
    return changed + paired


def _next_round_if_due(row: BracketRow, dq: set[int]) -> list[MatchRow]:
    """The next round's rows, for a format registered as pairing its rounds as they end (Swiss)."""
    pairs = getattr(formats.FORMATS.get(row.format), "pairs_as_played", False)
    return swiss_rounds.pair_next_if_due(row, dq) if pairs else []


class _Held(dict):
    """Domain matches by key, the rows they came from in `rows`; a match a walk asks for
    beyond those held (a bye or a void handed on) is read when asked for."""

    def __init__(self, bracket_id: int, rows: dict):
        super().__init__((key, bracket_rows.to_domain(row)) for key, row in rows.items())
        self.bracket_id, self.rows = bracket_id, rows

    def __missing__(self, key):
        row = preloaded.matches_by_key(self.bracket_id, [key]).get(key)
        if row is None:
            raise KeyError(key)
        self.rows[key] = row
        self[key] = bracket_rows.to_domain(row)
        return self[key]


def around(match: MatchRow) -> bracket_engine.Bracket:
    """The part of the match's bracket a result on it reads, as the bracket engine's partial bracket."""
    row = match.bracket
    feeders = bracket_rows.feeders_of(row)
    keys = bracket_engine.neighbourhood(match.key, match.winner_to, match.loser_to, feeders)
    rows = {match.key: match, **preloaded.matches_by_key(row.id, keys[1:])}
    return bracket_engine.partial(row.format, dict(row.options), _Held(row.id, rows), feeders, row.label)


def disqualified(event_id: int) -> set[int]:
    """Ids of the event's disqualified entrants."""
    kept = preloaded.disqualified(event_id)  # a sync batch reads them once for all its events
    if kept is not None:
        return kept
    return {i for (i,) in db.session.query(Entrant.id).filter_by(event_id=event_id, dq=True)}


def _walkovers(bracket: bracket_engine.Bracket, dq: set[int]) -> list[str]:
    """Give every ready match with a disqualified entrant to the opponent, as far as it goes."""
    keys: list[str] = []
    while dq:
        match = next((m for m in bracket.ready_matches() if set(m.slots) & dq), None)
        if match is None:
            break
        winner = match.slots[1] if match.slots[0] in dq else match.slots[0]
        keys += bracket_results.record_result(bracket, match.key, winner, walkover=True)
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
        paired = []
        for row in phase.brackets:
            bracket = bracket_rows.load(row)
            keys = _walkovers(bracket, disqualified(entrant.event_id))
            changed += bracket_rows.save(bracket, row, keys)
            paired += _next_round_if_due(row, disqualified(entrant.event_id))
        if phase.brackets:
            _finish_phase_if_done(phase, paired)  # a Swiss round just paired keeps its phase running
        changed += paired
    return changed


def correct_winner(match: MatchRow, winner_id: int, user=None, cascade=False, reason="") -> bracket_engine.Correction:
    """Change a decided match's winner; downstream matches reopen (played ones only with cascade)."""
    check_feeds_no_started_phase(match.bracket.phase)
    bracket = bracket_rows.load(match.bracket)
    correction = bracket_results.correct_result(bracket, match.key, winner_id, cascade=cascade)
    bracket_rows.save(bracket, match.bracket, correction.changed)  # played and in-progress matches restart (I1)
    if correction.reopened:  # a pool's correction reopens nothing: its phase stays finished
        match.bracket.phase.status = "running"
    audit.record("match.correct", user, match.bracket.phase.event_id, match=match.id,
                 winner=winner_id, reopened=correction.reopened, played=correction.played,
                 reason=reason)
    return correction


def check_feeds_no_started_phase(phase: Phase) -> None:
    """Refuse a change to a phase whose places a started phase already took (progressions.py)."""
    taken = [p for p in phase.event.phases if p.status != "draft"
             and ((p.options or {}).get("progression") or {}).get("from") == phase.id]
    if taken:
        raise ServiceError("progression.next_started",
                           N_("%(phase)s has already started with this phase's places: a result here can "
                              "no longer change who went on."), phase=taken[0].name)


def reopen_match(match: MatchRow, user=None, reason="") -> bracket_engine.Correction:
    """A decided match has no result any more (a void's ruling sent it back to play)."""
    bracket = bracket_rows.load(match.bracket)
    correction = bracket_results.reopen_result(bracket, match.key)
    bracket_rows.save(bracket, match.bracket, correction.changed)
    match.bracket.phase.status = "running"
    audit.record("match.reopen", user, match.bracket.phase.event_id, match=match.id,
                 reopened=correction.reopened, reason=reason)
    return correction


OPEN = ("pending", "ready")

# Is any match of the phase still to play, among those not changed in memory? (built once)
_OPEN_LEFT = (select(MatchRow.id).join(BracketRow, MatchRow.bracket_id == BracketRow.id)
              .where(BracketRow.phase_id == bindparam("phase"), MatchRow.status.in_(OPEN),
                     MatchRow.id.not_in(bindparam("changed", expanding=True))).limit(1))


def _finish_phase_if_done(phase: Phase, touched=()) -> None:
    """The phase is done once none of its matches is left to play.

    Generated matches only: unneeded resets and replays are "void", a stopped double
    elimination generates nothing past its top 4. A result that left a match it touched
    open settles it at once; otherwise the database is asked about the others (in a sync
    batch, once for all its phases), the rows changed in memory or since that read by themselves.
    """
    if any(m.status in OPEN for m in touched):
        return
    read = preloaded.open_in_database(phase.id)  # a sync batch reads its phases' once
    changed = [m for m in {*db.session.new, *db.session.dirty, *preloaded.flushed_matches()}
               if isinstance(m, MatchRow) and m.bracket is not None and m.bracket.phase is phase]
    if any(m.status in OPEN for m in changed):
        return
    ids = {m.id for m in changed if m.id is not None}
    if read is not None:
        left = read - ids
    else:
        left = _open_left(phase, ids)
    if left and _concurrent_writers():
        left = _open_left_after_locking(phase, ids)
    if not left:
        phase.status = "done"
        if all(p.status == "done" for p in phase.event.phases):  # the senders' keyed addresses are not needed now
            db.session.execute(sa_update(Signup).where(Signup.event_id == phase.event_id).values(address=""))


def _open_left(phase: Phase, changed_ids: set[int]):
    with db.session.no_autoflush:
        return db.session.execute(_OPEN_LEFT, {"phase": phase.id, "changed": sorted(changed_ids) or [0]}).first()


def _concurrent_writers() -> bool:
    """PostgreSQL runs writers side by side; SQLite one at a time (BEGIN IMMEDIATE)."""
    return db.session.get_bind().dialect.name != "sqlite"


# Two transactions deciding the last open matches of one phase (two pools, two stations) each read
# the other's match as open — neither had committed — and the phase stayed "running" for good.
# Reading again under the phase row's lock settles it: the second to lock waits for the first's
# commit and then sees its result. The lock is the one the version bump of this transaction's
# flush takes anyway (versions.py); it is taken here a little earlier, once a match is decided.
_LOCK_PHASE = select(Phase.id).where(Phase.id == bindparam("phase")).with_for_update()


def _open_left_after_locking(phase: Phase, changed_ids: set[int]):
    with db.session.no_autoflush:
        db.session.execute(_LOCK_PHASE, {"phase": phase.id})
    return _open_left(phase, changed_ids)


def placements(row: BracketRow, to_read: bool = False) -> list[bracket_engine.Placement]:
    """Settled placements of one bracket, best first (to_read: for a page, load_to_read)."""
    return sorted(formats.placements(bracket_rows.load_to_read(row) if to_read else bracket_rows.load(row)),
                  key=lambda p: (p.rank, p.entrant_id))
