"""The game catalogue on pages: the desk picks an event's game, adds titles and characters (DLC)
without code, and the staff match page and the offline pack offer the event's title."""
from play_support import team_event  # noqa: E402

from webapp.extensions import db  # noqa: E402
from webapp.models import Event  # noqa: E402
from webapp.services.accounts import users as accounts  # noqa: E402
from webapp.services.reads import offline_pack
from webapp.services.setup import game_catalogue, game_edits


def _staff(client, event):
    accounts.set_staff_pin(event, "246813")
    db.session.commit()
    assert client.post(f"/e/{event.slug}/staff-login", data={"name": "山田", "pin": "246813"}).status_code == 302
    return client


def _one_on_one(game: str):
    event, match = team_event("best_of", "kgp2025", size=1)
    event.game = game
    db.session.commit()
    return event, match


def test_the_desk_creates_an_event_with_a_game_from_the_catalogue(desk_client):
    page = desk_client.get("/desk/new").get_data(as_text=True)  # the event builder
    assert 'name="game"' in page and "鉄拳8" in page and page.index("ストリートファイター6") < page.index("その他のゲーム")
    form = {"preset": "weekly_double_elimination", "name": "鉄拳8 週例会", "game": "tekken8", "entrants": "1on1",
            "expected": "8", "stations": "2", "start_time": "19:00", "phase_count": "1", "p0-name": "本戦",
            "p0-format": "double_elimination", "p0-match_type": "best_of", "p0-best_of": "3", "action": "create"}
    response = desk_client.post("/desk/new", data=form)
    assert response.status_code == 302
    assert db.session.query(Event).one().game == "tekken8"
    refused = desk_client.post("/desk/new", data=dict(form, name="謎", game="puyo"))
    assert refused.status_code == 422 and 'data-testid="error-game">ゲームを一覧から選んでください' in \
        refused.get_data(as_text=True)


def test_the_desk_changes_an_event_s_game_and_the_phone_offers_its_roster(desk_client):
    event, match = _one_on_one("fatal_fury_cotw")
    response = desk_client.post(f"/desk/e/{event.id}/game", data={"game": "tekken8"})
    assert response.status_code == 302 and db.session.get(Event, event.id).game == "tekken8"
    page = desk_client.get(f"/staff/m/{match.id}").get_data(as_text=True)
    assert "範馬勇次郎" in page and "テリー・ボガード" not in page and "ミシマ" not in page
    assert 'data-search="範馬勇次郎 Yujiro Hanma yujiro はんまゆうじろう"' in page
    english = desk_client.get(f"/staff/m/{match.id}?lang=en").get_data(as_text=True)
    assert 'value="範馬勇次郎"' in english and ">Yujiro Hanma</label>" in english


def test_old_free_text_games_read_as_their_title(app):
    event, _match = _one_on_one("Tekken 7")
    assert game_catalogue.event_key(event) == "tekken7"
    assert "一八" in offline_pack.pack(event, str)["roster"]


def test_stored_english_stages_and_japanese_characters_show_in_the_reader_s_language(client, app):
    event, match = _one_on_one("fatal_fury_cotw")
    staff = _staff(client, event)
    staff.post(f"/staff/m/{match.id}/op", data={"kind": "report_game", "winner": "a", "rounds_a": "2", "rounds_b": "1",
                                                "char_a": "テリー・ボガード", "char_b": "自由入力キャラ",
                                                "stage": "Pao Pao Cafe", "position": "0"})
    japanese = client.get(f"/m/{match.id}").get_data(as_text=True)
    assert "パオパオカフェ" in japanese and "テリー・ボガード" in japanese and "自由入力キャラ" in japanese
    english = client.get(f"/m/{match.id}?lang=en").get_data(as_text=True)
    assert "Pao Pao Cafe" in english and "Terry Bogard" in english and "自由入力キャラ" in english


def test_a_character_added_at_the_desk_is_on_the_staff_match_page_and_in_the_offline_pack(desk_client):
    event, match = _one_on_one("sf6")
    response = desk_client.post("/desk/games/sf6", data={"kind": "character", "ja": "新キャラ", "en": "Newcomer",
                                                         "kana": "シンキャラ"})
    assert response.status_code == 302
    page = desk_client.get(f"/staff/m/{match.id}").get_data(as_text=True)
    assert 'value="新キャラ"' in page and "しんきゃら" in page
    pack = offline_pack.pack(db.session.get(Event, event.id), str)
    assert "新キャラ" in pack["roster"] and pack["character_names"]["en"]["新キャラ"] == "Newcomer"
    assert "しんきゃら" in pack["character_search"]["新キャラ"]
    assert {"key": "newcomer", "value": "新キャラ", "ja": "新キャラ", "en": "Newcomer", "kana": "しんきゃら"} \
        in pack["game"]["characters"]


def test_the_desk_corrects_a_shipped_name_and_refuses_a_clash_or_a_bad_reading(desk_client):
    desk_client.post("/desk/games/tekken8", data={"kind": "character", "key": "asuka", "ja": "風間飛鳥",
                                                  "en": "Asuka Kazama", "kana": "かざまあすか"})
    assert game_catalogue.title("tekken8").character("asuka").ja == "風間飛鳥"
    clash = desk_client.post("/desk/games/tekken8", data={"kind": "character", "ja": "一八", "en": "Kaz"})
    assert clash.status_code == 422 and "一八 はすでにこのゲームの一覧にあります" in clash.get_data(as_text=True)
    bad = desk_client.post("/desk/games/tekken8", data={"kind": "character", "ja": "Z", "en": "Z", "kana": "zed"})
    assert bad.status_code == 422 and "ひらがな" in bad.get_data(as_text=True)
    assert desk_client.get("/desk/games/nothing").status_code == 404


def test_a_title_added_at_the_desk_is_offered_for_events_and_reaches_the_phone(desk_client):
    response = desk_client.post("/desk/games/", data={"name_ja": "ぷよぷよeスポーツ", "name_en": "Puyo Puyo eSports",
                                                      "rounds_to_win": "2", "double_ko": "impossible"})
    assert response.status_code == 302 and response.headers["Location"].endswith("/desk/games/puyo_puyo_esports")
    desk_client.post("/desk/games/puyo_puyo_esports", data={"kind": "character", "ja": "アルル", "en": "Arle"})
    assert "ぷよぷよeスポーツ" in desk_client.get("/desk/").get_data(as_text=True)
    event, match = _one_on_one("puyo_puyo_esports")
    assert offline_pack.pack(event, str)["roster"] == ["アルル"]
    assert game_catalogue.rule_defaults("puyo_puyo_esports")["double_ko"] == "impossible"
    page = desk_client.get(f"/staff/m/{match.id}?lang=en").get_data(as_text=True)
    assert ">Arle</label>" in page
    again = desk_client.post("/desk/games/", data={"name_ja": "", "name_en": "Puyo Puyo eSports"})
    assert again.status_code == 422


def test_the_catalogue_pages_are_in_both_languages(desk_client):
    japanese = desk_client.get("/desk/games/").get_data(as_text=True)
    assert "ゲームとキャラクター" in japanese and "鉄拳7" in japanese
    english = desk_client.get("/desk/games/tekken7?lang=en").get_data(as_text=True)
    assert "Kazuya" in english and "Mishima Dojo" in english and "Add a character" in english


def test_an_event_from_a_template_takes_the_template_s_game_or_the_chosen_one(app):
    from webapp.services.setup import event_templates
    rows = [{"name": f"P{i}", "seed": i, "members": []} for i in range(1, 9)]
    kgp = event_templates.create_from_template("kgp2025", "KGP", rows)
    chosen = event_templates.create_from_template("kgp2025", "GGST", rows, game="ggst")
    assert (kgp.game, chosen.game) == ("fatal_fury_cotw", "ggst")
    game_edits.save_entry("ggst", "stage", "イリュリア城", "Illyria Castle")
    assert offline_pack.pack(chosen, str)["stage_names"]["ja"]["Illyria Castle"] == "イリュリア城"


def test_create_event_takes_a_game_from_the_command_line(app, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text("\n".join(f"P{i},{i}" for i in range(1, 9)), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["create-event", "kgp2025", "SF6 夜の部", str(path), "--game", "sf6"])
    assert result.exit_code == 0, result.output
    assert db.session.query(Event).one().game == "sf6"
    wrong = app.test_cli_runner().invoke(args=["create-event", "kgp2025", "X", str(path), "--game", "puyo"])
    assert wrong.exit_code != 0 and "Choose the game from the list" in wrong.output


def test_a_refusal_names_characters_and_stages_in_the_reader_s_language(app):
    from flask_babel import refresh

    from webapp.tournament.errors import N_, RuleViolation
    from webapp.web.i18n import translate_violation
    violation = RuleViolation("x", N_("Tekken double K.O. between both 5th players: the game is "
                                      "replayed with the same characters and stage (%(char_a)s vs "
                                      "%(char_b)s, %(stage)s)"),
                              char_a="テリー・ボガード", char_b="自由入力", stage="Pao Pao Cafe")
    with app.test_request_context("/?lang=en"):
        assert "(Terry Bogard vs 自由入力, Pao Pao Cafe)" in translate_violation(violation)
    with app.test_request_context("/?lang=ja"):
        refresh()  # the locale is kept per app context
        assert "テリー・ボガード" in translate_violation(violation) and "パオパオカフェ" in translate_violation(violation)


def test_a_desk_title_s_names_go_with_the_event_for_a_public_site_without_it(client, app):
    game_edits.add_title("ぷよぷよeスポーツ", "Puyo Puyo eSports")
    event, _match = _one_on_one("other")
    game_catalogue.set_event_game(event, "puyo_puyo_esports")
    db.session.commit()
    from webapp.models import GameTitle
    db.session.query(GameTitle).delete()  # as on a mirror: the event's rows came, the desk's titles did not
    db.session.commit()
    assert "ぷよぷよeスポーツ" in client.get(f"/e/{event.slug}").get_data(as_text=True)
    assert "Puyo Puyo eSports" in client.get(f"/e/{event.slug}?lang=en").get_data(as_text=True)


def test_the_desk_corrects_its_own_title_but_not_a_shipped_one(desk_client):
    game_edits.add_title("ぷよぷよ", "Puyo Puyo")
    db.session.commit()
    response = desk_client.post("/desk/games/puyo_puyo/title", data={"name_ja": "ぷよぷよeスポーツ",
                                                                    "name_en": "Puyo Puyo eSports",
                                                                    "rounds_to_win": "3", "stage_choice": "on",
                                                                    "double_ko": "no_round"})
    assert response.status_code == 302
    usual = game_catalogue.rule_defaults("puyo_puyo")
    assert {k: usual[k] for k in ("rounds_to_win", "stage_choice", "side_choice", "double_ko")} == {
        "rounds_to_win": 3, "stage_choice": True, "side_choice": False, "double_ko": "no_round"}
    page = desk_client.get("/desk/games/puyo_puyo").get_data(as_text=True)
    assert 'value="ぷよぷよeスポーツ"' in page and '<option value="3" selected>' in page
    desk_client.post("/desk/games/sf6/title", data={"name_ja": "スト6", "name_en": "SF6"})
    assert "ここで名前を変えられるのは本部で追加したゲームだけです" in desk_client.get("/desk/").get_data(as_text=True)
