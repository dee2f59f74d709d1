"""Every mutating route, found by walking app.url_map, refuses the wrong caller with no change.

For each POST/PUT/PATCH/DELETE route: signed out, staff of another event, staff on a
desk route and a request without its CSRF token are all refused and leave the
database as it was; the right caller (the control) gets past the checks, so the
refusals are not 404s from a badly built address. A new route whose address has an
argument this test cannot fill fails here until someone decides who may call it.
"""
import re
import uuid
from functools import partial

from phone_entries import submit
from play_support import team_event
from sqlalchemy import select
from staff_phones import PIN

from webapp.extensions import db
from webapp.models import Conflict, Entrant, Operation

MUTATING = {"POST", "PUT", "PATCH", "DELETE"}
# Signing in and out is for everyone; they are still checked for no change when refused.
PUBLIC = {"auth.login", "auth.staff_pin", "auth.logout", "auth.link", "signup.form"}
DESK_BLUEPRINTS = ("desk", "desk_builder", "desk_plan", "desk_stations", "desk_corrections", "desk_entrants", "desk_events", "desk_event_files", "conflicts",
                   "mirror", "desk_signin", "desk_games", "desk_rules", "desk_players",
                   "desk_stream", "desk_day", "desk_self_report", "desk_ties")
# A player's own actions (their personal link's cookie, web/player.py): only that player, of that event.
PLAYER_BLUEPRINTS = ("player", "self_report", "player_sync")
# Machine-to-machine routes with their own bearer token (no session): refusals only.
TOKEN_ROUTES = {"mirror_api.api_push"}
# Routes whose rows this world does not build (a mirror link): refusals only, no control.
NO_CONTROL = {"mirror.close_link"}
DESK_ROUTES = {"auth.password", "auth.totp", "sync.received"}  # desk routes outside the desk blueprints
JSON_ROUTES = {"sync.push", "sync.received", "sync.seen", "player_sync.push"}
# A phone reporting only itself (its sync, its waiting entries): any signed-in person, no event target.
OWN_DEVICE = {"sync.seen"}
REFUSED = {302, 400, 401, 403, 405, 422, 429}


def _snapshot() -> dict:
    """Every row of every table (the rejected entries of the log aside: logging them is the answer)."""
    db.session.expire_all()
    out = {}
    for table in db.metadata.sorted_tables:
        rows = db.session.execute(select(table)).mappings().all()
        if table.name == "operation":
            rows = [r for r in rows if r["outcome"] != "rejected"]
        out[table.name] = sorted(repr(sorted(dict(r).items())) for r in rows)
    db.session.rollback()
    return out


def _world(app, desk_user):
    """Event A (the staff's own) and event B (the target), a conflict in B, clients for each role."""
    event_a, _ = team_event()
    event_b, match_b = team_event()
    for device, winner in (("d1", "a"), ("d2", "b")):
        submit({"op_id": str(uuid.uuid4()), "device_id": device, "kind": "coin_toss",
                           "match_id": match_b.id, "base_version": match_b.version,
                           "payload": {"winner": winner, "choice": "stage", "position": 0}}, desk_user)
    submit({"op_id": str(uuid.uuid4()), "device_id": "d1", "kind": "desk_request", "match_id": match_b.id,
                       "payload": {"request": "judge"}}, desk_user)
    request_b = db.session.query(Operation).filter_by(kind="desk_request").one()
    conflict = db.session.query(Conflict).first()
    entrant_b = db.session.query(Entrant).filter_by(event_id=event_b.id).first()
    from webapp.services.day import stations
    station_b = stations.add_station(event_b, "M1")
    from webapp.services.accounts import login_sessions, signin_links
    from webapp.services.accounts import users as accounts
    person_b = accounts.staff_user(event_b, "取消対象")
    login_sessions.start(person_b, "matrix-phone-" + "x" * 30)  # a phone of event B's the desk may sign out
    session_b = person_b.login_session_id
    report_b = _player_report(event_b, match_b, entrant_b)
    db.session.commit()
    with app.test_request_context():
        link = signin_links.station_signin_url(event_b, station_b).rsplit("/", 1)[1]
    from webapp.services.players import signups
    signups.set_settings(event_b, True, 1, None, [], late=True)  # event B has started: late entries kept open
    waiting_b, _token = signups.sign_up(event_b, {"name": "順番待ち", "members": [(f"m{i}", "") for i in range(5)]},
                                        "192.0.2.200")
    db.session.commit()
    args = {"signup_id": waiting_b.id, "event_id": event_b.id, "slug": event_b.slug, "match_id": match_b.id, "entrant_id": entrant_b.id,
            "phase_id": event_b.phases[0].id, "conflict_id": conflict.id, "station_id": station_b.id, "link_id": 999999, "action": "revoke",
            "user_id": person_b.id, "token": link, "request_id": request_b.id,
            "session_id": session_b, "bracket_id": match_b.bracket_id, "key": "sf6", "name": "obf.json",
            "report_id": report_b.id, "version_id": report_b.id, "service": "startgg"}
    form = {"name": "マトリクス", "format": "single_elimination", "entrants": "新チームX", "pin": "135799",
            "kind": "coin_toss", "winner": "a", "choice": "stage", "position": "0", "entrant_id": entrant_b.id,
            "checked_in": "true", "station": "9", "decision": "take", "reason": "matrix", "template": "kgp2025",
            "username": "desk", "password": "wrong-password", "current": "wrong", "new": "new-pass-1234"}
    by_endpoint = {"desk.record_winner": {**form, "winner": str(match_b.slot_a)},
                   "desk.correct": {**form, "winner": str(match_b.slot_a)},
                   "desk_stations.event_no_show": {**form, "no_show_minutes": "12"}}
    sync_body = {"device_id": "matrix", "ops": [{"op_id": str(uuid.uuid4()), "device_id": "matrix", "kind": "coin_toss",
                                                "match_id": match_b.id, "payload": {"winner": "a", "choice": "side",
                                                                                    "side_of_winner": "1P", "position": 1}}]}
    sync_body["entered_by"] = desk_user.id  # /sync/received: entries a person made on a shared phone
    return event_a, event_b, args, form, by_endpoint, sync_body


def _player_report(event, match, entrant):
    """Self-report on in event B, and a player's report there for the desk's routes to decide."""
    from webapp.models import PlayerReport
    event.settings = {**(event.settings or {}), "self_report": {"on": True, "auto_minutes": None}}
    report = PlayerReport(event_id=event.id, match_id=match.id, entrant_id=entrant.id, status="waiting",
                          entries=[], slots_version=match.slots_version or 0)
    db.session.add(report)
    db.session.flush()
    return report


def _mutating_rules(app):
    return [rule for rule in app.url_map.iter_rules() if rule.methods & MUTATING]


def _request(client, rule, method, url, data, sync_body, csrf=None):
    if rule.endpoint in JSON_ROUTES:
        headers = {"X-CSRFToken": csrf} if csrf else {}
        if rule.endpoint == "sync.seen":
            return client.open(url, method=method, json={"device_id": "matrix", "waiting": 0}, headers=headers)
        ops = sync_body["ops"]
        if rule.endpoint == "sync.received":
            ops = [{**op, "entered_by": sync_body["entered_by"]} for op in ops]
        return client.open(url, method=method, json={**sync_body, "ops": ops} if rule.endpoint == "sync.push" else {"device_id": sync_body["device_id"], "ops": ops}, headers=headers)
    if csrf:
        data = {**data, "csrf_token": csrf}
    return client.open(url, method=method, data=data)


def _csrf_token(client) -> str:
    page = client.get("/").get_data(as_text=True)
    return re.search(r'name="csrf-token" content="([^"]+)"', page).group(1)


def test_every_mutating_route_refuses_the_wrong_caller(app, desk_user):
    app.extensions["taikai_limiter"].reset()
    app.config["WTF_CSRF_ENABLED"] = True
    # Linking to start.gg or Challonge asks them first: here nothing answers (no request leaves the test).
    app.config.update(STARTGG_URL="http://127.0.0.1:9/gql/alpha", CHALLONGE_URL="http://127.0.0.1:9/v1")
    try:
        _walk(app, desk_user)
    finally:
        app.extensions["taikai_limiter"].reset()
        app.config.update(STARTGG_URL="https://api.start.gg/gql/alpha", CHALLONGE_URL="https://api.challonge.com/v1")


def _walk(app, desk_user):
    event_a, event_b, args, form, by_endpoint, sync_body = _world(app, desk_user)
    desk = app.test_client()
    desk.post("/login", data={"username": "desk", "password": "desk-pass-123", "csrf_token": _token_for(desk)})
    rules = _mutating_rules(app)
    assert len(rules) >= 20  # the walk sees the app's routes
    staff_a = _signed_in_staff(app, event_a, "他大会スタッフ")
    staff_b = _signed_in_staff(app, event_b, "本大会スタッフ")
    player_a, player_b = _player(app, event_a), _player(app, event_b)
    # Last: a new PIN signs the staff out, and removing the station leaves the station routes a 404.
    last = ("desk_stations.remove_station", "desk.staff_pin")
    for rule in sorted(rules, key=lambda r: last.index(r.endpoint) + 1 if r.endpoint in last else 0):
        missing = set(rule.arguments) - set(args)
        assert not missing, f"{rule.rule}: teach this test who may call it (arguments {missing})"
        url = rule.build(args, append_unknown=False)[1]
        data = by_endpoint.get(rule.endpoint, form)
        is_desk = rule.endpoint.split(".")[0] in DESK_BLUEPRINTS or rule.endpoint in DESK_ROUTES
        is_player = rule.endpoint.split(".")[0] in PLAYER_BLUEPRINTS
        for method in sorted(rule.methods & MUTATING):
            cases = [("signed out", app.test_client(), None), ("no CSRF", desk, None)]
            if rule.endpoint not in PUBLIC | OWN_DEVICE:
                cases.append(("staff of another event", staff_a[0], staff_a[1]))
                cases.append(("player of another event", player_a[0], player_a[1]))
                if is_desk:
                    cases.append(("staff on a desk route", staff_b[0], staff_b[1]))
                if is_player:
                    cases += [("desk on a player route", desk, _token_for(desk)),
                              ("staff on a player route", staff_b[0], staff_b[1])]
                else:
                    cases.append(("the event's player on a staff or desk route", player_b[0], player_b[1]))
            for label, client, token in cases:
                before = _snapshot()
                response = _request(client, rule, method, url, data, sync_body, token)
                assert _snapshot() == before, f"{label}: {method} {rule.rule} changed the database"
                if rule.endpoint == "sync.push" and response.status_code == 200:
                    results = response.get_json()["results"]
                    assert all(r["outcome"] == "rejected" for r in results), (label, rule.rule, results)
                elif rule.endpoint not in PUBLIC:
                    assert response.status_code in REFUSED, (label, method, rule.rule, response.status_code)
                    if response.status_code == 302:  # to the desk's sign-in, or the event's PIN sign-in
                        assert re.search(r"/(staff-)?login", response.headers["Location"]), (label, rule.rule)
            if rule.endpoint not in PUBLIC | TOKEN_ROUTES | NO_CONTROL:
                _control(rule, method, url, data, sync_body, desk if is_desk else player_b if is_player else staff_b)


def _control(rule, method, url, data, sync_body, caller):
    """The right caller gets past sign-in, role, event and CSRF checks on the same address."""
    client, token = (caller, _token_for(caller)) if not isinstance(caller, tuple) else caller
    response = _request(client, rule, method, url, data, sync_body, token)
    assert response.status_code not in (401, 403, 404, 400), (rule.rule, response.status_code,
                                                               response.get_data(as_text=True)[:300])
    if response.status_code == 302:
        assert "/login" not in response.headers["Location"], rule.rule


def _token_for(client) -> str:
    return _csrf_token(client)


def _player(app, event):
    """A phone holding the personal link of the event's last entrant (never the one the desk routes change)."""
    from webapp.models import Entrant
    from webapp.services.players import player_links
    entrant = (db.session.query(Entrant).filter_by(event_id=event.id).order_by(Entrant.id.desc()).first())
    token = player_links.issue(entrant)
    db.session.commit()
    client = app.test_client()
    assert client.get(f"/e/{event.slug}/me/{token}").status_code == 302
    return client, _csrf_token(client)


def _signed_in_staff(app, event, name):
    from webapp.services.accounts import users as accounts
    accounts.set_staff_pin(db.session.merge(event), PIN)
    db.session.commit()
    client = app.test_client()
    response = client.post(f"/e/{event.slug}/staff-login",
                           data={"name": name, "pin": PIN, "csrf_token": _csrf_token(client)})
    assert response.status_code == 302
    return client, _csrf_token(client)


# Public read-only routes (no sign-in, GET only): the read API, its exports, a player's history.
READ_ONLY_BLUEPRINTS = ("api", "history")


def test_the_read_api_and_player_history_change_nothing_for_anyone(app, desk_user):
    """Every route of the read-only blueprints takes GET only, answers a stranger, and leaves the
    database as it was; other methods are 405."""
    _, event_b, args, *_ = _world(app, desk_user)
    rules = [r for r in app.url_map.iter_rules() if r.endpoint.split(".")[0] in READ_ONLY_BLUEPRINTS]
    assert len(rules) >= 12
    stranger = app.test_client()
    for rule in rules:
        assert not rule.methods & MUTATING, rule.rule
        url = rule.build(args, append_unknown=False)[1]
        before = _snapshot()
        assert stranger.get(url).status_code == 200, url
        for method in sorted(MUTATING):
            assert stranger.open(url, method=method).status_code == 405, (method, url)
        assert _snapshot() == before, url
    app.extensions["taikai_limiter"].reset()


def test_the_matrix_knows_a_rejected_entry_is_logged_not_applied(app, desk_user):
    """The snapshot ignores rejected log rows only; an applied entry would show."""
    before = _snapshot()
    event, match = team_event()
    assert _snapshot() != before
    assert db.session.query(Operation).count() == 0


# Entries the server makes by itself (a walkover, a station call) carry no referee.
SERVER_DEVICES = {"auto-walkover", "auto-call"}


def test_two_referees_of_one_event_each_act_as_themselves_only(app, desk_user):
    """Two referees of one event walk every staff route: each entry is logged under the one who sent
    it (never the other); the second phone typing the first's name is refused; one's sign-out leaves
    the other signed in."""
    app.extensions["taikai_limiter"].reset()
    app.config["WTF_CSRF_ENABLED"] = True
    try:
        _two_referees(app, desk_user)
    finally:
        app.extensions["taikai_limiter"].reset()


def _two_referees(app, desk_user):
    from webapp.models import User
    _, event_b, args, form, by_endpoint, sync_body = _world(app, desk_user)
    aoki, sato = _signed_in_staff(app, event_b, "青木"), _pin_sign_in(app.test_client(), event_b, "佐藤")
    people = {name: db.session.query(User).filter_by(display_name=name).one().id for name in ("青木", "佐藤")}
    refused = sato[0].post(f"/e/{event_b.slug}/staff-login", data={"name": "青木", "pin": PIN, "csrf_token": sato[1]})
    assert refused.status_code == 200  # 佐藤's phone stays 佐藤
    staff_rules = [r for r in _mutating_rules(app) if r.endpoint.split(".")[0] not in DESK_BLUEPRINTS
                   and r.endpoint not in PUBLIC | TOKEN_ROUTES | NO_CONTROL | DESK_ROUTES]
    assert {"sync.push", "sync.seen"} <= {r.endpoint for r in staff_rules}
    counted = {"青木": 0, "佐藤": 0}
    for rule in staff_rules:
        url = rule.build(args, append_unknown=False)[1]
        for method in sorted(rule.methods & MUTATING):
            for name, (client, token) in (("青木", aoki), ("佐藤", sato)):
                counted[name] += _entries_are_of(people[name], partial(
                    _request, client, rule, method, url, by_endpoint.get(rule.endpoint, form), _fresh(sync_body), token))
    assert min(counted.values()) >= 2, counted  # each sent entries: forms and a sync batch
    assert aoki[0].post("/logout", data={"csrf_token": aoki[1]}).status_code == 302
    assert aoki[0].get("/sync/pack").status_code == 401 and sato[0].get("/sync/pack").status_code == 200
    push = next(r for r in staff_rules if r.endpoint == "sync.push")
    assert _entries_are_of(people["佐藤"], partial(_request, sato[0], push, "POST", "/sync/ops", form,
                                                 _fresh(sync_body), sato[1])) == 1


def _fresh(sync_body: dict) -> dict:
    """The batch with entries of its own (an entry id sent twice is one entry)."""
    return {**sync_body, "ops": [{**op, "op_id": str(uuid.uuid4())} for op in sync_body["ops"]]}


def _entries_are_of(user_id: int, call) -> int:
    """Every entry logged by `call` (the server's own aside) carries this person; how many there were."""
    last = db.session.query(Operation.id).order_by(Operation.id.desc()).limit(1).scalar() or 0
    call()
    db.session.expire_all()
    logged = db.session.query(Operation).filter(Operation.id > last).all()
    for op in logged:
        if op.device_id not in SERVER_DEVICES:
            assert op.user_id == user_id, (op.kind, op.device_id, op.user_id, user_id)
    db.session.rollback()
    return len(logged)


def _pin_sign_in(client, event, name):
    """A phone signing in with the event's PIN (already set), and its CSRF token."""
    response = client.post(f"/e/{event.slug}/staff-login", data={"name": name, "pin": PIN,
                                                                 "csrf_token": _csrf_token(client)})
    assert response.status_code == 302
    return client, _csrf_token(client)


def test_the_desk_home_only_lists_events(app):
    """Events are created from the desk by the builder, an uploaded file or a copy: the home page takes no POST."""
    methods = {m for rule in app.url_map.iter_rules() if rule.endpoint == "desk.home" for m in rule.methods}
    assert "POST" not in methods
    creators = {rule.endpoint for rule in app.url_map.iter_rules() if "POST" in rule.methods and
                rule.endpoint in ("desk_builder.submit", "desk_event_files.from_file", "desk_event_files.copy")}
    assert len(creators) == 3
