"""Two phones enter the same game of a best-of-3 without stage striking (Tekken 8 under KGP rules, and a
plain best of 3): each entry is applied at the step and as the game its phone showed, or answered in words.

A hypothesis state machine against the real database (SQLite, or DATABASE_URL). Two devices — two referees,
or one referee on two phones — enter games from what each last saw plus its own entries (online, or from
the offline pack, the players named), queue them and send them in any interleaving, oldest first per
phone, replies sometimes lost and sent again. After every step:
- every applied game is at the step its phone put it and is the game number that phone showed;
- an entry for a step already recorded is confirmed when it is the same game, else a conflict on the
  desk's queue — never applied or held as a later game;
- a refusal is said in words; an entry is held only while its step is ahead of what is recorded.
"""
import hypothesis.strategies as st
import pytest
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, rule, run_state_machine_as_test
from phone_entries import submit_many
from play_support import send, team_event
from two_phones import REFUSED, Phone, game_number_at, wire

from bench import phone_bytes
from webapp.extensions import db
from webapp.models import Conflict, MatchRow, Operation, User
from webapp.operations.decide import same_action
from webapp.services.accounts import users as accounts
from webapp.services.entries.entry import Entry
from webapp.services.entries.payloads import load_action

PIN = "135792"
# Mostly the same characters (two phones then agree on a game), sometimes a change KGP ④ may refuse.
CHARACTERS = (("一八", "仁"), ("一八", "仁"), ("一八", "仁"), ("仁", "仁"), ("", ""))


class TwoPhones(RuleBasedStateMachine):
    """One best-of-3 match, two phones."""

    RULESET = "kgp2025"

    def __init__(self):
        super().__init__()
        from empty_tables import empty_tables
        empty_tables()
        event, match = team_event("best_of", self.RULESET, size=1, teams=2, best_of=3)
        self.event, self.match_id = event, match.id
        self.phones: dict[str, Phone] = {}
        self.shown: dict[str, dict] = {}  # op_id -> the entry as its phone made it
        self.seen: set[str] = set()       # every answer the phones got (what the examples reached)

    @initialize(one_referee=st.booleans(), offline=st.sampled_from(("none", "phone-2", "both")))
    def referees_sign_in(self, one_referee, offline):
        """Two referees, or one referee on two phones; a phone entering online or from the offline pack."""
        users = _referees(self.event, 1 if one_referee else 2)
        for n, device in enumerate(("phone-1", "phone-2")):
            on_pack = offline == "both" or offline == device
            self.phones[device] = Phone(device, users[n % len(users)].id, offline=on_pack)

    def _match(self) -> MatchRow:
        return db.session.get(MatchRow, self.match_id)

    # ---------------------------------------------------------------- the phones

    @rule(phone=st.sampled_from(("phone-1", "phone-2")))
    def phone_looks(self, phone):
        """The page is drawn again (online), or the pack refreshed on a sync."""
        self.phones[phone].looks(self._match().actions)

    @rule(phone=st.sampled_from(("phone-1", "phone-2")), winner=st.sampled_from("ab"), margin=st.integers(0, 1),
          chars=st.sampled_from(CHARACTERS))
    def phone_enters_a_game(self, phone, winner, margin, chars):
        """The next game as this phone has the match, queued in its outbox."""
        device, match = self.phones[phone], self._match()
        if device.decided(games_to_win=2):
            return
        rounds = (2, margin) if winner == "a" else (margin, 2)
        payload = {"winner": winner, "rounds_a": rounds[0], "rounds_b": rounds[1],
                   "char_a": chars[0], "char_b": chars[1]}
        op = device.enter_game(match, payload)
        self.shown[op["op_id"]] = op

    @rule(phone=st.sampled_from(("phone-1", "phone-2")), same=st.booleans())
    def both_watch_the_same_game(self, phone, same):
        """The other phone enters, as its own next game, the game this one entered last: as it was, or
        with the other winner (one of them misread the screen)."""
        made = self.phones[phone].made
        if not made:
            return
        last = made[-1]["payload"]
        winner = last["winner"] if same else "ab"[last["winner"] == "a"]
        other = "phone-2" if phone == "phone-1" else "phone-1"
        self.phone_enters_a_game(other, winner, min(last["rounds_a"], last["rounds_b"]), (last["char_a"], last["char_b"]))

    @rule(phone=st.sampled_from(("phone-1", "phone-2")), size=st.integers(1, 3), lost=st.booleans())
    def phone_sends(self, phone, size, lost):
        """The outbox sends its oldest entries as one batch; the reply may be lost (they are sent again)."""
        device = self.phones[phone]
        if device.outbox:
            self._send(device, device.outbox[:size], lost)

    def _send(self, device: Phone, batch: list[dict], lost: bool) -> None:
        user = db.session.get(User, device.user_id)
        sent = [phone_bytes.as_online(wire(op), user.id) if not device.offline else wire(op) for op in batch]
        outcomes = submit_many(sent, user)
        db.session.expire_all()
        for op, outcome in zip(batch, outcomes, strict=True):
            self.seen.add(outcome.outcome)
            if lost:
                continue
            device.answer[op["op_id"]] = self._final(op["op_id"], outcome.outcome)
            if device.answer[op["op_id"]] != "held":
                device.outbox.remove(op)

    @rule(phone=st.sampled_from(("phone-1", "phone-2")), index=st.integers(0, 5))
    def phone_sends_one_out_of_turn(self, phone, index):
        """One queued entry sent before its phone's older ones (a second tab, a resend racing the first)."""
        device = self.phones[phone]
        if device.outbox:
            op = device.outbox[index % len(device.outbox)]
            self._send(device, [op], lost=False)

    def _final(self, op_id: str, answered: str) -> str:
        """A replayed entry is answered "duplicate" with its first outcome: the phone reads the outcome."""
        if answered != "duplicate":
            return answered
        return db.session.query(Operation.outcome).filter_by(op_id=op_id).scalar()

    # ---------------------------------------------------------------- the invariants

    def _logged(self) -> list[Operation]:
        return db.session.query(Operation).filter(Operation.match_id == self.match_id).order_by(Operation.id).all()

    @invariant()
    def each_applied_game_is_where_and_which_its_phone_put_it(self):
        actions = self._match().actions or []
        applied = [r for r in self._logged() if r.outcome == "applied"]
        steps = sorted(int(r.payload["position"]) for r in applied)
        assert steps == list(range(len(actions))), f"one applied entry per recorded step: {steps}"
        for row in applied + [r for r in self._logged() if r.outcome == "confirmed"]:
            made = self.shown[row.op_id]
            step = made["payload"]["position"]
            assert same_action(actions[step], {"kind": row.kind, **_action(row)}), f"{row.outcome} not at its step"
            assert game_number_at(actions, step) == made["shown_game"], (
                f"{row.op_id} {row.outcome} as game {game_number_at(actions, step)}, its phone showed "
                f"game {made['shown_game']}")

    @invariant()
    def a_recorded_step_entered_again_is_confirmed_or_a_conflict(self):
        actions = self._match().actions or []
        conflicts = {c.operation_id: c for c in db.session.query(Conflict).filter_by(match_id=self.match_id)}
        for row in self._logged():
            step = int(row.payload["position"])
            if row.outcome == "held":
                assert step > len(actions), f"held at step {step + 1} though {len(actions)} steps are recorded"
            if row.outcome == "conflict":
                assert row.id in conflicts, "a conflict not on the desk's queue"
            if row.outcome in REFUSED:
                assert row.message and row.code, "a refusal without words"
                assert "report_game" not in row.message and row.op_id not in row.message

    def teardown(self):
        db.session.rollback()


class PlainBestOf(TwoPhones):
    RULESET = "standard_1on1"


def _action(row: Operation) -> dict:
    entry = Entry.from_log(row)
    return load_action(entry.kind, entry.payload)


@pytest.mark.parametrize("machine", [TwoPhones, PlainBestOf], ids=["tekken8-kgp2025", "plain-best-of"])
def test_two_phones_entering_one_game_never_shift_it(app, machine):
    reached = set()

    class Machine(machine):
        def teardown(self):
            reached.update(self.seen)
            super().teardown()

    run_state_machine_as_test(Machine, settings=settings(
        max_examples=25, stateful_step_count=30, deadline=None, derandomize=True,
        suppress_health_check=list(HealthCheck)))
    assert {"applied", "confirmed", "conflict", "held", "duplicate"} <= reached, reached


def _referees(event, count: int) -> list[User]:
    """Referees signed in with the event's PIN, each on a phone of their own (one referee's two phones
    send under the same account)."""
    accounts.set_staff_pin(event, PIN)
    users = [accounts.staff_by_pin(event, name, PIN, f"{name}-secret-{'x' * 24}") for name in ("青木", "佐藤")[:count]]
    db.session.commit()
    return users


def _game(match, device, user, winner, position, **extra):
    rounds = (2, 0) if winner == "a" else (0, 2)
    return send(match, "report_game", user=user, device=device, position=position, base_version=match.slots_version,
                winner=winner, rounds_a=rounds[0], rounds_b=rounds[1], **extra)


@pytest.mark.parametrize("ruleset", ["kgp2025", "standard_1on1"])
def test_game_one_from_the_second_phone_after_game_two_is_game_one(app, ruleset):
    """The example by hand: phone 1 has games 1 and 2; phone 2's offline game 1 comes after them."""
    event, match = team_event("best_of", ruleset, size=1, teams=2, best_of=3)
    first, second = _referees(event, 2)
    assert _game(match, "phone-1", first, "a", 0).outcome == "applied"
    assert _game(match, "phone-1", first, "b", 1).outcome == "applied"
    slots = {"slots": {"a": match.slot_a, "b": match.slot_b}}
    same = _game(match, "phone-2", second, "a", 0, **slots)
    other = _game(match, "phone-2", second, "b", 0, **slots)
    assert (same.outcome, other.outcome) == ("confirmed", "conflict")
    assert other.code == "conflict.different_result"
    assert len(db.session.get(MatchRow, match.id).actions) == 2
    assert db.session.query(Conflict).filter_by(match_id=match.id).count() == 1

