"""Every set reported back to start.gg (issue 39.3), held against the start.gg stand-in, which answers
through start.gg's published schema: the queue sends each result once, in bracket order, within the rate
limit; a set already holding that result is left alone; another result there is a conflict for the desk."""
import random
from datetime import datetime, timedelta, timezone

import pytest
from startgg_event import on_standin, played_event, standin_bodies, taikai_bodies
from startgg_standin import StartggStandIn, problems

from webapp.database import as_utc
from webapp.extensions import db
from webapp.models import TieReport
from webapp.services.matches import brackets, simulate
from webapp.services.ties import queue, results, sender, startgg_api

T0 = datetime(2026, 12, 5, 10, 0, tzinfo=timezone.utc)


@pytest.fixture
def gg():
    with StartggStandIn() as standin:
        yield standin
        assert standin.invalid == [], "a query start.gg's schema refuses"


@pytest.fixture(autouse=True)
def _fresh_windows():
    sender._windows.clear()  # each test's link starts with no requests in the last minute


def _drain(link, gg, now=T0):
    """Queue and send until nothing waits (each round a minute later, as the loop would)."""
    for step in range(20):
        queue.catch_up(link)
        db.session.commit()
        sender.send_due(link, now + timedelta(minutes=step), url=gg.url)
        if not db.session.query(TieReport).filter_by(link_id=link.id, state="waiting").count():
            return
    raise AssertionError("the queue did not empty")


def _states(link) -> dict:
    return queue.counts(link)


def test_every_text_taikai_sends_is_taken_by_start_gg_s_schema():
    for text in (startgg_api.SET_NOW, startgg_api.REPORT, startgg_api.UPDATE, startgg_api.RESET,
                 startgg_api.IN_PROGRESS, startgg_api.EVENT, startgg_api.GROUP_SETS, startgg_api.PHASE_SEEDS):
        assert problems(text) == []
    # The export's old game data would be refused: reportBracketSet defines no characterName.
    assert problems("mutation { reportBracketSet(setId: 1, gameData: [{gameNum: 1, characterName: \"x\"}]) "
                    "{ id } }")


def test_a_played_double_elimination_ends_on_start_gg_as_in_taikai(app, gg):
    event, phase = played_event("double_elimination", 8)
    link = on_standin(gg, event, phase)
    simulate.play_phase(phase, random.Random(5))
    db.session.commit()
    _drain(link, gg)
    assert standin_bodies(gg) == {k: v for k, v in taikai_bodies(link).items()}
    reported = [v["setId"] for v in gg.mutations("reportBracketSet")]
    assert len(reported) == len(set(reported)) == sum(1 for b in taikai_bodies(link).values() if b)
    picks = [s for c in gg.mutations("reportBracketSet") for g in c["gameData"] for s in g["selections"]]
    assert picks and all(s["characterId"] for s in picks)
    # Asked again, nothing more is sent: each set holds its result once.
    before = len(gg.calls)
    queue.catch_up(link)
    db.session.commit()
    assert sender.send_due(link, T0 + timedelta(hours=1), url=gg.url) == 0 and len(gg.calls) == before


def test_a_set_start_gg_already_holds_is_not_sent_again(app, gg):
    event, phase = played_event("single_elimination", 4)
    link = on_standin(gg, event, phase)
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    brackets.record_winner(match, match.slot_a)
    db.session.commit()
    queue.catch_up(link)
    db.session.commit()
    body = next(b for b in taikai_bodies(link).values() if b)
    set_id = next(k for k, b in taikai_bodies(link).items() if b)
    gg.report(set_id, body["winnerId"], False, [])  # someone reported it on start.gg already
    sender.send_due(link, T0, url=gg.url)
    assert _states(link) == {"same": 1} and gg.mutations("reportBracketSet") == []


def test_another_result_on_start_gg_is_a_conflict_with_both_versions(app, gg):
    event, phase = played_event("single_elimination", 4)
    link = on_standin(gg, event, phase)
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    brackets.record_winner(match, match.slot_a)
    db.session.commit()
    set_id = next(k for k, b in taikai_bodies(link).items() if b)
    other = next(str(s["entrant"]["id"]) for s in gg.sets[int(set_id)]["slots"]
                 if str(s["entrant"]["id"]) != taikai_bodies(link)[set_id]["winnerId"])
    gg.report(set_id, other, False, [])
    _drain(link, gg)
    report = db.session.query(TieReport).one()
    assert report.state == "conflict" and report.theirs["winnerId"] == other
    assert report.body["winnerId"] != other and gg.mutations("reportBracketSet") == []
    assert gg.sets[int(set_id)]["winnerId"] == int(other)  # never overwritten silently


def test_a_correction_resets_and_reports_again_and_a_new_game_list_updates(app, gg):
    event, phase = played_event("single_elimination", 4)
    link = on_standin(gg, event, phase)
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    simulate.play_match(match, random.Random(1))
    db.session.commit()
    _drain(link, gg)
    loser = match.slot_b if match.winner_id == match.slot_a else match.slot_a
    brackets.correct_winner(match, loser, cascade=True)
    db.session.commit()
    _drain(link, gg)
    assert standin_bodies(gg) == taikai_bodies(link)
    assert len(gg.mutations("resetSet")) == 1 and len(gg.mutations("reportBracketSet")) == 2


def test_offline_waits_then_sends_in_order_with_a_growing_wait(app, gg):
    event, phase = played_event("single_elimination", 8)
    link = on_standin(gg, event, phase)
    simulate.play_phase(phase, random.Random(2))
    db.session.commit()
    queue.catch_up(link)
    db.session.commit()
    gg.offline = True
    assert sender.send_due(link, T0, url=gg.url) == 0
    first_pause = as_utc(link.paused_until)
    assert sender.send_due(link, T0 + timedelta(seconds=1), url=gg.url) == 0  # still paused: nothing tried
    sender.send_due(link, first_pause + timedelta(seconds=1), url=gg.url)
    assert as_utc(link.paused_until) - (first_pause + timedelta(seconds=1)) > first_pause - T0  # waits longer
    gg.offline = False
    _drain(link, gg, now=as_utc(link.paused_until) + timedelta(seconds=1))
    order = [v["setId"] for v in gg.mutations("reportBracketSet")]
    rounds = [gg.sets[int(s)]["round"] for s in order]
    assert rounds == sorted(rounds) and _states(link) == {"sent": 7}


def test_no_more_than_80_requests_leave_in_a_minute(app, gg):
    event, phase = played_event("double_elimination", 64)
    link = on_standin(gg, event, phase)
    gg.clock = lambda: 0.0  # the stand-in's minute never ends: an 81st request would be refused
    simulate.play_phase(phase, random.Random(3))
    db.session.commit()
    queue.catch_up(link)
    db.session.commit()
    sender.send_due(link, T0, url=gg.url)
    assert len(gg.calls) == 80 and _states(link)["sent"] == 40
    assert as_utc(link.paused_until) == T0 + timedelta(seconds=60)
    gg.clock = lambda: 61.0
    sender.send_due(link, T0 + timedelta(seconds=61), url=gg.url)
    assert _states(link)["sent"] == 80


def test_a_refusal_is_kept_in_start_gg_s_words_and_the_queue_goes_on(app, gg):
    event, phase = played_event("single_elimination", 4)
    link = on_standin(gg, event, phase)
    for match in [m for m in phase.brackets[0].matches if m.status == "ready"]:
        brackets.record_winner(match, match.slot_a)
    db.session.commit()
    first = min(int(k) for k, b in taikai_bodies(link).items() if b)
    gg.sets.pop(first)
    _drain(link, gg)
    refused = db.session.query(TieReport).filter_by(state="refused").one()
    assert refused.answer == f"Set not found for id: {first}"
    assert _states(link) == {"refused": 1, "sent": 1}
    assert results.same(refused.body, taikai_bodies(link)[str(first)])



def test_a_linked_event_s_start_gg_file_is_what_was_sent_to_start_gg(app, client, gg):
    event, phase = played_event("double_elimination", 8)
    link = on_standin(gg, event, phase)
    simulate.play_phase(phase, random.Random(4), share=0.5)
    db.session.commit()
    _drain(link, gg)
    document = client.get(f"/api/v1/events/{event.slug}/export/startgg.json").get_json()
    assert document["shape"] == "startgg-report"
    sent = [{k: v for k, v in c.items()} for c in gg.mutations("reportBracketSet")]
    assert [s["reportBracketSet"] for s in document["sets"]] == sent
    assert all(problems_free(s["reportBracketSet"]) for s in document["sets"])


def problems_free(variables: dict) -> bool:
    """The arguments as start.gg's schema takes them (run through the schema, not sent)."""
    from graphql import graphql_sync
    from startgg_standin import SCHEMA

    result = graphql_sync(SCHEMA, startgg_api.REPORT, root_value={"reportBracketSet": lambda *a, **k: []},
                          variable_values=variables)
    return not result.errors


def test_a_called_set_is_marked_in_progress_when_the_desk_wants_it(app, gg, desk_user):
    from play_support import send
    event, phase = played_event("single_elimination", 4)
    link = on_standin(gg, event, phase)
    first, second = [m for m in phase.brackets[0].matches if m.status == "ready"]
    assert send(first, "set_station", user=desk_user, station="台1").outcome == "applied"
    _drain(link, gg)
    assert gg.mutations("markSetInProgress") == []  # not asked for
    link.mark_called = True
    db.session.commit()
    _drain(link, gg, now=T0 + timedelta(hours=1))
    set_id = next(t.remote for t in link.ids if t.kind == "match" and int(t.local) == first.id)
    assert gg.mutations("markSetInProgress") == [{"setId": set_id}] and gg.sets[int(set_id)]["state"] == 2
    brackets.record_winner(db.session.get(type(first), first.id), first.slot_a)
    db.session.commit()
    _drain(link, gg, now=T0 + timedelta(hours=2))
    assert standin_bodies(gg) == taikai_bodies(link)


def test_a_kof_xv_set_reports_each_sides_three_characters_in_order(app, gg):
    """KOF XV is three characters a side, in order (issue 40.3): start.gg is told each of them, in the
    order played, by its ids; the stand-in (start.gg's schema) takes it."""
    from play_support import send

    from webapp.services.setup import game_catalogue

    event, phase = played_event("single_elimination", 4, game="kofxv")
    link = on_standin(gg, event, phase)
    match = next(m for m in phase.brackets[0].matches if m.status == "ready")
    teams = ("kyo / iori / terry", "shunei / meitenkun / benimaru")
    for n in range(2):
        outcome = send(match, "report_game", winner="a", rounds_a=3, rounds_b=1, char_a=teams[0], char_b=teams[1],
                       position=n)
        assert outcome.outcome == "applied", outcome
    db.session.commit()
    _drain(link, gg)
    (call,) = gg.mutations("reportBracketSet")
    known = {c["name"]: c["id"] for c in gg.event["videogame"]["characters"]}
    title = game_catalogue.event_title(event)
    for game in call["gameData"]:
        said = [(s["entrantId"], s["characterId"]) for s in game["selections"]]
        a, b = (str(8000 + match.slot_a), str(8000 + match.slot_b))
        assert said == [(a, known[title.character(c).key]) for c in teams[0].split(" / ")] + \
                       [(b, known[title.character(c).key]) for c in teams[1].split(" / ")]
