"""For any set and any split of its games into online-then-offline, the phone's offline view of the match (the
pack-built page's model and step, static/js/offline_pack.js, run in the real Chromium) puts each offline game
where the server expects it: its number, its step (position) and the set undecided until its last game; sent
afterwards, every one applies (none held) and the match is done with the set's winner.

The games entered online are this phone's (still in its outbox as applied; the pack made after some of them:
it may lag behind) or another phone's (the pack made after them, or this phone could not know them).
The last of this phone's may still be unsent on it though the server applied them (their reply lost, the page
reloaded while they were in flight): the offline page and the online page (unsent_view.js, from the server's
recorded steps and model as the match page has them) count each once, at the server's step, never on top."""
import uuid

import pytest
from game_events import title_event
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from page_wait import wait_until
from phone_entries import submit

from webapp.extensions import db
from webapp.models import MatchRow
from webapp.services.reads import offline_pack, sheets
from webapp.services.setup.rules import rules_for
from webapp.tournament import stage_striking

pytestmark = pytest.mark.browser

# In the page: each offline game's number and step as the offline page works them out, then it is queued
# (as offline_pack.js's submit does); at the end, whether the set is decided on the phone and for whom.
OFFLINE = """([match, ops, offline, members, kinds]) => {
  const P = window.TaikaiPack, M = window.TaikaiMatch, seen = [];
  for (const payload of offline) {
    const m = P.projected(match, ops, members, kinds, 'best_of'), step = M.next(m);
    const position = P.stepNext(ops, match);
    seen.push({ game: step.game, decided: !!step.decided, position });
    ops.push({ match_id: match.id, kind: 'report_game', status: 'saved',
               payload: Object.assign({}, payload, { position }) });
  }
  const step = M.next(P.projected(match, ops, members, kinds, 'best_of'));
  return { seen, decided: !!step.decided, winner: step.winner || null, ops };
}"""

# The same on the online match page: its rule of which entries go on top of the server's recorded steps
# (unsent_view.js onTop) and the projection it draws from the page's model (data-model, data-position).
ONLINE = """([model, recorded, matchId, ops, offline]) => {
  const U = window.TaikaiUnsent, M = window.TaikaiMatch, seen = [];
  const look = () => { const top = U.onTop(ops, matchId, recorded);
    return { step: M.next(M.project(model, top.pending)), position: top.next }; };
  for (const payload of offline) {
    const { step, position } = look();
    seen.push({ game: step.game, decided: !!step.decided, position });
    ops.push({ match_id: matchId, kind: 'report_game', status: 'saved',
               payload: Object.assign({}, payload, { position }) });
  }
  const { step } = look();
  return { seen, decided: !!step.decided, winner: step.winner || null, ops };
}"""
UNSENT = ("saved", "sending", "auth")  # outbox_store.js UNSENT


@st.composite
def split_sets(draw):
    """A title, its best-of, a whole set (each game's winner and score), how many of its games were entered
    online, by whom, and how many of those the pack had seen."""
    title = draw(st.sampled_from(["sf6", "ssbu"]))
    best_of = draw(st.sampled_from([3, 5]))
    need, wins, games = best_of // 2 + 1, {"a": 0, "b": 0}, []
    while max(wins.values()) < need:
        winner = draw(st.sampled_from("ab"))
        wins[winner] += 1
        won, lost = (draw(st.integers(1, 3)), 0) if title == "ssbu" else (2, draw(st.integers(0, 1)))
        games.append((winner, won, lost) if winner == "a" else (winner, lost, won))
    online = draw(st.integers(0, len(games)))
    by = draw(st.sampled_from(["this-phone", "another-phone"]))
    pack_at = draw(st.integers(0, online)) if by == "this-phone" else online
    lost = draw(st.integers(0, online)) if by == "this-phone" else 0  # applied, their replies never heard
    return title, best_of, games, online, by, pack_at, draw(st.lists(st.sampled_from(UNSENT), min_size=lost,
                                                                     max_size=lost))


def _payloads(event, match, games):
    """Each game as a phone sends it, Smash's stages as its rules allow (game 1 struck, then banned)."""
    strike = rules_for(event, match.bracket.phase).stage_striking
    played, out = [], []
    for winner, rounds_a, rounds_b in games:
        payload = {"winner": winner, "rounds_a": rounds_a, "rounds_b": rounds_b}
        if strike is not None:
            if played:
                banned = tuple(strike.stages[:strike.bans])
                payload.update(banned="|".join(banned), stage=stage_striking.open_stages(strike, played, banned)[0])
            else:
                struck = strike.starters[:sum(strike.strike_order)]
                payload.update(struck="|".join(struck), stage=strike.starters[len(struck)])
            played.append(stage_striking.PlayedGame(payload["stage"], winner))
        out.append(payload)
    return out


def _apply(match, op):
    result = submit({"op_id": op.get("op_id") or str(uuid.uuid4()), "device_id": op.get("device_id", "phone"),
                     "kind": "report_game", "match_id": match.id, "payload": op["payload"]}, None)
    db.session.expire_all()
    return result.outcome if result.outcome in ("applied", "duplicate") else (result.outcome, result.code, result.message)


def _pack_match(event, match):
    """The match as the event's pack has it now, and its players' members (the page's picked entrants)."""
    db.session.expire_all()
    pack = offline_pack.pack(event, str)
    found = next(m for p in pack["phases"] for b in p["brackets"] for m in b["matches"] if m["id"] == match.id)
    return found, {s: pack["entrants"][str(slot)]["members"] for s, slot in zip("ab", found["slots"], strict=True)}


# The offline match page's own scripts (as the app serves them), in a bare page: no phone polling the server
# while the test writes the matches.
SCRIPTS = ("vendor/idb.umd.js", "js/dom.js", "js/page_keeper.js", "js/pack_store.js", "js/match_model.js",
           "js/offline_plays.js", "js/offline_pack.js")


def _bare_page(live_server, phone, scripts, ready):
    page = phone.new_page()
    page.set_content("<!doctype html><body>" + "".join(
        f'<script src="{live_server.url}/static/{path}"></script>' for path in scripts) + "</body>")
    wait_until(page, ready, timeout=30000)
    return page


def _online_games(event, match, payloads, by, pack_at, unsent):
    """The online games applied on the server; this phone's kept in its outbox, the last len(unsent) of them
    still unsent there (each with its status). Returns this phone's entries and the pack made at pack_at."""
    phone_ops, pack, online = [], (None, None), len(payloads)
    statuses = ["applied"] * (online - len(unsent)) + list(unsent)
    for n, payload in enumerate(payloads):
        pack = _pack_match(event, match) if n == pack_at else pack
        op = {"op_id": str(uuid.uuid4()), "payload": dict(payload, position=n),
              "device_id": "this-phone" if by == "this-phone" else "other-phone"}
        assert _apply(match, op) == "applied"
        if by == "this-phone":
            phone_ops.append(dict(op, match_id=match.id, kind="report_game", status=statuses[n]))
    return phone_ops, _pack_match(event, match) if pack_at == online else pack


def _seen_in_place_then_sent(match, result, games, online, lost):
    """The phone offered each game after the online ones at its own step, and ended the set with its winner;
    then every entry still unsent on the phone is sent: those the server had are duplicates, the rest apply in
    their places and finish the set with its winner."""
    assert [(s["game"], s["position"], s["decided"]) for s in result["seen"]] == \
        [(n + 1, n, False) for n in range(online, len(games))]
    assert result["decided"] and result["winner"] == games[-1][0]
    outcomes = [_apply(match, op) for op in result["ops"] if op["status"] in UNSENT]
    assert outcomes == ["duplicate"] * lost + ["applied"] * (len(result["seen"]))
    row = db.session.get(MatchRow, match.id)
    assert row.status == "done" and row.winner_id == (row.slot_a if games[-1][0] == "a" else row.slot_b)


def test_the_offline_next_game_is_the_servers_for_any_split(live_server, phone):
    page = _bare_page(live_server, phone, SCRIPTS, "window.TaikaiPack && window.TaikaiPack.projected && window.TaikaiMatch")

    @given(split_sets())
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case):
        title, best_of, games, online, by, pack_at, unsent = case
        event, match = title_event(title, best_of=best_of)
        payloads = _payloads(event, match, games)
        phone_ops, pack = _online_games(event, match, payloads[:online], by, pack_at, unsent)
        result = page.evaluate(OFFLINE, [*pack[:1], phone_ops, payloads[online:], pack[1], offline_pack.kind_table()])
        _seen_in_place_then_sent(match, result, games, online, len(unsent))

    check()


# The online match page's own scripts that work out its next step (unsent_view.js draws nothing here: no match
# section in the bare page).
ONLINE_SCRIPTS = ("vendor/idb.umd.js", "js/dom.js", "js/outbox_store.js", "js/match_model.js", "js/entry_names.js",
                  "js/unsent_view.js")


def test_the_online_next_game_counts_each_unsent_entry_once(live_server, phone):
    page = _bare_page(live_server, phone, ONLINE_SCRIPTS, "window.TaikaiUnsent && window.TaikaiMatch")

    @given(split_sets())
    @settings(max_examples=40, deadline=None, suppress_health_check=list(HealthCheck))
    def check(case):
        title, best_of, games, online, by, pack_at, unsent = case
        event, match = title_event(title, best_of=best_of)
        payloads = _payloads(event, match, games)
        phone_ops, _ = _online_games(event, match, payloads[:online], by, None, unsent)
        db.session.expire_all()
        sheet = sheets.match_sheet(db.session.get(MatchRow, match.id))  # as the match page renders it
        model = offline_pack.match_model(sheet["state"])
        result = page.evaluate(ONLINE, [model, sheet["position"], match.id, phone_ops, payloads[online:]])
        _seen_in_place_then_sent(match, result, games, online, len(unsent))

    check()
