"""The desk mid-morning: no-shows (a walkover, a DQ and its undo) and a correction."""
from datetime import UTC, datetime, timedelta

from day import see
from playwright.sync_api import expect

from webapp.database import write_transaction
from webapp.extensions import db
from webapp.models import MatchRow


def minutes_pass(day, *matches, minutes=3):
    """The clock moves on past the one-minute no-show limit for these calls (not waited for)."""
    day.fresh()
    with write_transaction(db.session):  # holds the write lock from the start, as the sync path does
        for match in matches:
            db.session.get(MatchRow, match.id).called_at = datetime.now(UTC) - timedelta(minutes=minutes)


def walkover(day, desk, event, station, absent, match):
    """The absent player's row on the board: a tap opens a confirmation that says who wins and where
    each goes; confirming frees the station, and the walkover can be taken back from the board."""
    day.go(desk, f"/desk/e/{event}/stations", "ja")
    row = desk.locator(f"[data-testid=station-{station}]")
    see(row, "不在", absent)
    present = day.name(match.slot_b if day.name(match.slot_a) == absent else match.slot_a)
    confirm = row.locator(f"[data-testid=walkover-{day.entrant(absent, event).id}]")
    expect(confirm.locator("button[type=submit]")).to_be_hidden()  # one tap only asks
    confirm.locator("summary").click()
    see(confirm.locator("[data-testid=walkover-effect]"), f"{present} の不戦勝になります。", absent)
    day.look(desk, "walkover-confirm", "desk", "ja")
    confirm.locator("button[type=submit]").click()
    undo = desk.locator(f"[data-testid=undo-walkover-{match.id}]")
    expect(undo).to_be_visible(timeout=15000)
    see(undo, f"{present}の不戦勝")
    expect(desk.locator(f"[data-testid=station-{station}]")).not_to_contain_text(absent, timeout=15000)
    day.look(desk, "walkover-done", "desk", "ja")
    done = day.match(match.id)
    assert done.status == "done" and day.name(done.winner_id) == present, (done.status, done.winner_id)


def disqualify_no_show(day, desk, event, station, absent, opponent):
    """The other absent player: disqualified from the no-show row, the effect spelled out first."""
    day.go(desk, f"/desk/e/{event}/stations", "ja")
    row = desk.locator(f"[data-testid=station-{station}]")
    row.locator("[data-testid=no-show-dq] a", has_text=absent).click()
    effect = desk.locator("[data-testid=dq-effect]")
    see(effect, absent, opponent)
    expect(effect.locator("input[name=reason]")).not_to_have_value("")
    day.look(desk, "dq-confirm", "desk", "ja")
    effect.locator("button[type=submit]").click()
    entrant = desk.locator("#entrants tbody tr", has_text=absent)
    see(entrant, "失格")
    day.look(desk, "dq-done", "desk", "ja")


def undo_dq(day, desk, event, absent, match):
    """They arrive late with a good reason: the DQ is lifted, the walkover is a match to play again."""
    entrant = desk.locator("#entrants tbody tr", has_text=absent)
    entrant.locator("button", has_text="失格を取り消す").click()
    expect(desk.locator("#entrants tbody tr", has_text=absent)).not_to_contain_text("失格を取り消す")
    see(desk.locator(".flash.ok"), absent)
    day.look(desk, "dq-undone", "desk", "ja")
    again = day.match(match.id)
    assert again.status == "ready" and again.winner_id is None, (again.status, again.winner_id)
    # Back in the queue with no call time: the next call starts a fresh no-show clock (not "over").
    assert again.called_at is None, again.called_at


def correct(day, desk, phase, match, new_winner, next_match):
    """The players of a finished match say the referee tapped the wrong side in game 3; the winner's
    next match is already in play on the stream. The preview names it with the game to be undone,
    and after the correction it starts again with the new player (I1), flagged for the desk."""
    old_winner = day.name(day.match(match.id).winner_id)
    in_play = day.match(next_match)
    assert in_play.actions, "the next match should be in play before the correction"
    day.go(desk, f"/desk/phase/{phase}?status=all", "ja")
    desk.locator(f"#match-{match.id}").locator("a.btn").click()
    effect = desk.locator("[data-testid=correction-effect]")
    see(effect, new_winner)
    restarted = effect.locator(f"[data-testid=restarted-matches] li[data-match-id='{next_match}']")
    see(restarted, old_winner)
    expect(restarted.locator("[data-testid=undone-game]")).to_have_count(1)
    see(restarted.locator("[data-testid=undone-game]"), "第1ゲーム")
    day.look(desk, "correction-preview", "desk", "ja")
    effect.locator("input[name=reason]").fill("第3ゲームの勝者の押し間違い（両者確認）")
    effect.locator("button[type=submit]").click()
    see(desk.locator("main p", has_text="記録された勝者"), new_winner)
    if desk.locator(".flash.ok", has_text="訂正").count() == 0:
        day.note("correction", "the message after a correction says what changed (issue 18: words)",
                 f"the page says {desk.locator('.flash.ok').all_inner_texts()}")
    day.look(desk, "correction-done", "desk", "ja")
    after = day.match(match.id)
    assert day.name(after.winner_id) == new_winner
    following = day.match(next_match)
    assert new_winner in (day.name(following.slot_a), day.name(following.slot_b))
    assert not following.actions, f"the next match kept {following.actions} after its players changed"
    assert following.flagged == "restarted" and following.winner_id is None
    day.go(desk, f"/desk/phase/{phase}?status=all", "ja")
    see(desk.locator(f"#match-{next_match}"), "やり直し", new_winner)
    day.look(desk, "correction-restarted", "desk", "ja")
    return following
