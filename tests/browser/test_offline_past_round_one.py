"""Two phones offline past the first round: phone A records a semi-final, phone B opens the
final it feeds (never opened before), picks who sat down and records it; B comes back first
and waits, A comes back, both end applied, and the bracket equals the serial replay."""
import json
import os
import pathlib
import re
import sys
import uuid

from offline_phones import pack_has
from playwright.sync_api import expect

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
from offline_phones import ops_with, report, staff_page  # noqa: E402
from phone_entries import submit
from play_support import team_event  # noqa: E402

from webapp import create_app
from webapp.extensions import db  # noqa: E402
from webapp.models import Entrant, MatchRow, Operation  # noqa: E402
from webapp.operations import export as oplog  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402

REGISTERED = {"チームA": "不知火舞", "チーム3": "双葉ほたる", "チームB": "ビリー・カーン", "チーム2": "ビリー・カーン"}


def _four_player_event():
    event, _ = team_event("best_of", "kgp2025", teams=4, size=1)
    for entrant in event.entrants:  # registered characters: the offline form offers them first
        entrant.members[0].character = REGISTERED.get(entrant.name, "")
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    matches = sorted(event.phases[0].brackets[0].matches, key=lambda m: (m.round, m.index))
    return event, [m for m in matches if m.status == "ready"], next(m for m in matches if m.status == "pending")


def _decide_on_the_server(match):
    """The other semi-final, entered at the desk while everyone was online: side b wins 2-0."""
    for position in range(2):
        submit({"op_id": str(uuid.uuid4()), "device_id": "desk", "kind": "report_game",
                           "match_id": match.id, "payload": {"winner": "b", "rounds_a": 0, "rounds_b": 2,
                                                            "position": position}}, None)




def _online(context, page):
    context.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")


def _serial_replay_equal(tmp_path, first_device_ops):
    """Replay the log with the semi-final's entries first (the order things happened): same bracket."""
    from flask_migrate import upgrade

    db.session.rollback()
    before = oplog.snapshot()
    path = tmp_path / "log.jsonl"
    oplog.export(str(path))
    records = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines() if line.strip()]
    ops = [r for r in records if r["type"] == "op"]
    serial = sorted(ops, key=lambda r: r["op_id"] not in first_device_ops)  # stable: A's, then the rest
    path.write_text("\n".join(json.dumps(r, ensure_ascii=False) for r in
                              [r for r in records if r["type"] != "op"] + serial) + "\n", encoding="utf-8")
    other = create_app({"TESTING": True, "SECRET_KEY": "t",
                        "SQLALCHEMY_DATABASE_URI": f"sqlite:///{tmp_path / 'serial.sqlite3'}"})
    with other.app_context():
        upgrade()
        oplog.replay(str(path), batch=1)
        db.session.expire_all()
        assert oplog.snapshot() == before
        assert {r.outcome for r in db.session.query(Operation)} == {"applied"}


def test_two_phones_offline_past_the_first_round(live_server, browser, tmp_path):
    event, (semi_a, semi_b), final = _four_player_event()
    _decide_on_the_server(semi_b)
    ctx_a, ctx_b = browser.new_context(locale="ja-JP"), browser.new_context(locale="ja-JP")
    a = staff_page(ctx_a, live_server.url, event, "審判 A")
    a.goto(f"{live_server.url}/staff/m/{semi_a.id}")
    b = staff_page(ctx_b, live_server.url, event, "審判 B")
    pack_has(a, semi_a.id)
    pack_has(b, final.id)
    ctx_a.set_offline(True)
    ctx_b.set_offline(True)

    # Phone A: its semi-final, on the match page it had open (side a wins 2-0, 2-0).
    report(a, "a", 2, 0)
    ops_with(a, "saved", 1)
    report(a, "a", 2, 0)
    ops_with(a, "saved", 2)

    # Phone B: the final, never opened on this phone, from the offline pack.
    b.goto(f"{live_server.url}/staff/m/{final.id}")
    page = b.locator("[data-testid=offline-match]")
    expect(page).to_be_visible()
    expect(page.locator("[data-testid=offline-title]")).to_have_text("決勝")
    expect(page.locator("[data-testid=cannot-check]")).to_contain_text("確認できません")
    side_a = page.locator("[data-slot='0'] [data-testid=slot-choice]")
    expect(side_a).to_have_text(["チームA", "チーム3"])  # either semi-finalist of A's match may come
    expect(page.locator("[data-slot='1'] input:checked")).to_have_count(1)  # known: decided at the desk
    game = page.locator("[data-testid=offline-game]")
    # The online form's fields in its order: score (one tap, from the pack's rules), characters, stage, side.
    expect(game.locator("input[name=score]")).to_have_count(4)
    order = game.evaluate("f => [...f.querySelectorAll('[name=score], [name=char_a], [name=char_b], [name=stage], "
                          "[name=side_a]')].map(e => e.name).filter((n, i, all) => all.indexOf(n) === i)")
    assert order == ["score", "char_a", "char_b", "stage", "side_a"]
    expect(game.locator("[data-testid=offline-game-title]")).to_have_text("第1ゲーム")
    game.locator("label:has(input[name=score][value='2-1'])").click()
    game.locator("button[type=submit]").click()
    expect(page.locator("[data-testid=offline-feedback]")).to_have_text("先に両サイドの着席者を選んでください。")
    side_a.filter(has_text="チームA").locator("input").check()
    # Characters as buttons: the registered one first (checked), then the title's roster behind a search.
    chars_a = game.locator("[data-testid=chars-a]")
    expect(chars_a.locator(".char-keep label")).to_have_text(["不知火舞"])
    expect(chars_a.locator(".char-keep input")).to_be_checked()
    expect(game.locator("[data-testid=chars-b] .char-keep input:checked")).to_have_count(1)
    chars_a.locator("summary").click()
    chars_a.locator("[data-char-search]").fill("ロック")
    expect(chars_a.locator(".char-roster label:visible")).to_have_text(["ロック・ハワード"])
    chars_a.locator(".char-roster label:visible").click()
    expect(game.locator("select[name=stage] option")).not_to_have_count(1)  # the title's stages from the pack
    game.locator("select[name=stage]").select_option("Pao Pao Cafe")
    game.locator("select[name=side_a]").select_option("1P")
    game.locator("button[type=submit]").click()
    expect(page.locator("[data-testid=offline-entry]")).to_have_count(1)
    # Game 2 starts from game 1 as this phone knows it, as the online form does: last game's character kept
    # (the same player), stage and side kept (KGP: by agreement).
    expect(game.locator("[data-testid=offline-game-title]")).to_have_text("第2ゲーム")
    expect(chars_a.locator(".char-keep label")).to_have_text(["ロック・ハワード"])
    expect(chars_a.locator("input:checked")).to_have_value("ロック・ハワード")
    expect(game.locator("select[name=stage]")).to_have_value("Pao Pao Cafe")
    expect(game.locator("select[name=side_a]")).to_have_value("1P")
    expect(game.locator("input[name=score]:checked")).to_have_count(0)
    if os.environ.get("TAIKAI_SCREENSHOTS"):  # pictures of the pack-built page at phone size
        b.set_viewport_size({"width": 390, "height": 844})
        b.screenshot(path=os.path.join(os.environ["TAIKAI_SCREENSHOTS"], "offline_match_top.png"))
        game.locator("[data-testid=offline-game-title]").scroll_into_view_if_needed()
        b.evaluate("document.querySelector('[data-testid=offline-game-title]').scrollIntoView()")
        b.screenshot(path=os.path.join(os.environ["TAIKAI_SCREENSHOTS"], "offline_match_form.png"))
    game.locator("label:has(input[name=score][value='2-0'])").click()
    game.locator("button[type=submit]").click()
    expect(page.locator("[data-testid=offline-entry]")).to_have_count(2)
    entries = page.locator("[data-testid=offline-entry]")
    expect(entries.first).to_have_text(re.compile(r"^第1ゲーム: チームA 2–1 \S+ 未確認$"))  # as online: "第Nゲーム: A 2–1 B"
    expect(entries.nth(1)).to_have_text(re.compile(r"^第2ゲーム: チームA 2–0 \S+ 未確認$"))
    expect(b.locator("#outbox-status")).to_contain_text("第2ゲーム: チームA 2–0")
    expect(game.locator("label:has(input[name=score][value='2-1'])")).to_contain_text("チームA")
    expect(game).to_be_hidden()  # 2 games to 0: decided on this phone, no game 3 offered
    expect(page.locator("[data-testid=offline-decided]")).to_be_visible()
    expect(page.locator("[data-testid=offline-decided]")).to_contain_text(
        re.compile(r"勝者: チームA.*チームA 2–0 \S+.*サーバー未確認", re.S))
    ops_with(b, "saved", 2)

    # B comes back first: its entries wait for A's result.
    _online(ctx_b, b)
    ops_with(b, "held", 2)
    expect(b.locator("#outbox-status li[data-status=held]").first).to_contain_text("前の試合の結果を待っています")

    # A comes back: its semi-final applies, and B's held final follows on its own.
    _online(ctx_a, a)
    ops_with(a, "applied", 2)
    ops_with(b, "applied", 2, timeout=20000)
    db.session.rollback()
    row = db.session.get(MatchRow, final.id)
    assert row.status == "done" and row.winner_id == semi_a.slot_a and len(row.actions) == 2
    # What was chosen on the pack-built page arrived, in the online form's fields, checked by the server.
    other = db.session.get(Entrant, row.slot_b).members[0].character
    assert [(g["char_a"], g["char_b"], g["stage"], g["side_a"]) for g in row.actions] == \
        [("ロック・ハワード", other, "Pao Pao Cafe", "1P")] * 2
    a_ops = {r.op_id for r in db.session.query(Operation).filter(Operation.match_id == semi_a.id)}
    _serial_replay_equal(tmp_path, a_ops)


def test_a_team_match_built_from_the_pack_names_players_and_keeps_their_characters(live_server, browser):
    """Kachinuki: the toss first (Tekken rules), a member is one tap (as online), the game form then offers
    that member's registered character only, and the entries, with the online fields, apply on the server."""
    event, match = team_event()
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    context = browser.new_context(locale="ja-JP", viewport={"width": 390, "height": 844})
    b = staff_page(context, live_server.url, event, "審判 K")
    pack_has(b, match.id)
    # The match's own page is kept at sign-in; without it (not fetched yet, or evicted) the pack builds it.
    from offline_phones import kept
    kept(b, live_server.url, f"/staff/m/{match.id}")
    context.set_offline(True)
    b.evaluate("async (u) => { for (const n of await caches.keys()) await (await caches.open(n)).delete(u); }",
               f"{live_server.url}/staff/m/{match.id}")
    b.goto(f"{live_server.url}/staff/m/{match.id}")
    page = b.locator("[data-testid=offline-match]")
    toss = page.locator("[data-testid=offline-toss]")
    toss.locator("label", has=b.locator("input[name=winner][value=a]")).click()
    expect(toss.locator("label", has=b.locator("input[name=winner][value=a]"))).to_have_text(re.compile("チームA"))
    toss.locator("label", has=b.locator("input[name=choice][value=stage]")).click()
    toss.locator("button[type=submit]").click()
    expect(toss).to_be_hidden()
    names = page.locator("[data-testid=offline-name]")
    expect(names).to_have_count(2)
    names.nth(0).locator("button", has_text="A2").click()
    names.nth(1).locator("button", has_text="B1").click()
    entries = page.locator("[data-testid=offline-entry]")
    expect(entries).to_have_count(3)
    expect(entries).to_have_text([re.compile(r"^じゃんけん: チームA 未確認$"), re.compile(r"^次の選手: チームA — A2 未確認$"),
                                  re.compile(r"^次の選手: チームB — B1 未確認$")])
    game = page.locator("[data-testid=offline-game]")
    a2, b1 = (m for m in (event.entrants[0].members[1], event.entrants[1].members[0]))
    expect(game.locator("[data-testid=chars-a] input:checked")).to_have_value(a2.character)
    expect(game.locator("[data-testid=chars-b] input:checked")).to_have_value(b1.character)
    expect(game.locator(".char-more").first).to_be_hidden()  # registered characters only: no roster
    expect(game.locator("input[name=score]")).to_have_count(7)  # first to 3, and the full-set double K.O.
    queued = b.evaluate("async () => (await TaikaiOutbox.list()).map(o => o.payload)")
    # the first players: blind select, the member's button value as text, as online (form_payload.js)
    assert [(p["side"], p["member_id"], p["blind"]) for p in queued[1:]] == [("a", str(a2.id), "true"), ("b", str(b1.id), "true")]
    game.locator("label:has(input[name=score][value='3-1'])").click()
    game.locator("button[type=submit]").click()
    expect(entries).to_have_count(4)
    _online(context, b)
    ops_with(b, "applied", 4, timeout=20000)
    db.session.rollback()
    played = db.session.get(MatchRow, match.id).actions
    assert [a["kind"] for a in played] == ["coin_toss", "name_player", "name_player", "report_game"]
    assert (played[3]["char_a"], played[3]["char_b"], played[3]["rounds_a"]) == (a2.character, b1.character, 3)
