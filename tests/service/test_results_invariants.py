"""I1–I5 as a hypothesis state machine against the real database (SQLite, or DATABASE_URL).

Phones enter a 4-team 5on5 kachinuki (coin toss, namings, games, penalties) from what
they last saw plus their own unsent entries, with a position each, as the staff page does;
the outbox delivers in any order, replies get lost and are resent, a second phone sends
twins (the same entry, or a different one for the same step). Each phone is a referee of its
own (two people of one event, signed in with the event's PIN): they sign out and back in, and
try each other's name; every entry is logged under the one who sent it, and one's sign-out leaves
the other signed in (a signed-out phone keeps its entries). The desk corrects results,
gives walkovers, disqualifies or withdraws entrants and takes that back, voids an early game after later ones (the rules then wait for its ruling)
and rules. Players report their own matches too (issue 30): the opponent confirms or disputes,
the desk applies or discards a report, the event's clock confirms one by itself; a referee's
entry outranks a report. After every step I1, I2, I3 and I5 are checked from the database and from the
answers the phones got; at the end I4 (the brackets equal a serial replay of the log).
The invariants and where each is held: webapp/operations/__init__.py.
"""
import itertools
import uuid

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from phone_entries import submit_many
from play_support import team_event

from bench import phone_bytes
from webapp import create_app
from webapp.database import write_transaction
from webapp.extensions import db
from webapp.models import Conflict, Entrant, MatchRow, Operation, PlayerReport, User
from webapp.operations import export as oplog
from webapp.operations.decide import same_action
from webapp.services import ServiceError
from webapp.services.accounts import login_sessions
from webapp.services.accounts import users as accounts
from webapp.services.entries.entry import Entry
from webapp.services.entries.payloads import load_action
from webapp.services.matches import bracket_rows, play
from webapp.services.players import report_clock, report_versions, self_report
from webapp.tournament import play as domain
from webapp.tournament.errors import RuleViolation

PHONES = ("phone-1", "phone-2")
REFEREES = {"phone-1": "青木", "phone-2": "佐藤"}  # one person per phone
PIN = "246813"
FINAL = ("duplicate", "held")  # answers that are not a final outcome
_seq = itertools.count(1)


class Results(RuleBasedStateMachine):
    """One event, two phones with outboxes, and the desk."""

    def __init__(self):
        super().__init__()
        from empty_tables import empty_tables
        empty_tables()
        self.desk = accounts.create_user(f"desk-{uuid.uuid4().hex[:6]}", "desk-pass-123", role="desk")
        self.event, _ = team_event(teams=4)
        self_report.save_settings(self.event, True, "5", self.desk)  # players report; confirmed by itself after 5 min
        db.session.commit()
        self.match_ids = sorted(m.id for m in self.event.phases[0].brackets[0].matches)
        self.outbox = {p: [] for p in PHONES}   # entries made, not answered yet (kept until a reply arrives)
        self.answers: dict[str, list[str]] = {}  # op_id -> every answer a phone got
        self.final: dict[str, str] = {}         # op_id -> its one final outcome, once known
        self.sent: dict[str, dict] = {}         # op_id -> the op
        self.seated: dict[str, tuple] = {}      # op_id -> the match's players when it was applied
        accounts.set_staff_pin(self.event, PIN)
        self.people: dict[str, int] = {}        # phone -> its referee's account
        self.tokens: dict[str, str | None] = {}  # phone -> its session's token (None: signed out)
        for phone in PHONES:
            self.referee_signs_in(phone)
        db.session.commit()

    # ---------------------------------------------------------------- the referees

    def _secret(self, phone) -> str:
        return f"{phone}-own-cookie-{'x' * 24}"

    def _sender(self, phone):
        """The phone's referee as the sign-in check finds them, or None: signed out (a 401)."""
        user = db.session.get(User, self.people[phone])
        return user if login_sessions.live(user, self.tokens[phone] or "") else None

    @rule(phone=st.sampled_from(PHONES))
    def referee_signs_out(self, phone):
        """This phone's session ends; the other referee stays signed in."""
        user = self._sender(phone)
        if user is None:
            return
        user.login_session_id = login_sessions.live(user, self.tokens[phone]).id
        accounts.sign_out(user)
        db.session.commit()
        self.tokens[phone] = None
        other = next(p for p in PHONES if p != phone)
        assert self._sender(phone) is None
        assert (self._sender(other) is None) == (self.tokens[other] is None), "one's sign-out ended the other's"

    @rule(phone=st.sampled_from(PHONES))
    def referee_signs_in(self, phone):
        """The same phone, its own cookie, the PIN: its name back (a session of its own)."""
        if self.tokens.get(phone):
            return
        user = accounts.staff_by_pin(self.event, REFEREES[phone], PIN, self._secret(phone))
        self.people[phone] = user.id
        self.tokens[phone] = login_sessions.start(user, self._secret(phone))
        db.session.commit()

    @rule(phone=st.sampled_from(PHONES))
    def referee_types_the_others_name(self, phone):
        """Refused in words, signed in or not: nobody becomes the other referee."""
        other = next(p for p in PHONES if p != phone)
        try:
            accounts.staff_by_pin(self.event, REFEREES[other], PIN, self._secret(phone))
            raise AssertionError(f"{REFEREES[phone]}'s phone became {REFEREES[other]}")
        except ServiceError as refused:
            assert refused.code in ("signin.name_taken", "signin.name_held")
        db.session.rollback()

    # ---------------------------------------------------------------- the phones

    def _match(self, match_id) -> MatchRow:
        return db.session.get(MatchRow, match_id)

    def _local_state(self, phone, match):
        """The match as the phone sees it: the server's play plus its own unanswered entries."""
        state = play.state_of(match)
        for op in self.outbox[phone]:
            if op["match_id"] == match.id:
                try:
                    state = domain.apply(state, domain.action_from_dict({"kind": op["kind"], **_bare(op)}))
                except Exception:  # noqa: BLE001 - the phone's own entry the server may refuse
                    return None
        return state

    @rule(phone=st.sampled_from(PHONES), pick=st.integers(0, 3),
          choices=st.lists(st.integers(0, 9), min_size=1, max_size=6))
    def phone_enters(self, phone, pick, choices):
        """The next entries the phone's page offers (a toss, namings, games, sometimes a
        penalty), one tap each, queued in its outbox (offline, or before the sync runs)."""
        playable = [m for m in map(self._match, self.match_ids) if m.status == "ready"]
        if not playable:
            return
        match = playable[pick % len(playable)]
        for choice in choices:
            state = self._local_state(phone, match)
            if state is None or state.finished or state.ruling:
                return
            entry = _next_entry(state, choice)
            if entry is None:
                return
            mine = [op for op in self.outbox[phone] if op["match_id"] == match.id]
            self._queue(phone, match, entry, len(match.actions or []) + len(mine))

    def _queue(self, phone, match, entry, position):
        kind, payload = entry
        op = {"op_id": str(uuid.uuid4()), "device_id": phone, "seq": next(_seq), "kind": kind,
              "match_id": match.id, "base_version": match.slots_version,
              "payload": {**payload, "position": position}}
        self.sent[op["op_id"]] = op
        self.outbox[phone].append(op)

    @rule(phone=st.sampled_from(PHONES), pick=st.integers(0, 3),
          choices=st.lists(st.integers(0, 9), min_size=1, max_size=8))
    def referee_online(self, phone, pick, choices):
        """Online: each tap is sent at once (whatever the phone still had queued goes first)."""
        self.phone_enters(phone, pick, choices)
        self.deliver_batch(phone, len(self.outbox[phone]))

    @rule(phone=st.sampled_from(PHONES), index=st.integers(0, 20), lost=st.booleans())
    def deliver(self, phone, index, lost):
        """Send any queued entry (any order); the reply may be lost (the entry stays queued)."""
        box, user = self.outbox[phone], self._sender(phone)
        if not box or user is None:
            return  # signed out: the server answers 401, the entries stay on the phone
        op = box[index % len(box)]
        self._submit([op], user)
        if not lost and self.answers[op["op_id"]][-1] != "held":
            box.remove(op)

    @rule(phone=st.sampled_from(PHONES), size=st.integers(2, 5))
    def deliver_batch(self, phone, size):
        """The outbox sends its oldest entries as one batch."""
        box, user = self.outbox[phone], self._sender(phone)
        batch = box[:size]
        if batch and user is not None:
            self._submit(batch, user)
            for op in batch:
                if self.answers[op["op_id"]][-1] != "held":
                    box.remove(op)

    @rule(same=st.booleans(), index=st.integers(0, 20))
    def twin(self, same, index):
        """The other phone enters the same step: the same entry, or a different one."""
        made = [op for op in self.sent.values() if op["device_id"] == "phone-1" and op["kind"] == "report_game"]
        sender = self._sender("phone-2")
        if not made or sender is None:
            return
        original = made[index % len(made)]
        payload = dict(original["payload"])
        if not same:
            payload["winner"] = "b" if payload["winner"] == "a" else "a"
            payload["rounds_a"], payload["rounds_b"] = payload["rounds_b"], payload["rounds_a"]
        twin = {**original, "op_id": str(uuid.uuid4()), "device_id": "phone-2", "seq": next(_seq),
                "payload": payload}
        self.sent[twin["op_id"]] = twin
        self._submit([twin], sender)

    # ---------------------------------------------------------------- the desk

    @rule(index=st.integers(0, 3), now=st.integers(0, 2))
    def desk_corrects(self, index, now):
        """The desk gives a decided, played match to the other player (reopening what follows)."""
        done = [m for m in map(self._match, self.match_ids) if m.status == "done" and not m.walkover]
        if not done or now:
            return
        match = done[index % len(done)]
        other = match.slot_b if match.winner_id == match.slot_a else match.slot_a
        self._desk(match, "correct_result", {"winner": other, "cascade": True, "reason": "記入ミス"})

    @rule(index=st.integers(0, 3), side=st.sampled_from("ab"), now=st.integers(0, 5))
    def desk_walkover(self, index, side, now):
        """A no-show: the desk gives a ready match as a walkover (seldom)."""
        ready = [m for m in map(self._match, self.match_ids) if m.status == "ready"]
        if ready and not now:
            match = ready[index % len(ready)]
            winner = match.slot_a if side == "a" else match.slot_b
            self._desk(match, "record_winner", {"winner": winner, "walkover": True})

    @rule(index=st.integers(0, 3))
    def desk_voids_an_early_game(self, index):
        """An undeclared character change found in game 1 after later games were played."""
        matches = [m for m in map(self._match, self.match_ids) if m.status in ("ready", "done") and not m.walkover]
        for match in matches[index % max(1, len(matches)):] + matches:
            state = play.state_of(match)
            live = [g for g in state.games if not g.voided]
            if len(live) >= 2 and state.ruling is None:
                game = live[0]
                self._desk(match, "penalty", {"side": game.winner, "penalty": "undeclared_change",
                                              "game": game.index, "position": len(match.actions)})
                return

    @rule(keep=st.booleans())
    def desk_rules(self, keep):
        for match in map(self._match, self.match_ids):
            if match.actions and play.state_of(match).ruling is not None:
                payload = {"choice": "keep" if keep else "replay", "reason": "審判判断",
                           "position": len(match.actions)}
                self._desk(match, "ruling", payload)
                return

    @rule(index=st.integers(0, 7), kind=st.sampled_from(("disqualify", "withdraw")), now=st.integers(0, 4))
    def desk_disqualifies(self, index, kind, now):
        """A DQ or a withdrawal (seldom): the entrant's matches become walkovers, the ones with
        entries whose players change restart (I1)."""
        entrants = [e for e in self._entrants() if not e.dq]
        if entrants and not now:
            self._desk_entrant(entrants[index % len(entrants)], kind, "審判判断")

    @rule(index=st.integers(0, 7))
    def desk_lifts_a_dq(self, index):
        """Undo a DQ or a withdrawal (refused, changing nothing, once a match after it was played)."""
        out = [e for e in self._entrants() if e.dq]
        if out:
            entrant = out[index % len(out)]
            self._desk_entrant(entrant, "undo_withdraw" if (entrant.info or {}).get("withdrawn") else "undo_dq")

    def _entrants(self):
        return sorted(db.session.query(Entrant).filter_by(event_id=self.event.id), key=lambda e: e.id)

    def _desk_entrant(self, entrant, kind, reason=""):
        op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "seq": next(_seq), "kind": kind, "match_id": None,
              "event_id": entrant.event_id, "payload": {"entrant_id": entrant.id, "reason": reason}}
        self.sent[op["op_id"]] = op
        self._submit([op], self.desk)

    def _desk(self, match, kind, payload):
        op = {"op_id": str(uuid.uuid4()), "device_id": "desk", "seq": next(_seq), "kind": kind,
              "match_id": match.id, "base_version": match.version, "payload": payload}
        self.sent[op["op_id"]] = op
        self._submit([op], self.desk)

    # ---------------------------------------------------------------- the players (self-report)

    @rule(pick=st.integers(0, 3), side=st.sampled_from("ab"), choices=st.lists(st.integers(0, 9), min_size=1, max_size=6))
    def player_reports(self, pick, side, choices):
        """A player of a ready match reports it from their page, entry by entry, as a referee would;
        the same rules refuse (a penalty is not theirs to enter), nothing changes the match yet."""
        playable = [m for m in map(self._match, self.match_ids) if m.status == "ready"]
        if not playable:
            return
        match = playable[pick % len(playable)]
        entrant = match.slot_a if side == "a" else match.slot_b
        for choice in itertools.islice(itertools.cycle(choices), 40):  # to the end of the match, or a refusal
            report = self_report.live_report(match)
            state = self_report.state_for(match, report)
            entry = None if state.finished or state.ruling else _next_entry(state, choice)
            if entry is None or not self._player_entry(match.id, entrant, *entry):
                return

    def _player_entry(self, match_id, entrant, kind, payload) -> bool:
        op_id = str(uuid.uuid4())
        try:
            with write_transaction(db.session):
                match = db.session.get(MatchRow, match_id)
                self_report.retire_outranked(match)
                report_versions.add_entry(match, entrant, op_id, kind, dict(payload))  # a report, or a version
        except (ServiceError, RuleViolation):
            db.session.expire_all()
            return False
        self.sent[op_id] = {"op_id": op_id, "device_id": f"player-{entrant}", "kind": kind, "match_id": match_id,
                            "payload": payload}
        db.session.expire_all()
        return True

    def _reports(self, *statuses) -> list[PlayerReport]:
        return db.session.query(PlayerReport).filter(PlayerReport.status.in_(statuses)).order_by(PlayerReport.id).all()

    @rule(index=st.integers(0, 3), agree=st.integers(0, 3))
    def opponent_answers(self, index, agree):
        """The opponent confirms (mostly) or says it is not what happened (the desk decides)."""
        waiting = self._reports("waiting")
        if not waiting:
            return
        report = waiting[index % len(waiting)]
        if agree:
            self._apply(report.id, "opponent")
            return
        with write_transaction(db.session):
            match = db.session.get(MatchRow, report.match_id)
            opponent = match.slot_b if report.entrant_id == match.slot_a else match.slot_a
            try:
                self_report.dispute(match, opponent, "ちがう")
            except ServiceError:
                pass  # a referee's entry replaced it meanwhile

    @rule(index=st.integers(0, 3), choices=st.lists(st.integers(0, 8), min_size=1, max_size=6))
    def opponent_disputes_with_a_version(self, index, choices):
        """The opponent says no to a report (or one already disputed) and enters their own version,
        entry by entry, on the same form and rules (the penalty a player may not enter is tried by
        player_reports)."""
        reports = self._reports("waiting", "disputed")
        if not reports:
            return
        report = reports[index % len(reports)]
        match_id, reporter = report.match_id, report.entrant_id
        with write_transaction(db.session):
            match = db.session.get(MatchRow, match_id)
            opponent = match.slot_b if reporter == match.slot_a else match.slot_a
            try:
                self_report.dispute(match, opponent, "逆です")
            except ServiceError:
                return  # a referee's entry replaced it meanwhile
        for choice in itertools.islice(itertools.cycle(choices), 40):
            match = self._match(match_id)
            state = self_report.state_for(match, report_versions.version_of(self_report.live_report(match)))
            entry = None if state.finished or state.ruling else _next_entry(state, choice)
            if entry is None or not self._player_entry(match_id, opponent, *entry):
                return

    @rule(index=st.integers(0, 3))
    def desk_takes_the_opponents_version(self, index):
        """The desk picks the opponent's version of a disputed report: it counts, the report is discarded."""
        versions = [v for v in (report_versions.version_of(r) for r in self._reports("disputed"))
                    if v is not None and v.status == "version"]
        if not versions:
            return
        version_id = versions[index % len(versions)].id
        try:
            with write_transaction(db.session):
                report_versions.take_version(version_id, self.desk)
        except ServiceError:
            return  # replaced by a referee's entry meanwhile
        self._apply(version_id, "desk")

    @rule(index=st.integers(0, 3), take=st.booleans())
    def desk_decides_a_dispute(self, index, take):
        """The desk lets the report count, or discards it (and the opponent's version with it)."""
        disputed = self._reports("disputed")
        if not disputed:
            return
        report = disputed[index % len(disputed)]
        if take:
            self._apply(report.id, "desk")
        else:
            with write_transaction(db.session):
                self_report.discard(report.id, self.desk)
        with write_transaction(db.session):
            report_versions.settle_version(report.id, self.desk)

    @rule()
    def the_clock_sweeps(self):
        """Five minutes pass without an answer: the clock's sweep applies each due report once."""
        ids = report_clock.due(_later())
        report_clock.sweep(_later())
        db.session.expire_all()
        self._note_players(ids)

    def _apply(self, report_id, by):
        try:
            self_report.apply_report(report_id, by, self.desk if by == "desk" else None)
        except ServiceError:
            pass  # replaced by a referee's entry: nothing of it is applied
        db.session.expire_all()
        self._note_players([report_id])

    def _note_players(self, report_ids):
        """A confirmed report's entries were answered once each, through the pipeline."""
        for report in db.session.query(PlayerReport).filter(PlayerReport.id.in_(report_ids)):
            for entry in report.entries:
                row = db.session.query(Operation).filter_by(op_id=entry["op_id"]).first()
                if row is not None and entry["op_id"] not in self.answers:
                    self.answers[entry["op_id"]] = [row.outcome]
        self._note_settled()

    # ---------------------------------------------------------------- sending and reading back

    def _submit(self, ops, user):
        # What phones send (bench/phone_bytes.py): phone-1 enters on the online page (its form's
        # fields in the payload, numbers as text), phone-2 as the offline page does (clean, numbers).
        sent = [phone_bytes.as_online(op, user.id) if op["device_id"] == "phone-1" else op for op in ops]
        outcomes = submit_many(sent, user)
        db.session.expire_all()
        for op, outcome in zip(ops, outcomes, strict=True):
            self.answers.setdefault(op["op_id"], []).append(outcome.outcome)
        self._note_settled()

    def _note_settled(self):
        """Record each entry's final outcome the first time it is known (answered or settled)."""
        for row in db.session.query(Operation):
            if row.outcome == "held":
                continue
            seen = self.final.setdefault(row.op_id, row.outcome)
            assert seen == row.outcome, f"I3: {row.op_id} was {seen}, is now {row.outcome}"
            if row.outcome == "applied" and row.op_id not in self.seated and row.match_id is not None:
                match = self._match(row.match_id)
                self.seated[row.op_id] = (match.slot_a, match.slot_b) if match else None

    # ---------------------------------------------------------------- the invariants

    @invariant()
    def i1_games_stay_with_their_players(self):
        for row in self._applied_play():
            match = self._match(row.match_id)
            assert self.seated[row.op_id] == (match.slot_a, match.slot_b), f"I1: {row.op_id} carried over"

    @invariant()
    def i2_i3_each_applied_entry_once_at_its_phones_step(self):
        by_match: dict[int, list] = {}
        for row in self._applied_play():
            by_match.setdefault(row.match_id, []).append(row)
        for match_id in self.match_ids:
            actions = self._match(match_id).actions or []
            rows = by_match.get(match_id, [])
            positions = sorted(int(r.payload["position"]) for r in rows)
            assert positions == list(range(len(actions))), f"I3: match {match_id} {positions} vs {len(actions)}"
            for row in rows:
                at = actions[int(row.payload["position"])]
                assert same_action(at, {"kind": row.kind, **_bare(row)}), f"I2: {row.op_id} not at its step"

    @invariant()
    def i3_one_final_answer_per_entry(self):
        for op_id, answers in self.answers.items():
            finals = [a for a in answers if a not in FINAL]
            assert len(finals) <= 1, f"I3: {op_id} answered {answers}"
            if finals and self.final.get(op_id):
                assert finals[0] == self.final[op_id]
        logged = [r.op_id for r in db.session.query(Operation.op_id)]
        assert len(logged) == len(set(logged)) == len(self.answers)

    @invariant()
    def each_entry_is_its_senders(self):
        """Nobody's entry is ever logged under the other referee (nor the desk's under a referee)."""
        expected = {**self.people, "desk": self.desk.id}
        for device, user_id in db.session.query(Operation.device_id, Operation.user_id):
            if device.startswith("player-"):  # a player's confirmed report: no account, the entrant in the device
                assert user_id is None, f"a player's entry logged under account {user_id}"
            elif not device.startswith("auto-"):  # the server's own (a walkover, a call) are no one's
                assert user_id == expected[device], f"an entry of {device} logged under account {user_id}"

    @invariant()
    def i5_a_match_waiting_for_a_ruling_is_not_decided(self):
        for match in map(self._match, self.match_ids):
            if match.actions and play.state_of(match).ruling is not None:
                assert match.status != "done" and match.winner_id is None, f"I5: match {match.id} decided"
                target = match.winner_to and next(
                    (m for m in map(self._match, self.match_ids) if m.key == match.winner_to[0]), None)
                assert target is None or target.status != "done"

    @invariant()
    def a_report_waits_outside_the_match(self):
        """A report not yet confirmed changes nothing: its match has no entries and is not decided;
        a confirmed one's entries are all in the log, each once, as its player's."""
        for report in self._reports("open", "waiting", "disputed"):
            match = self._match(report.match_id)
            if self_report.live_report(match) is not None:
                assert not match.actions and match.status == "ready", f"report {report.id} changed its match"
        for report in self._reports("confirmed"):
            rows = [db.session.query(Operation).filter_by(op_id=e["op_id"]).one() for e in report.entries]
            assert all(r.outcome in ("applied", "confirmed") for r in rows), f"report {report.id} half applied"
            assert {r.device_id for r in rows} == {f"player-{report.entrant_id}"}
        # a staff entry or the desk's "no", or an opponent's version the desk did not pick: none of it counts
        for report in self._reports("replaced", "discarded", "version_open", "version"):
            ids = [e["op_id"] for e in report.entries]
            assert not db.session.query(Operation).filter(Operation.op_id.in_(ids), Operation.outcome == "applied").count()

    def _applied_play(self) -> list[Operation]:
        """Applied play entries that still stand (a restart's undone ones are gone with their games)."""
        rows = db.session.query(Operation).filter(Operation.outcome == "applied",
                                                  Operation.kind.in_(bracket_rows.PLAY_KINDS)).order_by(Operation.id)
        return [r for r in rows if ((r.params or {}).get("undone") or {}).get("code") != bracket_rows.RESTART_CODE]

    def teardown(self):
        self.result = (db.session.query(Conflict).count(),
                       db.session.query(Operation).filter_by(outcome="held").count())


def _later():
    from datetime import datetime, timedelta, timezone
    return datetime.now(timezone.utc) + timedelta(minutes=6)


def _bare(op) -> dict:
    """The action an entry (sent, or logged as a phone sent it) names, read as the server reads it."""
    entry = Entry.from_wire(op) if isinstance(op, dict) else Entry.from_log(op)
    return load_action(entry.kind, entry.payload)


def _next_entry(state, choice):
    """What the staff page offers next for the match, with the referee's choice among it."""
    prompt = state.prompt()
    if prompt.needs_coin_toss:
        return "coin_toss", {"winner": "ab"[choice % 2], "choice": "stage"}
    if prompt.must_name:
        side = prompt.must_name[0]
        members = prompt.members_in[side]
        return ("name_player", {"side": side, "member_id": members[choice % len(members)]}) if members else None
    if choice == 9:
        return "penalty", {"side": "a", "penalty": "interruption"}
    winner = "a" if choice % 2 == 0 else "b"
    loser_rounds = choice % 3
    rounds = (3, loser_rounds) if winner == "a" else (loser_rounds, 3)
    return "report_game", {"winner": winner, "rounds_a": rounds[0], "rounds_b": rounds[1]}


def test_results_hold_under_any_delivery_and_desk_change(app, tmp_path):
    outcomes = []

    class Machine(Results):
        def teardown(self):
            super().teardown()
            _check_serial_replay(tmp_path, self)
            outcomes.append(self.result)

    run_state_machine_as_test(Machine, settings=settings(
        max_examples=10, stateful_step_count=40, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    assert outcomes


class _PlayersAndDesk(Results):
    """The same machine with the referees' phones mostly away: players report, confirm, dispute,
    the desk decides and corrects, the clock confirms (a smaller budget of its own)."""

    def twin(self, same, index):  # noqa: D102 - not a rule here
        return None

    def deliver(self, phone, index, lost):  # noqa: D102 - not a rule here
        return None

    def referee_signs_out(self, phone):  # noqa: D102 - not a rule here
        return None

    def referee_types_the_others_name(self, phone):  # noqa: D102 - not a rule here
        return None

    def desk_voids_an_early_game(self, index):  # noqa: D102 - not a rule here
        return None

    @initialize(side=st.sampled_from("ab"), choices=st.lists(st.integers(0, 8), min_size=1, max_size=4))
    def two_players_have_reported(self, side, choices):
        """Every example starts with two matches reported by a player, one of them disputed."""
        self.player_reports(0, side, choices)
        self.player_reports(1, side, choices)
        self.opponent_answers(1, 0)


def test_results_hold_with_players_reporting(app, tmp_path):
    outcomes = []

    class Machine(_PlayersAndDesk):
        def teardown(self):
            super().teardown()
            _check_serial_replay(tmp_path, self)
            outcomes.append({status for (status,) in db.session.query(PlayerReport.status)})

    run_state_machine_as_test(Machine, settings=settings(
        max_examples=4, stateful_step_count=30, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    assert {"confirmed", "disputed"} <= set().union(*outcomes), outcomes


def _standing():
    """Who is out of the event (DQ or withdrawn): desk entries, so the replay must agree exactly."""
    return sorted((e.id, e.dq, bool((e.info or {}).get("withdrawn"))) for e in db.session.query(Entrant))


def _check_serial_replay(tmp_path, machine):
    """I4: replaying the exported log serially into an empty database gives the same brackets,
    except where a conflict or a held entry is on the desk's queue."""
    from flask_migrate import upgrade

    path = str(tmp_path / f"log-{uuid.uuid4().hex[:6]}.jsonl")
    oplog.export(path)
    before, standing = oplog.snapshot(), _standing()
    queued = {r.match_id for r in db.session.query(Conflict)} | {
        r.match_id for r in db.session.query(Operation).filter_by(outcome="held")}
    other = create_app({"TESTING": True, "SECRET_KEY": "t",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / uuid.uuid4().hex[:6]}.sqlite3"})
    with other.app_context():
        upgrade()
        oplog.replay(path, batch=1)
        db.session.expire_all()
        after = oplog.snapshot()
        assert _standing() == standing, "I4: a DQ, a withdrawal or an undo of one replays otherwise"
        db.session.remove()
    for bracket_id, bracket in before.items():
        for mine, theirs in zip(bracket["matches"], after[bracket_id]["matches"], strict=True):
            if mine != theirs:
                assert queued, f"I4: match {mine[0]} differs from the serial replay with nothing on the desk's queue"


def test_a_dispute_with_the_opponents_version_keeps_the_invariants(app):
    """One walk the budgeted runs may not take: a report, the opponent's version, the desk picks it."""
    machine = Results()
    machine.player_reports(0, "a", [0, 2, 4])
    machine.opponent_disputes_with_a_version(0, [1, 3, 5])
    version = db.session.query(PlayerReport).filter_by(status="version").one()
    machine.desk_takes_the_opponents_version(0)
    for check in (machine.i1_games_stay_with_their_players, machine.i2_i3_each_applied_entry_once_at_its_phones_step,
                  machine.i3_one_final_answer_per_entry, machine.each_entry_is_its_senders,
                  machine.i5_a_match_waiting_for_a_ruling_is_not_decided, machine.a_report_waits_outside_the_match):
        check()
    match = db.session.get(MatchRow, version.match_id)
    assert db.session.get(PlayerReport, version.id).status == "confirmed" and match.winner_id == version.entrant_id
