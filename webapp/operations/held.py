"""Where a match entry goes (I2): applied at the step its phone put it, held until then, or not at all.

A match entry carries `position`: the step of the match its phone put it at (the phone
counts the steps it knows, recorded or its own unsent ones). `decide_match` places it:

- a step already recorded: the same action is *confirmed*, another is a conflict;
- the next step: applied — unless the same phone's entry for the step before it was
  refused (rejected or a conflict) and nothing of that phone stands at that step: then the
  entry was made on a match that never was, and it becomes a conflict "follows a refused
  entry", shown with the refused one side by side (`follows_refused`);
- a later step: *held* until the steps before it are recorded (the same phone's earlier
  entries arrive after it, or another phone's), then decided again at its own step
  (decide.release_ready); if one of those earlier entries of the same phone is refused
  meanwhile, it becomes the "follows a refused entry" conflict. Never moved into a gap.

A corrected resend of the refused entry (a new entry at the refused one's step) is
applied at that step: the step before it stands.

An entry made offline for a match whose players the server does not know yet is held too.
Such an entry is logged as "held" (nothing changes) and carries the players the phone
saw sitting down (payload "slots": {"a": entrant id, "b": entrant id}). As soon as the
match becomes ready, its held entries are decided again (decide.release_ready) in the order they arrived (each
device's own order): applied when the same players reached the match, else a conflict
for the desk with both sides shown. The phone reads the final outcome on /sync/outcomes.

A batch knows which matches have held entries and which phones had an entry refused in which of
the matches it may decide entries of (Batch.held, Batch.refused): both read here in one query when
it starts (new_batch). Those matches are its own entries' and the held ones' (an entry is only ever
decided on its own match, now or when released): refusals elsewhere are not read, so the read does
not grow with the database's refusals (a laptop that keeps a year of weeklies).
"""
from collections.abc import Iterable

from sqlalchemy import bindparam, func, select, union

from ..extensions import db
from ..models import MatchRow, Operation
from ..services.entries.entry import Entry, named_players, position_of  # noqa: F401 - named_players: its name here
from ..tournament.errors import N_
from .preload import Batch

WAITING = "pending"  # the bracket engine's state of a match whose players are not all known
MESSAGE = N_("Waiting for an earlier result: this entry is applied as soon as the match's players are known.")
REFUSED = ("rejected", "conflict")
STANDING = ("applied", "confirmed")
AHEAD = N_("Waits for this match's earlier entries: it is applied by itself at its own step as soon as "
           "they are recorded.")


def must_wait(match: MatchRow) -> bool:
    """True when the match's players are not all known yet: an entry for it is held."""
    return match.status == WAITING


# Built once. The refused entries' phones and matches come in the same read (follows_refused needs
# them on every batch): one round trip instead of two. The held through the outcome index (they are
# few); the refused through the match_id index, of the batch's own matches and of those with held
# entries only: their outcome is compared as coalesce(outcome, '') so that no planner reads every
# refused entry through the outcome index instead (SQLite's did), and the two sets of matches are
# two branches (PostgreSQL scanned the whole log for an OR of them).
_HELD_MATCHES = select(Operation.match_id).where(Operation.outcome == "held", Operation.match_id.is_not(None))
_ROW = select(Operation.outcome, Operation.device_id, Operation.match_id)
_REFUSED = func.coalesce(Operation.outcome, "").in_(REFUSED)
_HELD_OR_REFUSED = union(
    _ROW.where(Operation.outcome == "held", Operation.match_id.is_not(None)),
    _ROW.where(_REFUSED, Operation.match_id.in_(bindparam("matches", expanding=True))),
    _ROW.where(_REFUSED, Operation.match_id.in_(_HELD_MATCHES)))


def new_batch(*, matches: Iterable[int], log_rows: list | None = None, locked: bool = False) -> Batch:
    """A batch for a write transaction on entries of `matches`, knowing which matches have held
    entries and which phones had an entry refused in which of those (follows_refused): one read for
    both, under the write lock. `matches` has no default: a batch that left out its own would not see
    their refusals."""
    rows = db.session.connection().execute(_HELD_OR_REFUSED, {"matches": sorted(set(matches))}).all()
    return Batch(log_rows=log_rows, locked=locked,
                 held={match_id: None for outcome, _, match_id in rows if outcome == "held"},
                 refused={(device, match_id) for outcome, device, match_id in rows if outcome != "held"})


def note(batch: Batch, match_id: int) -> None:
    """An entry for this match was just held."""
    batch.held.setdefault(match_id, None)


def touch(batch: Batch, match_id: int) -> None:
    """Something its held entries depend on changed without a new version (a refusal): try again."""
    if match_id in batch.held:
        batch.held[match_id] = None


def note_refused(batch: Batch, device_id: str, match_id) -> None:
    """An entry of this phone for this match was just refused."""
    if isinstance(match_id, int):
        batch.refused.add((device_id or "", match_id))


def follows_refused(batch: Batch, op: Entry, match_id: int, position: int | None) -> dict | None:
    """The same phone's refused entry at the step before this one, when nothing of that phone
    stands at that step; else None."""
    device = op.device_id
    if not position or (device, match_id) not in batch.refused:
        return None
    before = [entry for entry in _phone_entries(batch, device, match_id) if entry["position"] == position - 1]
    if any(entry["outcome"] in STANDING for entry in before):
        return None
    refused = [entry for entry in before if entry["outcome"] in REFUSED]
    return refused[-1] if refused else None


def _phone_entries(batch: Batch, device: str, match_id: int) -> list[dict]:
    """This phone's entries for the match, oldest first (logged, then pending in this batch)."""
    rows = db.session.execute(select(Operation.op_id, Operation.payload, Operation.outcome).where(
        Operation.match_id == match_id, Operation.device_id == device).order_by(Operation.id))
    out = [{"op_id": op_id, "position": _logged_position(payload), "outcome": outcome}
           for op_id, payload, outcome in rows]
    out += [{"op_id": v["op_id"], "position": _logged_position(v["payload"]), "outcome": v["outcome"]}
            for v in (batch.log_rows or []) if v["match_id"] == match_id and v["device_id"] == device]
    return out


def _logged_position(payload) -> int | None:
    return position_of(payload.get("position")) if isinstance(payload, dict) else None


FOLLOWS = N_("This entry was made after your entry for step %(step)s of this match, which was refused: "
             "it is kept, not moved into that step's place. Enter step %(step)s again corrected, or the "
             "desk decides.")


def ready_to_release(batch: Batch, only: int | None = None) -> list[MatchRow]:
    """Matches with held entries that have moved since they were last tried and are not waiting
    for their players."""
    waiting = batch.held
    if not waiting:  # the usual case: nothing is held
        return []
    ids = sorted(waiting if only is None else set(waiting) & {only})
    matches = [db.session.get(MatchRow, match_id) for match_id in ids]
    return [m for m in matches if m is not None and not must_wait(m) and waiting[m.id] != m.version]


def tried(batch: Batch, match: MatchRow, still_held: bool) -> None:
    """Its held entries were decided as far as they can be at the match's version."""
    if still_held:
        batch.held[match.id] = match.version
    else:
        batch.held.pop(match.id, None)


def held_rows(match: MatchRow) -> list[Operation]:
    """The match's held entries in step order (by position when each has one, else as they came).

    Read through the session's objects: an entry settled earlier in this batch is not held,
    whatever the database still says (the batch does not flush before reading)."""
    rows = [r for r in db.session.query(Operation).filter(Operation.match_id == match.id, Operation.outcome == "held")
            .order_by(Operation.id) if r.outcome == "held"]
    positions = [steps_position(r) for r in rows]
    if None in positions:
        return rows
    return [r for _, r in sorted(zip(positions, rows, strict=True), key=lambda pair: pair[0])]


def steps_position(row: Operation) -> int | None:
    return position_of((row.payload or {}).get("position"))


def as_op(row: Operation) -> Entry:
    """A logged entry as the entry it was."""
    return Entry.from_log(row)


def settle(row: Operation, outcome) -> None:
    """Record the final outcome of a held entry on its log row (the phone reads it there)."""
    row.outcome, row.code, row.message = outcome.outcome, outcome.code, outcome.message
    row.params, row.match_version = outcome.params or {}, outcome.match_version


def waiting_entries(event_id: int | None = None) -> list[Operation]:
    """Held entries still waiting, oldest first (for the desk's queue)."""
    query = db.session.query(Operation).filter(Operation.outcome == "held")
    rows = query.order_by(Operation.id).all()
    if event_id is None:
        return rows
    return [r for r in rows if _event_of(r) == event_id]


def _event_of(row: Operation) -> int | None:
    match = db.session.get(MatchRow, row.match_id) if row.match_id else None
    return match.bracket.phase.event_id if match else None
