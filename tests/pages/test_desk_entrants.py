"""Desk entrant pages through the test client: import preview → confirm → undo, edit, remove and
re-add, withdraw, late entry, the check-in gate and the start preview, the PIN dialog, archive, delete."""
import html
import io
import re

from bare_event import post_bare_event

from webapp.extensions import db
from webapp.models import AuditEntry, Entrant, Event, MatchRow, Phase

SHEET = "名前,ふりがな,シード\n山田太郎,やまだたろう,2\nナウマン,なうまん,1\n阿部〜二郎,あべじろう,\nさくら,さくら,\n"


def _event(client, name="受付テスト"):
    post_bare_event(client, name, "kgp2025")
    return db.session.query(Event).filter_by(name=name).one()


def _imported(client, sheet=SHEET):
    event = _event(client)
    client.post(f"/desk/e/{event.id}/import/confirm", data={"text": sheet})
    return event


def test_import_preview_shows_columns_and_sample_then_confirm_imports(desk_client):
    event = _event(desk_client)
    upload = {"csv": (io.BytesIO(SHEET.encode("cp932")), "kgp.csv")}
    page = desk_client.post(f"/desk/e/{event.id}/import", data=upload, content_type="multipart/form-data")
    body = page.get_data(as_text=True)
    assert page.status_code == 200 and db.session.query(Entrant).count() == 0  # nothing saved yet
    assert 'data-testid="column-table"' in body and "やまだたろう" in body and "阿部〜二郎" in body
    assert re.search(r'name="column-1"[^>]*>.*?<option value="reading" selected', body, re.S)
    text = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', body, re.S).group(1)
    done = desk_client.post(f"/desk/e/{event.id}/import/confirm", data={"text": text, "source": "kgp.csv"})
    assert done.status_code == 302
    names = {e.name: e for e in db.session.query(Entrant)}
    assert names["山田太郎"].reading == "やまだたろう" and names["山田太郎"].seed == 2 and "阿部〜二郎" in names


def test_english_page_and_an_unknown_column_must_be_chosen(desk_client):
    event = _event(desk_client)
    page = desk_client.post(f"/desk/e/{event.id}/import?lang=en", data={"entrants": "Name,Club\nAlice,Tokyo\n"})
    body = page.get_data(as_text=True)
    assert 'data-testid="unknown-columns"' in body and "Club" in body
    refused = desk_client.post(f"/desk/e/{event.id}/import/confirm", data={"text": "Name,Club\nAlice,Tokyo\n"})
    assert refused.status_code == 422 and db.session.query(Entrant).count() == 0
    ok = desk_client.post(f"/desk/e/{event.id}/import/confirm",
                          data={"text": "Name,Club\nAlice,Tokyo\n", "column-1": "ignore"})
    assert ok.status_code == 302 and [e.name for e in db.session.query(Entrant)] == ["Alice"]


def test_duplicates_are_listed_and_skipped_only_when_ticked(desk_client):
    event = _imported(desk_client)
    sheet = "名前\nﾅｳﾏﾝ\n新人\n"
    body = desk_client.post(f"/desk/e/{event.id}/import", data={"entrants": sheet}).get_data(as_text=True)
    assert 'data-testid="duplicates"' in body
    assert desk_client.post(f"/desk/e/{event.id}/import/confirm", data={"text": sheet}).status_code == 422
    desk_client.post(f"/desk/e/{event.id}/import/confirm", data={"text": sheet, "skip_duplicates": "on"})
    assert db.session.query(Entrant).count() == 5


def test_undo_the_whole_import(desk_client):
    event = _imported(desk_client)
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    batch = re.search(r'name="batch" value="([0-9a-f]+)"', page).group(1)
    desk_client.post(f"/desk/e/{event.id}/import/undo", data={"batch": batch})
    assert db.session.query(Entrant).count() == 0


def test_edit_remove_and_readd_before_the_start(desk_client):
    event = _imported(desk_client)
    sakura = db.session.query(Entrant).filter_by(name="さくら").one()
    assert desk_client.get(f"/desk/entrant/{sakura.id}/edit").status_code == 200
    saved = desk_client.post(f"/desk/entrant/{sakura.id}/edit",
                             data={"name": "桜", "reading": "さくら", "seed": "3", "character-1": "Ryu"})
    assert saved.status_code == 302
    db.session.expire_all()
    sakura = db.session.get(Entrant, sakura.id)
    assert (sakura.name, sakura.reading, sakura.seed, sakura.members[0].character) == ("桜", "さくら", 3, "Ryu")
    taken = desk_client.post(f"/desk/entrant/{sakura.id}/edit", data={"name": "桜", "seed": "1"})
    assert taken.status_code == 422  # seed 1 is ナウマン's
    desk_client.post(f"/desk/entrant/{sakura.id}/remove")
    assert db.session.query(Entrant).filter_by(name="桜").count() == 0
    removal = db.session.query(AuditEntry).filter_by(action="entrant.remove").one()
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="removed"' in page
    desk_client.post(f"/desk/e/{event.id}/readd", data={"removal": str(removal.id)})
    back = db.session.query(Entrant).filter_by(name="桜").one()
    assert (back.reading, back.seed, back.members[0].character) == ("さくら", 3, "Ryu")


def test_kana_order_by_reading_on_the_desk(desk_client):
    event = _imported(desk_client)
    page = desk_client.get(f"/desk/e/{event.id}?sort=kana").get_data(as_text=True)
    page = page[page.index("<tbody>"):]
    order = [page.index(n) for n in ("阿部〜二郎", "さくら", "ナウマン", "山田太郎")]
    assert order == sorted(order)


def _add_phase(client, event):
    client.post(f"/desk/e/{event.id}/phases", data={"name": "本戦", "format": "double_elimination",
                                                   "grand_final": "reset", "best_of": "3"})
    return db.session.query(Phase).filter_by(event_id=event.id).order_by(Phase.id.desc()).first()


def test_preview_shows_the_first_round_in_words_and_no_raw_keys(desk_client):
    event = _imported(desk_client)
    phase = _add_phase(desk_client, event)
    body = desk_client.get(f"/desk/phase/{phase.id}/preview").get_data(as_text=True)
    assert 'data-testid="start-preview"' in body and body.count('data-testid="preview-match"') == 2
    assert "ナウマン 対 阿部〜二郎" in body or "ナウマン 対 さくら" in body
    assert "best_of" not in body and "グループ" not in body and "2本先取" in body
    english = desk_client.get(f"/desk/phase/{phase.id}/preview?lang=en").get_data(as_text=True)
    assert "Best of 3" in english and "group" not in english.lower()


def test_the_check_in_gate_drop_start_anyway_or_wait(desk_client):
    event = _imported(desk_client)
    phase = _add_phase(desk_client, event)
    for entrant in db.session.query(Entrant).filter(Entrant.name.in_(["山田太郎", "ナウマン", "さくら"])):
        entrant.checked_in = True
    db.session.commit()
    body = desk_client.get(f"/desk/phase/{phase.id}/preview").get_data(as_text=True)
    gate = body[body.index('data-testid="checkin-gate"'):]
    assert "阿部〜二郎" in gate and 'data-testid="gate-drop"' in body and 'data-testid="gate-wait"' in body
    refused = desk_client.post(f"/desk/phase/{phase.id}/start")
    assert refused.status_code == 422 and db.session.get(Phase, phase.id).status == "draft"
    desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "drop"})
    db.session.expire_all()
    assert db.session.get(Phase, phase.id).status == "running"
    assert db.session.query(Entrant).filter_by(name="阿部〜二郎").count() == 0  # removed, can be re-added
    entered = {e["id"] for b in db.session.get(Phase, phase.id).brackets for e in b.entrants}
    assert len(entered) == 3


def test_withdraw_after_the_start_and_late_entry_into_a_phase_not_started(desk_client):
    event = _imported(desk_client)
    phase = _add_phase(desk_client, event)
    desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"})
    second = _add_phase(desk_client, event)
    yamada = db.session.query(Entrant).filter_by(name="山田太郎").one()
    page = desk_client.get(f"/desk/entrant/{yamada.id}/edit").get_data(as_text=True)
    assert 'data-testid="withdraw"' in page and 'data-testid="remove"' not in page
    assert desk_client.post(f"/desk/entrant/{yamada.id}/remove").status_code == 302
    assert db.session.query(Entrant).filter_by(name="山田太郎").count() == 1  # refused: withdraw instead
    desk_client.post(f"/desk/entrant/{yamada.id}/withdraw")
    db.session.expire_all()
    mine = [m for m in db.session.query(MatchRow) if yamada.id in (m.slot_a, m.slot_b) and m.status == "done"]
    assert mine and all(m.walkover and m.winner_id != yamada.id for m in mine)
    assert "棄権" in desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    late = desk_client.post(f"/desk/e/{event.id}/entrant", data={"name": "遅刻者", "reading": "ちこくしゃ"})
    assert late.status_code == 302
    desk_client.post(f"/desk/phase/{second.id}/start", data={"gate": "anyway"})
    late_id = db.session.query(Entrant).filter_by(name="遅刻者").one().id
    assert late_id in {e["id"] for b in db.session.get(Phase, second.id).brackets for e in b.entrants}
    assert late_id not in {e["id"] for b in db.session.get(Phase, phase.id).brackets for e in b.entrants}


def test_withdraw_sits_beside_disqualify_on_the_desk_row_after_the_start(desk_client):
    event = _imported(desk_client)
    phase = _add_phase(desk_client, event)
    before = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert 'data-testid="row-withdraw"' not in before  # before the start an entrant is removed, not withdrawn
    desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway"})
    sakura = db.session.query(Entrant).filter_by(name="さくら").one()
    page = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    row = page[page.index(f'/desk/entrant/{sakura.id}/edit'):]
    row = row[:row.index("</tr>")]
    assert "失格…" in row and 'form="withdraw-' in row and ">棄権</button>" in row
    assert f'id="withdraw-{sakura.id}" method="post" action="/desk/entrant/{sakura.id}/withdraw"' in page
    assert desk_client.post(f"/desk/entrant/{sakura.id}/withdraw").status_code == 302
    db.session.expire_all()
    assert sakura.dq and sakura.info.get("withdrawn")
    after = desk_client.get(f"/desk/e/{event.id}").get_data(as_text=True)
    assert f'id="withdraw-{sakura.id}"' not in after and "棄権を取り消す" in after


def test_the_pin_dialog_is_at_the_top_with_a_qr_card(desk_client):
    event = _event(desk_client)
    page = desk_client.post(f"/desk/e/{event.id}/pin", data={"pin": ""}).get_data(as_text=True)
    dialog = page.index('data-testid="new-pin"')
    assert dialog < page.index('id="phases"')  # above everything else on the page
    assert re.search(r'class="pin">\d{6,12}<', page) and "<svg" in page[dialog:]
    assert f"/e/{event.slug}/staff-login" in page and "data-print-card" in page
    again = desk_client.post(f"/desk/e/{event.id}/pin", data={"pin": ""}).get_data(as_text=True)
    assert 'data-testid="new-pin"' in again  # always re-issuable


def test_archive_and_delete_with_typed_confirmation(desk_client):
    event = _imported(desk_client)
    desk_client.post(f"/desk/e/{event.id}/archive", data={"archived": "on"}, follow_redirects=True)
    assert f"/e/{event.slug}" not in desk_client.get("/").get_data(as_text=True)
    home = desk_client.get("/desk/").get_data(as_text=True)
    assert 'data-testid="archived-events"' in home
    page = desk_client.get(f"/desk/e/{event.id}/delete").get_data(as_text=True)
    assert 'data-testid="oplog-download"' in page
    log = desk_client.get(f"/desk/e/{event.id}/oplog.jsonl")
    assert log.status_code == 200 and "山田太郎" in log.get_data(as_text=True)
    wrong = desk_client.post(f"/desk/e/{event.id}/delete", data={"confirm_name": "ちがう"})
    assert wrong.status_code == 422 and db.session.get(Event, event.id) is not None
    desk_client.post(f"/desk/e/{event.id}/delete", data={"confirm_name": "受付テスト"})
    db.session.expire_all()
    assert db.session.get(Event, event.id) is None and db.session.query(Entrant).count() == 0


def test_check_in_asks_before_undoing_and_the_log_names_who(desk_client):
    event = _imported(desk_client)
    yamada = db.session.query(Entrant).filter_by(name="山田太郎").one()
    done = desk_client.post(f"/staff/e/{event.slug}/checkin", data={"entrant_id": yamada.id, "checked_in": "true"},
                            follow_redirects=True)
    body = done.get_data(as_text=True)
    assert "受付しました: 山田太郎" in body
    row = body[body.index("山田太郎"):]
    assert 'data-testid="undo-checkin"' in body and "受付を取り消しますか" in body
    assert 'data-testid="reception-log"' in body and "山田太郎 受付" in body
    assert row  # the checked-in name is a question, not a one-tap un-check
    found = desk_client.get(f"/staff/e/{event.slug}/checkin?q=やまだ").get_data(as_text=True)
    assert "山田太郎" in found and "ナウマン" not in found
    assert "ナウマン" in desk_client.get(f"/staff/e/{event.slug}/checkin?q=なうまん").get_data(as_text=True)


def _kgp_sheet(n=24):
    return "名前,ふりがな,シード\n" + "".join(f"選手{i:02d}〜,せんしゅ{i:02d},{i if i <= 8 else ''}\n"
                                          for i in range(1, n + 1))


def test_a_seed_event_from_a_shift_jis_sheet_in_the_builder_previews_then_starts_through_the_gate(desk_client):
    form = {"preset": "kgp2025", "plan": "kgp2025", "name": "KGP2025 テスト", "game": "fatal_fury_cotw",
            "entrants": "1on1", "team_size": "1", "expected": "24", "stations": "4", "start_time": "10:00",
            "phase_count": "0", "action": "create", "csv": (io.BytesIO(_kgp_sheet().encode("cp932")), "kgp.csv")}
    page = desk_client.post("/desk/new", data=form, content_type="multipart/form-data")  # the event builder
    body = page.get_data(as_text=True)
    assert page.status_code == 200 and 'data-testid="sample-table"' in body and db.session.query(Event).count() == 0
    text = re.search(r'<textarea name="text"[^>]*>(.*?)</textarea>', body, re.S).group(1)
    hidden = {k: html.unescape(v) for k, v in re.findall(r'<input type="hidden" name="([^"]+)" value="([^"]*)">', body)}
    made = desk_client.post("/desk/new", data={**hidden, "text": html.unescape(text), "confirm": "1"})
    assert made.status_code == 302
    event = db.session.query(Event).one()
    assert {e.reading for e in event.entrants} >= {"せんしゅ01", "せんしゅ24"}
    assert "選手01〜" in {e.name for e in event.entrants}
    first = event.phases[0]
    for entrant in event.entrants[:22]:
        entrant.checked_in = True
    db.session.commit()
    preview = desk_client.get(f"/desk/phase/{first.id}/preview").get_data(as_text=True)
    assert preview.count('data-testid="preview-match"') >= 8 and "best_of" not in preview
    assert "選手23〜" in preview[preview.index('data-testid="checkin-gate"'):]
    started = desk_client.post(f"/desk/phase/{first.id}/start", data={"gate": "drop"})
    assert started.status_code == 302
    db.session.expire_all()
    event = db.session.query(Event).one()
    assert len(event.entrants) == 22  # the two who never came were dropped, the plan rebuilt for 22
    running = next(p for p in event.phases if p.status == "running")
    assert len({e["id"] for b in running.brackets for e in b.entrants}) == 22


def test_a_team_is_edited_member_by_member_with_readings_and_characters(desk_client):
    post_bare_event(desk_client, "5on5", "tekken7_hiza_5on5", "team", 5)
    event = db.session.query(Event).filter_by(name="5on5").one()
    members = {f"member-{i}": f"選手{i}" for i in range(1, 6)} | {f"character-{i}": "仁" for i in range(1, 6)}
    added = desk_client.post(f"/desk/e/{event.id}/entrant", data={"name": "チーム桜", "reading": "ちーむさくら",
                                                                  **members})
    assert added.status_code == 302
    team = db.session.query(Entrant).filter_by(name="チーム桜").one()
    assert [m.name for m in team.members] == [f"選手{i}" for i in range(1, 6)]
    page = desk_client.get(f"/desk/entrant/{team.id}/edit").get_data(as_text=True)
    assert 'name="member_reading-5"' in page and 'value="選手5"' in page
    edit = {**members, "name": "チーム桜", "reading": "ちーむさくら", "member-2": "鈴木", "member_reading-2": "すずき",
            "character-2": "一八"}
    assert desk_client.post(f"/desk/entrant/{team.id}/edit", data=edit).status_code == 302
    db.session.expire_all()
    second = db.session.get(Entrant, team.id).members[1]
    assert (second.name, second.reading, second.character) == ("鈴木", "すずき", "一八")
    short = desk_client.post(f"/desk/entrant/{team.id}/edit", data={**edit, "member-5": ""})
    assert short.status_code == 422 and "5" in short.get_data(as_text=True)
    found = desk_client.get(f"/e/{event.slug}/players?q=すずき")
    assert found.status_code == 200 and "チーム桜" in found.get_data(as_text=True)  # a member's reading finds the team


def test_a_team_with_missing_members_is_refused_with_the_rule(desk_client):
    post_bare_event(desk_client, "5on5b", "tekken7_hiza_5on5", "team", 5)
    event = db.session.query(Event).filter_by(name="5on5b").one()
    refused = desk_client.post(f"/desk/e/{event.id}/entrant", data={"name": "三人組", "member-1": "a",
                                                                    "member-2": "b", "member-3": "c"})
    assert refused.status_code == 422 and "5" in refused.get_data(as_text=True)
    assert db.session.query(Entrant).count() == 0
