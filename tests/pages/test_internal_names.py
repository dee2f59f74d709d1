"""No internal name on any page: op kinds, match keys and "#id"s stay out of the words people read.

Every public, staff and desk page is read in Japanese and English, signed out, as staff of each
event and as the desk, on a seeded day (scan_day.py: every penalty kind of both rule sets,
conflicts, held entries, a ruling, walkovers, a DQ, corrections, stations and a mirror link);
the visible text (and the words of placeholders, titles and labels) is scanned after removing
the secondary key labels (class "key") and addresses. It fails on op kinds, penalty, act,
format, match-type and rule-set keys, "tier N", "base version", device ids and ISO or UTC times.
"""
import pathlib
import re
import sys

from visible_pages import desk_pages, public_pages, staff_pages, visible_text

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parent))
import scan_day  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.services.setup import event_templates  # noqa: E402
from webapp.tournament import games  # noqa: E402

OP_KINDS = ("report_game", "coin_toss", "name_player", "set_station", "record_winner", "correct_result",
            "roll_call", "declare_change", "check_in", "resolve_conflict", "undo_walkover", "double_ko", "best_of",
            "single_elimination", "double_elimination", "kgp_finals",
            "other_event", "mirror.", "access.", "tkm_")  # refusal codes and the token's prefix
# Penalty, act, format, match-type and rule-set keys; the plain English ones only on Japanese pages.
KEYS = ("prohibited_act", "selection_mistake", "undeclared_change", "disqualify_member", "disqualify_team",
        "winner_changed_character", "ps_button", "touching_opponent", "touching_console", "kgp2025",
        "tekken7_hiza_5on5", "stop_at_top", "grand_final", "match_type", "no_show", "auto_call")
KEY = re.compile(r"(?<![\w.])(?:[WL]\d+\.\d+|GF[12]|Q[12]R?|3P)(?![\w.])")
JA_ONLY = ("kachinuki", "representative", "interruption", "bluff", "smoking", "pause", "malicious", "player",
           "groups", "pairs", "tier") + tuple(s.en for t in games.GAMES.values() for s in t.stages  # stages too,
                                        if s.en != s.ja)  # in Japanese there
URL = re.compile(r"https?://\S+")
# Words of the machinery: "tier 0", "base version", device ids, ISO and UTC times.
MACHINE = re.compile(r"(?i)\btier \d|base[ _]version|\bphone-\w+|\bdesk-form-\d+|\bauto-walkover\b|"
                     r"\d{4}-\d{2}-\d{2}[T ]\d{2}:\d{2}|\+00:00|\bUTC\b")
ID = re.compile(r"(?<![&\w])#\d+")






def _world(desk_user):
    """The seeded day (scan_day.py), stations on the Tekken day, a mirror link refused."""
    events, matches = scan_day.build(desk_user)
    _stations(events[1])
    from webapp.mirror import pusher, receiver
    receiver.issue("scan-mirror", "走査ミラー")  # the public desk's list of links
    target = pusher.link_event(events[0].id, "https://public.example.jp", "tkm_scan")
    target.status, target.message = "refused", "other_event"  # the venue desk told its token is refused
    db.session.commit()
    return events, matches


def _stations(event):
    """Stations on the Tekken day, one of them streaming, and the first ready matches called."""
    from webapp.operations.autocall import call_next
    from webapp.services.day import stations

    for name, stream in (("1", False), ("2", False), ("配信", True)):
        stations.add_station(event, name, stream)
    phase = event.phases[0]
    phase.calling = {"auto_call": True}
    ready = sorted((m for b in phase.brackets for m in b.matches if m.status == "ready"), key=stations.queue_key)
    stations.set_stream_queue(event, [ready[-1].id])
    db.session.commit()
    call_next(event)
    db.session.commit()










def _get(client, url):
    """A page as this client's person sees it: the requests share the test's app context, whose
    ``g`` would keep the person another client signed in as."""
    from flask import g
    g.pop("_login_user", None)
    return client.get(url)


def _crawl(client, urls, lang, problems) -> int:
    """Scan every page in one language; returns how many were read."""
    _get(client, f"/?lang={lang}")
    for url in dict.fromkeys(urls):
        response = _get(client, url)
        assert response.status_code == 200, (url, response.status_code)
        text = URL.sub(" ", visible_text(response.get_data(as_text=True)))  # an address is typed as it is
        words = OP_KINDS + KEYS + (JA_ONLY if lang == "ja" else ())
        found = [k for k in words if k in text] + KEY.findall(text) + ID.findall(text) + MACHINE.findall(text)
        if found:
            problems.append((lang, url, sorted(set(found))))
    return len(urls)


def _staff_client(app, event):
    from webapp.services.accounts import users as accounts

    accounts.set_staff_pin(event, "135799")
    db.session.commit()
    client = app.test_client()
    from flask import g
    g.pop("_login_user", None)
    signed_in = client.post(f"/e/{event.slug}/staff-login", data={"name": "走査スタッフ", "pin": "135799"})
    assert signed_in.status_code == 302
    return client


def test_no_internal_name_on_any_page_as_public_staff_and_desk(desk_client, app):
    events, matches = _world(db.session.merge(_desk_user()))
    assert all(outcome == "applied" for _what, outcome, _code in scan_day.OUTCOMES), scan_day.OUTCOMES
    problems, pages = [], 0
    public = app.test_client()
    staff = {e.id: _staff_client(app, e) for e in events}
    desk_urls = ["/", "/desk/", "/desk/new", "/desk/conflicts/", "/venue/", "/venue/install", "/desk/mirrors"]
    desk_urls += [u for e in events for u in desk_pages(e) + public_pages(e) + staff_pages(e)]
    desk_urls += [f"/staff/m/{m.id}" for m in matches] + [f"/m/{m.id}" for m in matches]
    for lang in ("ja", "en"):
        pages += _crawl(public, ["/"] + [u for e in events for u in public_pages(e)], lang, problems)
        for event in events:
            pages += _crawl(staff[event.id], ["/staff/"] + staff_pages(event), lang, problems)
        pages += _crawl(desk_client, desk_urls, lang, problems)
    assert pages > 300
    assert not problems, problems


def _desk_user():
    from webapp.models import User
    return db.session.query(User).filter_by(username="desk").one()


def test_the_japanese_draws_page_explains_the_check_in_words(client, app):
    rows = [{"name": f"チーム{i}", "seed": i, "members": [(f"T{i}-{k}", "仁") for k in range(1, 6)]}
            for i in range(1, 9)]
    tekken = event_templates.create_from_template("tekken7_hiza_5on5", "膝まったり杯 抽選", rows)
    db.session.commit()
    event_templates.start(tekken.phases[0], draw_seed="words", draw_groups=True)
    db.session.commit()
    html = client.get(f"/e/{tekken.slug}/draws?lang=ja").get_data(as_text=True)
    outside_details = re.sub(r"<details>.*?</details>", "", html, flags=re.S)
    text = visible_text(outside_details)
    assert "SHA-256" in text and "入れ替え" in text
    assert "import" not in text and "hashlib" not in text and "for i" not in text
    assert "import hashlib" in html  # the program stays, labelled, behind <details>


def test_key_labels_are_the_only_place_keys_show():
    html = '<p>勝者側 2回戦 第3試合 <small class="key" title="ブラケット上の番号">W2.3</small></p>'
    assert visible_text(html) == "勝者側 2回戦 第3試合"
    assert KEY.findall(visible_text("<p>W2.3</p>")) == ["W2.3"]
