"""No internal name on any page: op kinds, match keys and "#id"s stay out of the words people read.

Every public, staff and desk page is rendered in Japanese and English with demo-like data
(a KGP day with a finals stage in play, a Tekken team day with a draw, an entry in play and
a conflict); the visible text (and the words of placeholders, titles and labels) is scanned
after removing the secondary key labels (class "key").
"""
import re
import sys
import pathlib
from html.parser import HTMLParser

sys.path.insert(0, str(pathlib.Path(__file__).resolve().parents[1] / "service"))
from play_support import kgp_top4, member_ids, send, team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.services import event_templates  # noqa: E402

OP_KINDS = ("report_game", "coin_toss", "name_player", "set_station", "record_winner", "correct_result",
            "roll_call", "declare_change", "check_in", "resolve_conflict", "double_ko", "best_of", "single_elimination", "double_elimination", "kgp_finals",
            "other_event", "mirror.", "access.", "tkm_")  # refusal codes and the token's prefix
KEY = re.compile(r"(?<![\w.])(?:[WL]\d+\.\d+|GF[12]|Q[12]R?|3P)(?![\w.])")
JA_ONLY = ("kachinuki",)  # an English word too ("5on5 kachinuki"), but never on a Japanese page
ID = re.compile(r"(?<![&\w])#\d+")
SKIP = {"script", "style", "head", "template"}
WORD_ATTRS = ("placeholder", "title", "aria-label", "alt")
VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class VisibleText(HTMLParser):
    """Text a person reads, without <script>/<style> and without elements of class "key"."""

    def __init__(self):
        super().__init__()
        self.stack, self.parts = [], []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        hidden = tag in SKIP or "key" in (attrs.get("class") or "").split()
        if not self._muted() and not hidden:
            self.parts.extend(attrs[a] for a in WORD_ATTRS if attrs.get(a))
        if tag not in VOID:
            self.stack.append(hidden)

    def handle_endtag(self, tag):
        if tag not in VOID and self.stack:
            self.stack.pop()

    def handle_data(self, data):
        if not self._muted():
            self.parts.append(data)

    def _muted(self):
        return any(self.stack)


def visible_text(html: str) -> str:
    """The words of a page, keys stripped."""
    parser = VisibleText()
    parser.feed(html)
    return " ".join(" ".join(parser.parts).split())


def _world():
    """A KGP day in its finals stage with a game entered, a Tekken team day drawn, a conflict."""
    kgp, de, finals = kgp_top4()
    event_templates.start(finals)
    db.session.commit()
    final_match = next(m for m in finals.brackets[0].matches if m.status == "ready")
    send(final_match, "report_game", position=0, winner="a", rounds_a=2, rounds_b=1, char_a="春麗")
    rows = [{"name": f"チーム{i}", "seed": i, "members": [(f"T{i}-{k}", "仁") for k in range(1, 6)]}
            for i in range(1, 9)]
    tekken = event_templates.create_from_template("tekken7_hiza_5on5", "膝まったり杯 走査", rows)
    db.session.commit()
    event_templates.start(tekken.phases[0], draw_seed="scan", draw_groups=True)
    db.session.commit()
    team, match = team_event()
    send(match, "coin_toss", device="p1", position=0, winner="a", choice="stage")
    send(match, "coin_toss", device="p2", position=0, base_version=1, winner="b", choice="side", side_of_winner="1P")
    send(match, "name_player", device="p1", position=1, side="a", member_id=member_ids(match, "a")[0], blind=True)
    _stations(tekken)
    from webapp.mirror import pusher, receiver
    receiver.issue("scan-mirror", "走査ミラー")  # the public desk's list of links
    target = pusher.link_event(kgp.id, "https://public.example.jp", "tkm_scan")
    target.status, target.message = "refused", "other_event"  # the venue desk told its token is refused
    db.session.commit()
    return [kgp, tekken, team], [final_match, match]


def _stations(event):
    """Stations on the Tekken day, one of them streaming, and the first ready matches called."""
    from webapp.services import operations, stations

    for name, stream in (("1", False), ("2", False), ("配信", True)):
        stations.add_station(event, name, stream)
    phase = event.phases[0]
    phase.calling = {"auto_call": True}
    ready = sorted((m for b in phase.brackets for m in b.matches if m.status == "ready"), key=stations.queue_key)
    stations.set_stream_queue(event, [ready[-1].id])
    db.session.commit()
    operations.call_next(event)
    db.session.commit()


def _pages(events, matches):
    urls = ["/", "/desk/", "/staff/", "/desk/conflicts/", "/desk/templates", "/venue/", "/venue/install",
            "/desk/mirrors"]
    for event in events:
        urls += [f"/desk/e/{event.id}/mirror",f"/e/{event.slug}", f"/e/{event.slug}/standings", f"/e/{event.slug}/players?q=チ",
                 f"/e/{event.slug}/draws", f"/desk/e/{event.id}", f"/staff/e/{event.slug}",
                 f"/staff/e/{event.slug}/checkin"]
        if event.template:
            urls += [f"/e/{event.slug}/schedule", f"/desk/e/{event.id}/schedule"]
        for phase in event.phases:
            urls += [f"/e/{event.slug}/phase/{phase.id}", f"/desk/phase/{phase.id}"]
            urls += [f"/m/{m.id}" for b in phase.brackets for m in b.matches[:3]]
            urls += [f"/staff/m/{m.id}" for b in phase.brackets for m in b.matches[:2]]
    return urls + [f"/staff/m/{m.id}" for m in matches] + [f"/m/{m.id}" for m in matches] + _desk_day_pages(events)


def _desk_day_pages(events):
    """Stations, calls, the QR sheet, players' next match, a correction and a DQ page."""
    urls = []
    for event in events:
        urls += [f"/desk/e/{event.id}/stations", f"/desk/e/{event.id}/stations/qr", f"/e/{event.slug}/calls"]
        urls += [f"/e/{event.slug}/p/{e.id}" for e in event.entrants[:3]]
        urls += [f"/desk/entrant/{event.entrants[0].id}/dq"]
        done = [m for p in event.phases for b in p.brackets for m in b.matches if m.status == "done"]
        urls += [f"/desk/match/{m.id}/correction" for m in done[:2]]
    return urls


def test_no_op_kinds_keys_or_ids_on_any_page(desk_client, app):
    events, matches = _world()
    urls = _pages(events, matches)
    problems, pages, keyed, calls = [], 0, 0, 0
    for lang in ("ja", "en"):
        desk_client.get(f"/?lang={lang}")
        for url in urls:
            response = desk_client.get(url)
            assert response.status_code == 200, (url, response.status_code)
            html = response.get_data(as_text=True)
            text = visible_text(html)
            pages += 1
            keyed += 'class="key"' in html
            calls += 'data-testid="call"' in html
            words = OP_KINDS + (JA_ONLY if lang == "ja" else ())
            found = [k for k in words if k in text] + KEY.findall(text) + ID.findall(text)
            if found:
                problems.append((lang, url, sorted(set(found))))
    assert pages > 60 and keyed > 20  # keys are there, as secondary labels only
    assert calls == 2  # the call screen was scanned with matches on it (ja, en)
    assert not problems, problems


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
