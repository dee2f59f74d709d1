"""A sync batch reads as its entries one by one, day-long DQs included: a property against the real database.

A batch reads its players once, before its first entry (operations/preload), and keeps plain copies of
their info; a day-long DQ given by an entry of the batch drops the copy (play._record_day_dq). The
invariant: whatever a phone's outbox holds when it syncs, one batch answers every entry and leaves the
event exactly as the same entries sent one per batch would.

Two twin events (a 4-team 5on5 kachinuki round robin under the Tekken 7 rules, whose smoking penalty
bars the player for the rest of the day) take the same entries, written by index (match, side, member) so
each twin reads them with its own ids: the first twin in one batch per sync, the second one entry per
batch. After every sync the answers (outcome and rule) and the twins (each match's log, status and winner,
each team's day-long DQs) must be the same.
"""
import itertools
import uuid

import hypothesis.strategies as st
from hypothesis import HealthCheck, settings
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule, run_state_machine_as_test
from phone_entries import submit_many

from webapp.extensions import db
from webapp.models import Entrant, Event, MatchRow
from webapp.services.entrants import entrant_lists
from webapp.services.matches import brackets
from webapp.services.setup import events

TEAMS, MEMBERS = "ABCD", 5
MATCHES = 6  # a round robin of four teams
_seq = itertools.count(1)


def _twin(name: str) -> int:
    event = events.create_event(name, "tekken7_hiza_5on5", entrant_kind="team", team_size=MEMBERS)
    entrant_lists.add_entrants(event, [{"name": f"チーム{t}", "seed": n + 1,
                                        "members": [(f"{t}{i}", "") for i in range(1, MEMBERS + 1)]}
                                       for n, t in enumerate(TEAMS)])
    phase = events.add_phase(event, "予選", "round_robin", match_type="kachinuki", best_of=3)
    db.session.flush()
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event.id


class Twin:
    """One twin event: its matches in key order, and the ids behind each (match, side, member) index."""

    def __init__(self, event_id: int, device: str):
        self.event_id, self.device = event_id, device
        event = db.session.get(Event, event_id)
        self.match_ids = [m.id for m in sorted(event.phases[0].brackets[0].matches, key=lambda m: m.key)]
        assert len(self.match_ids) == MATCHES
        self.members = {e.id: [m.id for m in e.members] for e in event.entrants}
        self.teams = {e.id: e.name for e in event.entrants}
        self.players = {m.id: m.name for e in event.entrants for m in e.members}

    def op(self, step: tuple) -> dict:
        """The entry a phone would send for an abstract step, with this twin's ids."""
        kind, index, *rest = step
        match = db.session.get(MatchRow, self.match_ids[index])
        return {"op_id": str(uuid.uuid4()), "device_id": self.device, "seq": next(_seq), "kind": kind,
                "match_id": match.id, "base_version": match.slots_version or 0,
                "payload": self._payload(kind, match, rest)}

    def _payload(self, kind: str, match: MatchRow, rest: list) -> dict:
        if kind == "coin_toss":
            return {"winner": "a", "choice": "stage"}
        if kind == "name_player":
            return {"side": rest[0], "member_id": self._member(match, *rest), "blind": True}
        if kind == "penalty":
            return {"side": rest[0], "penalty": "smoking"}
        return {"winner": rest[0], "rounds_a": 3 if rest[0] == "a" else 1, "rounds_b": 3 if rest[0] == "b" else 1}

    def elsewhere(self, index: int, side: str) -> list[tuple[int, str]]:
        """The team's other matches (by index), on that side of match `index`, and its side in each."""
        team = self._team(self.match_ids[index], side)
        return [(n, s) for n, match_id in enumerate(self.match_ids) if n != index
                for s in "ab" if self._team(match_id, s) == team]

    def _team(self, match_id: int, side: str) -> int:
        match = db.session.get(MatchRow, match_id)
        return match.slot_a if side == "a" else match.slot_b

    def _member(self, match: MatchRow, side: str, member: int) -> int:
        return self.members[match.slot_a if side == "a" else match.slot_b][member]

    def picture(self) -> dict:
        """The twin as a person reads it: names instead of ids, matches by their place in key order."""
        matches = [db.session.get(MatchRow, match_id) for match_id in self.match_ids]
        where = {m.id: n for n, m in enumerate(matches)}
        return {"matches": [(m.status, self.teams.get(m.winner_id), [self._named(a) for a in m.actions or []])
                            for m in matches],
                "day_dq": {self.teams[e.id]: self._day_dqs(e, where)
                           for e in db.session.get(Event, self.event_id).entrants}}

    def _day_dqs(self, entrant: Entrant, where: dict) -> dict:
        """The team's day-long DQs: player -> (penalty, the match it was given in, the matches it spares)."""
        given = (entrant.info or {}).get("day_dq") or {}
        return {self.players[int(member)]: (dq["penalty"], where[dq["match_id"]], sorted(where[x] for x in dq["exempt"]))
                for member, dq in given.items()}

    def _named(self, action: dict) -> dict:
        return {k: self.players.get(v, v) if k == "member_id" else v for k, v in action.items()}


STEP = st.one_of(
    st.tuples(st.just("coin_toss"), st.integers(0, MATCHES - 1)),
    st.tuples(st.just("name_player"), st.integers(0, MATCHES - 1), st.sampled_from("ab"),
              st.integers(0, MEMBERS - 1)),
    st.tuples(st.just("penalty"), st.integers(0, MATCHES - 1), st.sampled_from("ab")),
    st.tuples(st.just("report_game"), st.integers(0, MATCHES - 1), st.sampled_from("ab")))


class Outbox(RuleBasedStateMachine):
    """One phone's outbox, filled with entries across the day's matches and synced now and then."""

    def __init__(self):
        super().__init__()
        from empty_tables import empty_tables
        empty_tables()
        self.batched, self.alone = Twin(_twin("一括"), "phone-batch"), Twin(_twin("一件ずつ"), "phone-alone")
        self.outbox: list[tuple] = []

    @rule(steps=st.lists(STEP, min_size=1, max_size=6))
    def enter(self, steps):
        self.outbox.extend(steps)

    @rule(match=st.integers(0, MATCHES - 1), first=st.integers(0, MEMBERS - 1), second=st.integers(0, MEMBERS - 1),
          smoker=st.sampled_from("ab"))
    def seat_and_smoke(self, match, first, second, smoker):
        """A match started, and a player caught smoking: the case the batch's copy must not hide."""
        self.outbox.extend([("coin_toss", match), ("name_player", match, "a", first),
                            ("name_player", match, "b", second), ("penalty", match, smoker)])

    @rule(match=st.integers(0, MATCHES - 1), first=st.integers(0, MEMBERS - 1), second=st.integers(0, MEMBERS - 1),
          smoker=st.sampled_from("ab"), pick=st.integers(0, 1))
    def smoker_named_again(self, match, first, second, smoker, pick):
        """The smoker's team then names them in another of its matches (in this outbox, or a later one)."""
        self.seat_and_smoke(match, first, second, smoker)
        later, side = self.batched.elsewhere(match, smoker)[pick]  # each team has two matches besides this one
        self.outbox.extend([("coin_toss", later), ("name_player", later, side, first if smoker == "a" else second)])

    @precondition(lambda self: self.outbox)
    @rule()
    def sync(self):
        self.send_outbox()

    def send_outbox(self) -> list:
        """The outbox to the first twin in one batch, to the second one entry per batch; both answers alike."""
        steps, self.outbox = self.outbox, []
        batch, alone = [self.batched.op(step) for step in steps], [self.alone.op(step) for step in steps]
        together = submit_many(batch, None)
        one_by_one = [submit_many([op], None)[0] for op in alone]
        db.session.expire_all()
        assert [(o.outcome, o.code) for o in together] == [(o.outcome, o.code) for o in one_by_one], steps
        return together

    @invariant()
    def the_twins_read_alike(self):
        db.session.expire_all()
        assert self.batched.picture() == self.alone.picture()

    def teardown(self):
        db.session.rollback()


def test_a_sync_batch_reads_as_its_entries_one_by_one(app):
    run_state_machine_as_test(Outbox, settings=settings(
        max_examples=12, stateful_step_count=8, deadline=None,
        suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]))


def test_the_smoker_of_a_batch_is_refused_later_in_the_same_batch(app):
    """The property's own example, so a reader sees what it holds: the smoking DQ given in one match bars the
    player in the team's next match of the same batch, as it would one entry at a time."""
    machine = Outbox()
    machine.seat_and_smoke(0, 0, 0, "a")
    smoker_team = db.session.get(MatchRow, machine.batched.match_ids[0]).slot_a
    later, side = machine.batched.elsewhere(0, "a")[0]
    machine.outbox.extend([("coin_toss", later), ("name_player", later, side, 0), ("name_player", later, side, 1)])
    answers = machine.send_outbox()
    assert [(a.outcome, a.code) for a in answers[-3:]] == [
        ("applied", None), ("rejected", "play.member_dq_for_the_day"), ("applied", None)]
    machine.the_twins_read_alike()
    dq = db.session.get(Entrant, smoker_team).info["day_dq"]
    assert len(dq) == 1
    machine.teardown()
