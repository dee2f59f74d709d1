"""The rehearsal: a whole day run as people do, on the desk laptop, three referees' phones and the
public pages. Every step leaves a screenshot in test-results/rehearsal/ (NN-step-who-lang.png) and
checks what a person there would check. What still waits for a feature (or shows a raw word) is
written to test-results/rehearsal/notes.txt and printed (run with -s)."""
from types import SimpleNamespace

import steps_calls as calls
import steps_conflict as conflict
import steps_desk as desk_steps
import steps_phones as phones
import steps_public as public
import steps_reception as reception
import steps_setup as setup
import steps_tekken as team_day
from day import SHOTS


def test_a_whole_day(day):
    today = _morning(day)
    _first_round(day, today)
    _no_shows_and_a_correction(day, today)
    _station_two_offline(day, today)
    _team_day(day, today)
    _afternoon_public(day, today)
    _report(day)


def _morning(day):
    """Both events from their sheets, the PIN, reception, the starts, the stations."""
    desk = setup.open_desk(day)
    kgp, tekken = setup.import_kgp(day, desk), setup.import_tekken(day, desk)
    for event in (kgp, tekken):
        setup.staff_pin(day, desk, event)
    reception_phone = day.phone("ja")
    reception.sign_in_staff(day, reception_phone, kgp, "受付 木下", "ja")
    reception.check_in(day, reception_phone, kgp)
    phase = reception.start_kgp(day, desk, kgp)
    reception.start_tekken(day, desk, tekken)
    setup.stations(day, desk, kgp)
    return SimpleNamespace(desk=desk, kgp=kgp, tekken=tekken, phase=phase, slug=reception.day_slug(day, kgp),
                           reception=reception_phone)


def _first_round(day, today):
    """Calls, two referees play their matches, the winner's next match goes to the stream."""
    today.called = called = calls.call_round(day, today.desk, today.kgp, "予選")
    calls.projector(day, today.slug, called, "ja")
    today.one = phones.referee(day, today.kgp, "1", "審判 一号", "ja")
    today.two = phones.referee(day, today.kgp, "4", "Referee Two", "en")
    first, fourth = called["1"], called["4"]
    phones.full_match(day, today.one, "ja", day.name(first.slot_a), day.name(first.slot_b))
    phones.penalty_match(day, today.two, "en", day.name(fourth.slot_a), day.name(fourth.slot_b))
    phones.next_on_station(day, today.one, "ja")
    winner = day.name(first.slot_a)
    calls.to_stream(day, today.desk, today.kgp, winner)
    on_stream = called["配信台"]
    phones.ordinary_on_stream(day, today.one, today.kgp, "ja", day.name(on_stream.slot_a), day.name(on_stream.slot_b))
    calls.stream_calls_queued(day, today.desk, today.kgp, winner)
    today.in_play = phones.stream_match(day, today.one, today.kgp, "ja")


def _no_shows_and_a_correction(day, today):
    """Two no-shows past the limit: a walkover, a DQ undone; then a result corrected."""
    absent_2, absent_3, first = today.called["2"], today.called["3"], today.called["1"]
    desk_steps.minutes_pass(day, absent_2, absent_3)
    desk_steps.walkover(day, today.desk, today.kgp, "2", "ナウマン", absent_2)
    desk_steps.disqualify_no_show(day, today.desk, today.kgp, "3", "池田葵", day.name(absent_3.slot_a))
    desk_steps.undo_dq(day, today.desk, today.kgp, "池田葵", absent_3)
    desk_steps.correct(day, today.desk, today.phase, first, day.name(first.slot_b), today.in_play)
    phones.after_correction(day, today.one, "ja", day.name(first.slot_b))


def _station_two_offline(day, today):
    """Reception's phone referees station 2 offline; a second referee disagrees; the desk decides."""
    three, side_a = conflict.offline_games(day, today.reception, today.kgp, "2", "ja")
    conflict.second_referee(day, today.two, today.kgp, "2", "en")
    conflict.back_online(day, three, "ja")
    conflict.decide(day, today.desk, side_a)
    conflict.decision_reaches_phone(day, three, "ja")


def _team_day(day, today):
    """A kachinuki match in English, a void after the fact, the desk's ruling."""
    team_a, team_b = team_day.first_match(day, today.two, today.tekken, "en")
    player = team_day.three_games(day, today.two, "en")
    team_day.void_first_win(day, today.two, "en", player)
    team_day.ruling(day, today.desk, today.tekken, team_a, team_b, player)
    team_day.phone_after_ruling(day, today.two, "en")


def _afternoon_public(day, today):
    """The desk and the projector in English, a player's next match, the wall print."""
    now = calls.on_stations(day, today.kgp)
    third = today.called["3"]  # the DQ was undone: the match went back to the queue, called afresh
    calls.board_on_phone(day, today.kgp, now, "3", "池田葵", day.name(third.slot_a))
    calls.desk_in_english(day, today.desk, today.kgp, today.phase, now)
    calls.projector(day, today.slug, now, "en")
    waiting = now["1"]
    public.next_match(day, today.slug, day.name(waiting.slot_a), day.name(waiting.slot_b), "1番台")
    corrected = today.called["1"]
    public.corrected_on_the_bracket(day, today.slug, today.phase, corrected.id, day.name(corrected.slot_b))
    public.find_me(day, today.slug, today.phase, day.name(corrected.slot_b))
    public.print_wall(day, today.slug, today.phase, [day.name(m.slot_a) for m in today.called.values()])


# No server error is tolerated, on either database: a desk form, a staff sign-in and a page's POST
# /sync/seen once answered SQLite's 'database is locked' (a read, then a write, in a deferred
# transaction); they now hold the write lock from their first statement (webapp/database.py
# immediate_writes, write_transaction), so a tap waits its turn instead.
def _report(day):
    lines = [f"[{shot:02d} {step}] {waits_for}: {now}" for shot, step, waits_for, now in day.notes]
    (SHOTS / "notes.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    print("\nREHEARSAL: steps waiting for features, and leaks still seen\n  " + "\n  ".join(lines))
    assert not day.errors, f"server errors a screen received (after shot, method, path, status): {day.errors}"
