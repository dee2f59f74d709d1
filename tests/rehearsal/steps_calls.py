"""Calls: the desk fills the free stations; the projector and the players see who goes where."""
from browser_support import browser_fixtures
from day import into_view, see
from playwright.sync_api import expect

from webapp.extensions import db
from webapp.models import BracketRow, MatchRow, Phase


def on_stations(day, event):
    """{station name: the match called there}, as the test reads the database."""
    day.fresh()
    rows = (db.session.query(MatchRow).join(BracketRow).join(Phase)
            .filter(Phase.event_id == event, MatchRow.status == "ready", MatchRow.station.isnot(None)).all())
    return {m.station: m for m in rows if m.station}


def call_round(day, desk, event, phase_name):
    """The TO presses "call the next matches" (auto-call still off): the four stations and the stream
    station (its stream queue is empty) fill. Then auto-call goes on for the rest of the day."""
    day.go(desk, f"/desk/e/{event}/stations", "ja")
    expect(desk.locator("[data-testid=stream-takes-regular] input[name=on]")).to_be_checked()  # on by default
    with desk.expect_navigation():
        desk.locator("form[action$='/call-next'] button").click()
    called = on_stations(day, event)
    assert sorted(called) == ["1", "2", "3", "4", "配信台"], called
    for station, match in called.items():
        row = desk.locator(f"[data-testid=station-{station}]")
        see(row, "呼び出し中", day.name(match.slot_a), day.name(match.slot_b))
    day.look(desk, "calls", "desk", "ja")
    form = desk.locator("#calling-settings form", has_text=phase_name)
    form.locator("input[name=auto_call]").check()
    form.locator("button[type=submit]").click()
    expect(desk.locator("#calling-settings form", has_text=phase_name).locator("input[name=auto_call]")).to_be_checked()
    return called


def projector(day, event_slug, called, lang="ja"):
    """The wall screen: every called match with its station and both names."""
    screen = day.laptop(lang)
    day.go(screen, f"/e/{event_slug}/calls", lang)
    expect(screen.locator("[data-testid=call]")).to_have_count(len(called))
    for match in called.values():
        see(screen.locator("#projector-calls"), day.name(match.slot_a), day.name(match.slot_b))
    day.look(screen, "projector", "wall", lang)
    return screen


def to_stream(day, desk, event, name):
    """The stream wants this player's next match: the desk puts it in the stream queue; it waits
    there (not on a free ordinary station) while the stream station plays its ordinary match."""
    day.go(desk, f"/desk/e/{event}/stations", "ja")
    desk.locator("[data-testid=queued]", has_text=name).locator("button", has_text="配信待ちに入れる").click()
    stream_queue = desk.locator("[role=region][aria-label=配信待ち] [data-testid=queued]")
    expect(stream_queue).to_have_count(1)
    see(stream_queue, name)
    expect(desk.locator("[data-testid=station-配信台]")).not_to_contain_text(name)
    day.look(desk, "stream-queue", "desk", "ja")


def stream_calls_queued(day, desk, event, name):
    """The stream station's match is over: its final score stays on the stream for the station's hold
    (30 s by default, issue 38.4), then the queued stream match is called there by itself (the board's
    own poll calls it once the hold is over)."""
    day.go(desk, f"/desk/e/{event}/stations", "ja")
    expect(desk.locator("[data-testid=station-配信台]")).to_contain_text("呼び出し中", timeout=90_000)
    see(desk.locator("[data-testid=station-配信台]"), "呼び出し中", name)
    expect(desk.locator("[role=region][aria-label=配信待ち] [data-testid=queued]")).to_have_count(0)
    day.look(desk, "stream-call", "desk", "ja")
    return on_stations(day, event)["配信台"]


def board_on_phone(day, event, called, over_station, absent, present):
    """The TO walks the floor with the board on their phone (390 px, Japanese): every station's
    players readable; at the no-show row, who came to reception should be plain."""
    phone = day.phone("ja")
    browser_fixtures.sign_in_desk(phone, day.url)
    day.go(phone, f"/desk/e/{event}/stations", "ja")
    board = phone.locator("#station-board")
    see(board, *(day.name(m.slot_a) for m in called.values()))
    row = phone.locator(f"[data-testid=station-{over_station}]")
    if row.locator("details.confirm-walkover").count() == 0:  # the match went back to the queue
        day.look(phone, "board-on-phone", "desk", "ja", full=False)
        phone.context.close()
        return
    see(row, absent, present)
    if row.locator("text=受付済").count() == 0:
        day.note("board-on-phone", "the no-show row says which side checked in at reception (issue 18: calls)",
                 f"both {present} (checked in) and {absent} (never came) get the same 'absent…' button")
    into_view(row)
    button = row.locator("details.confirm-walkover summary").first.bounding_box()
    if button["x"] + button["width"] > phone.viewport_size["width"]:
        day.note("board-on-phone", "the no-show row's buttons are on screen on a 390 px phone (staff pages at 360 px)",
                 f"the walkover button starts at x={int(button['x'])} px: the TO scrolls the table sideways to find it")
    day.look(phone, "board-on-phone", "desk", "ja", full=False)
    phone.context.close()


def desk_in_english(day, desk, event, phase, called):
    """A guest TO reads the board and the run table in English: the same names, nothing raw."""
    day.go(desk, f"/desk/e/{event}/stations", "en")
    see(desk.locator("#station-board"), "Station board", *(day.name(m.slot_a) for m in called.values()))
    day.look(desk, "board", "desk", "en")
    day.go(desk, f"/desk/phase/{phase}?status=all", "en")
    see(desk.locator("#desk-matches"), "finished", "walkover")
    day.look(desk, "run-table", "desk", "en")
    day.go(desk, "/desk/", "ja")  # back to Japanese for whoever sits down next
