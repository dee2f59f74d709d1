"""A started 1on1 event of any catalogue title under the standard rules, and a game of it as the phone's
form sends it (the score chip, the characters a side in order, the stages struck or banned)."""
from werkzeug.datastructures import MultiDict

from webapp.extensions import db
from webapp.services.accounts import users as accounts
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.matches import brackets
from webapp.services.setup import events
from webapp.tournament import games, stage_striking

PLAYERS = ("あおい", "ひかる", "かなで", "つばさ")


def draft_event(game: str, best_of: int = 3, players: int = 2):
    """A 1on1 event of this title with its players and one phase not started; (event, phase)."""
    event = events.create_event(f"{game} weekly", "standard_1on1", entrant_kind="player", game=game)
    entrants.add_entrants(event, [{"name": n, "seed": i + 1, "members": [(n, "")]}
                                  for i, n in enumerate(PLAYERS[:players])])
    db.session.flush()
    phase = events.add_phase(event, "本戦", "single_elimination", match_type="best_of", best_of=best_of)
    db.session.flush()
    return event, phase


def title_event(game: str, best_of: int = 3, players: int = 2):
    """A 1on1 event of this title with its players, its phase started; (event, the first ready match)."""
    event, phase = draft_event(game, best_of, players)
    brackets.start_phase(phase, event.entrants)
    db.session.commit()
    return event, next(m for m in phase.brackets[0].matches if m.status == "ready")


def staff_client(client, event):
    """The client signed in as the event's staff."""
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    assert client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "246813"}).status_code == 302
    return client


def form_game(rules, state, game: str, winner: str, position: int, match) -> MultiDict:
    """One game as the form posts it: its score chip, characters (one select a place for a team), stages."""
    title = games.get_title(game)
    roster = title.character_values() or ["X", "Y", "Z"]
    full = rules.game_score
    score = (f"{full}-0" if winner == "a" else f"0-{full}") if rules.score_unit == "stocks" else \
        (f"{full}-1" if winner == "a" else f"1-{full}")
    fields = [("kind", "report_game"), ("position", str(position)), ("base_version", str(match.version)),
              ("score", score)]
    for side, offset in (("a", 0), ("b", 3)):
        picks = [roster[(offset + i) % len(roster)] for i in range(rules.characters_per_side)]
        fields += [(f"team_{side}", c) for c in picks] if rules.characters_per_side > 1 else [(f"char_{side}", picks[0])]
    fields += _stages(rules, state)
    return MultiDict(fields)


def _stages(rules, state) -> list:
    strike = rules.stage_striking
    if rules.stage_rule != "striking" or strike is None:
        return []
    played = [stage_striking.PlayedGame(g.stage, g.winner) for g in state.games if g.counted]
    if not played:
        struck = strike.starters[:sum(strike.strike_order)]
        return [("struck", s) for s in struck] + [("stage", strike.starters[len(struck)])]
    banned = strike.stages[:strike.bans]
    return [("banned", s) for s in banned] + [("stage", stage_striking.open_stages(strike, played, banned)[0])]


def offline_game_form(phone, url, game):
    """A staff phone on a match of this title, gone offline and reloaded: the game form the phone shows then,
    the match page built from the event's pack, or the page it kept when its service worker kept it again
    (both queue the entry on the phone). (page, the form, the match)."""
    from offline_phones import open_match, pack_has, staff_page
    from playwright.sync_api import expect
    event, match = title_event(game)
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    page = staff_page(phone, url, event)
    open_match(page, url, match)
    pack_has(page, match.id)  # the kept page is taken away below: the pack alone must hold the match
    phone.set_offline(True)
    page.evaluate("""async () => { for (const k of await caches.keys()) {
        if (k.startsWith('taikai-pages')) await (await caches.open(k)).delete(location.href, {ignoreVary: true}); } }""")
    page.reload()
    form = page.locator("#offline-match [data-testid=offline-game]").or_(
        page.locator("#match-play form[data-op=report_game]:visible"))
    expect(form).to_be_visible(timeout=30000)
    return page, form, match


def send_when_back_online(page, phone, form) -> None:
    """Submit the offline form, see it queued, come back online and see it applied."""
    from offline_phones import ops_with
    from page_wait import wait_until
    form.locator("button[type=submit]").click()
    wait_until(page, "async () => (await TaikaiOutbox.pendingCount()) === 1")
    phone.set_offline(False)
    page.evaluate("window.dispatchEvent(new Event('online'))")
    ops_with(page, "applied", 1)
