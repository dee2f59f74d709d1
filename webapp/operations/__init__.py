"""The operation pipeline: every staff or desk entry, decided and logged with its outcome.

Read this first (docs/design.md says why it is built so). Every change a phone, a staff form or
the desk makes to a match, an entrant's standing or a station is an *entry* (an operation:
op_id, device, kind, match, payload); the log of entries replays to the same brackets.
An entry is a services/entries/entry.Entry, built once where it comes in (from_wire, from_form,
by_server, from_log) and read by its fields after that; its kind is one of the entry kinds
registered once and whole by webapp/operations/kinds/ (label, flags, schema, decider).

The path of an entry
--------------------
One push for every author: POST /sync/ops (a staff phone), /sync/received (the desk taking a
shared phone's entries) and /e/<slug>/me/sync (a player's own report, sync/players.py) all read
the body with BatchSchema and call sync/push.apply_batch (each raw entry loaded into an Entry, a
malformed one answered at once); the form routes (webapp/views: staff, desk, conflicts, a
player's report form) build an Entry from the form. All of them call submit.py, with their author:
a staff or desk account, None for the server, or a player (a Reporter: the entries are held in
the player's report, services/players/report_entries.py, and come back here when confirmed).

1. submit   submit_many(ops, user): one write transaction for the batch; a Batch (preload.py)
            made for it holds what its entries share. Each entry: a resend's first outcome
            (I3), else decided, else refused; then the held entries it made ready
            (decide.release_ready). A push reads no row after its commit (it answers from the
            outcomes), so that commit leaves them unexpired (database.write_transaction).
2. preload  preload.py reads the batch's matches, the rows above them, their neighbours,
            entrants' info and members (plain rows) in a few queries; PostgreSQL locks them here (I4).
3. decide   decide.py: the kind's decider from the registry, after its checks (payloads.py:
            printable text, the action's schema),
            the match locked, then applied / confirmed / held (held.py) / a conflict,
            or a RuleViolation / ServiceError / ValidationError: refused.
4. log      log.py writes the entry with its outcome (and reads it back); in a batch the
            rows wait and go in with one statement. An applied entry may call the next match to a
            freed station (autocall.py), itself a logged entry.
5. answer   log.Outcome.to_dict(), its message translated by the caller; the phone
            reads later outcomes (held entries settled, entries a void undid) on /sync/outcomes.

Entries the server makes itself go the same way: desk.py (a desk page's DQ / withdrawal,
the automatic walkovers), autocall.py (station calls). export.py writes the log as JSON
lines and replays it through submit_many (`flask oplog export|replay`); the event download
is the same export limited to one event (event_scope.py), and every export (those two, the
mirror's push in webapp/mirror/, the standings CSV) takes only the columns leave.py allows.

Outcomes
--------
applied    the entry changed the match (or the entrant, the station) now.
confirmed  the same action was already recorded at its step (another phone's twin).
duplicate  this op_id was logged before: the first outcome, answered again (a held one
           answers "held" again: the phone keeps asking).
held       the match's players are not known yet ("held.waiting") or its step is ahead
           ("held.earlier_entries"): logged, nothing changes; decided again when the match moves.
conflict   for the desk: "participants_changed", "players_differ", "different_result",
           "follows_refused" (decide._CONFLICTS).
rejected   refused by the rules or the input (their code, e.g. "op.invalid", "op.kind",
           "op.no_match", "op.control_characters", "op.reused" for an op_id used for another
           entry), "op.malformed" (sync/push.py), or "server.error" (a fault, kept for the desk).
An applied entry may later carry `undone` (a void or a restart undid it, I1), and a conflict
its `resolution` / `lost` once the desk decided it.

Invariants of results (docs/design.md, "Invariants of results"), and what holds each
----------------------------------------------------------------------------------
I1  A game stays with the players who played it. Whatever changes who sits in a match that
    has entries (correction, DQ walkover or its undo, void ruling, conflict decision) undoes
    them — kept in the log, flagged `undone` with the reason, the phones told on their next
    sync (log.undone_entries), the match flagged for the desk — and the match restarts:
    services/matches/bracket_rows.restart_if_players_changed, called by bracket_rows.save for every row it
    changes. The previews say the same beforehand: bracket_rows.restarted_by (corrections.preview,
    corrections.dq_restarts). A walkover takes no games: play.apply_action refuses them.
I2  An entry is applied at the step its phone put it, or not at all: decide._placed with
    held.follows_refused — a later step is held (held.note), an entry after the same
    phone's refused one is a conflict "follows_refused"; held entries are decided again at
    their own step by decide.release_ready, in step order (held.held_rows).
I3  Every entry has exactly one final outcome, and an applied one appears once, in phone
    order: the op_id is UNIQUE and looked up under the write lock (submit._replayed,
    log.replayed: a resend answers "duplicate", or "held" again while it waits); a held
    entry's final outcome is written once on its own log row (held.settle).
I4  The brackets equal a serial replay of the log wherever no two entries conflict: every
    batch runs under one write lock (SQLite BEGIN IMMEDIATE; PostgreSQL the batch's brackets
    locked FOR UPDATE in id order, submit._lock_brackets_of / preload.locked_rows), so the
    log's order is an order the entries were really applied in; export.py replays it. A DQ,
    a withdrawal and their undo are entries too (services/decisions/disqualifications.py), so the replay
    makes them. Any other difference is a conflict or a held entry on the desk's queue.
I5  A match waiting for a desk ruling is not decided and its winner does not advance:
    play.decided_winner (None while a void waits) in play.apply_action, which takes the
    result back (brackets.reopen_match) when a void opens a ruling.
tests/service/test_results_invariants.py checks all five as a hypothesis state machine.

Every refusal happens before any change
---------------------------------------
services/matches/play.apply_action runs every check that can refuse a match-play entry before it
changes anything (a void that flips or reopens a result included: brackets.correct_winner and
reopen_match refuse before they change), so a refused entry leaves no trace without a
savepoint around it. That is what lets the first strategy below skip savepoints for match
play; entries of every other kind (desk, DQ, check-in, station) keep one each. Checked by
tests/service/test_refusal_leaves_no_trace.py (a refused entry in a batch without savepoints:
its match ends as if the entry never came), test_results_invariants.py (refused entries in
any order; at the end the brackets must equal a serial replay of the log, I4) and
test_sync_batch_faults.py (a fault *after* a change is not a refusal: the batch is rerun with
savepoints and only that entry is lost).

The three strategies (submit.submit_many)
-----------------------------------------
1. No savepoints (both databases; submit.PG_SAVEPOINTS = False): the batch in one
   transaction, a savepoint only around entries of other kinds than match play.
2. Rerun with a savepoint per entry, when an entry raised anything but a refusal (_Unsafe:
   it may have left a half-made change): the whole batch rolled back and run again, each
   entry in its own savepoint, a fault kept as "server.error" for that entry alone.
3. One transaction per entry (PostgreSQL only), after an IntegrityError or OperationalError
   (a concurrent request logged one of these op_ids first, or the database broke a lock cycle
   with a desk page): each entry decided again in its own transaction (_own_transaction);
   a duplicate op_id then answers the concurrent request's outcome, and settles at once a
   held follower of an entry that request refused (I2).

Batch state (preload.py)
------------------------
One Batch per transaction: its waiting log rows, whether it holds its matches' locks, its
preloaded rows, the matches with held entries, the phones with a refused entry. Inside this
package it is passed explicitly; services/entries/preloaded.current() is the one context variable, for services
deep in an entry's call chain (brackets, play, bracket_rows) that read the preload or write the
waiting log rows (preload.py's docstring).

Speed (bench/sync.py: 2,000 entries over HTTP in batches of 50 through the production server)
---------------------------------------------------------------------------------------------
Figures in docs/benchmarks.md (written by the bench). The measures, each where it is and what
it saves:
- one transaction, one write lock and one durable commit per batch, not per entry (submit._batch);
- no savepoint per match entry (submit.PG_SAVEPOINTS): three PostgreSQL round trips an entry;
- log rows written together by one Core INSERT (log.write_pending);
- the batch's rows preloaded in a few queries, kept in memory for the batch and read by a dict
  look-up (preload.py, submit._rows_kept_in_memory); a finished match's bracket links, open
  matches and event phases read once per batch, not three queries per finished match;
- statements built once, their ids an expanding parameter (preload.py, submit._LOGGED);
- whether each event has stations and disqualified entrants read with its matches (two EXISTS in the
  preload's query, models/__init__.py): an event without stations reads neither its phases for
  auto-calls nor its stations for the stream scoreboard after the commit, one without a DQ no list of them;
- the phone's sync noted and its undone entries read in the batch's own transaction (sync/api.py):
  no read transaction after the commit; the phone's and the session's rows updated by statements built
  once, not read first;
- no autoflush during a batch (one flush at the end, not one before every read);
- held entries and refused phones read in one query per batch (held.new_batch);
- services/entries/payloads.quick_load: plainly well-formed payloads checked by their fields' validators, not
  marshmallow's load (a sizeable share of an entry's cost); payloads.check_printable: one regex
  search in C (a category look-up per character cost more than the entry).

Layers: this package sits above the services (pyproject.toml's import-linter contracts): it
decides entries with the services' rules; they read what a batch preloaded through an interface
they own (services/entries/preloaded), and reach the pipeline only through the
hooks registered here at app start (services/entries/pipeline). It imports no views, and the domain
(webapp/tournament) imports neither.
"""


def init_app(_app) -> None:
    """Register the pipeline's entry points for the services that make entries (services/entries/pipeline)."""
    from ..services.entries import pipeline
    from .log import record
    from .submit import submit, submit_many

    pipeline.register(submit=submit, submit_many=submit_many, record=record)
