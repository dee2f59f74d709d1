"""Team sheets pasted from Excel / Google Sheets (issue 37.6): tabs split the columns (Excel's CRLF
and a quoted cell holding a line break too), numbered reading headers ふりがな1…3 are members'
readings, and a header-less 1on1 'name<TAB>reading' paste keeps the kana as the reading."""
from webapp.extensions import db
from webapp.services.entrants import entrant_import
from webapp.services.setup import events
from webapp.tournament.sheet_text import delimiter, kana_column, one_line

# What Excel puts on the clipboard: tabs, CRLF, a cell with a line break in double quotes.
EXCEL_TEAMS = ("チーム名\tメンバー1\tふりがな1\tメンバー2\tふりがな2\tメンバー3\tふりがな3\r\n"
               "赤組\t山田\tやまだ\t佐藤\tさとう\t鈴木\tすずき\r\n"
               "\"青組\n(補欠あり)\"\t田中\tたなか\t伊藤\tいとう\t渡辺\twatanabe\r\n")
# Google Sheets: tabs, LF, no quotes.
SHEETS_TEAMS = "チーム名\tメンバー1\tメンバー2\tメンバー3\n赤組\t山田\t佐藤\t鈴木\n青組\t田中\t伊藤\t渡辺\n"


def _event(team_size):
    kind = ("kgp2025", "player") if team_size == 1 else ("tekken7_hiza_5on5", "team")
    event = events.create_event("貼り付けテスト", kind[0], entrant_kind=kind[1], team_size=team_size)
    db.session.commit()
    return event


def test_the_delimiter_is_read_from_the_first_line():
    assert delimiter(EXCEL_TEAMS) == "\t" and delimiter(SHEETS_TEAMS) == "\t"
    assert delimiter("名前,ふりがな\n山田,やまだ\n") == ","
    assert kana_column([["山田", "やまだ"], ["ナウマン", "なうまん"]], 1)
    assert not kana_column([["山田", "2"]], 1) and not kana_column([["山田"]], 1)
    assert one_line("青組\r\n補欠") == "青組 補欠"


def test_a_google_sheets_paste_is_split_into_columns():
    result = entrant_import.read_plan(SHEETS_TEAMS, 3)
    assert [c.kind for c in result.columns] == ["name", "member", "member", "member"]
    assert [r["name"] for r in result.rows] == ["赤組", "青組"]  # the header is not a team
    assert [m[0] for m in result.rows[0]["members"]] == ["山田", "佐藤", "鈴木"]


def test_an_excel_paste_reads_numbered_readings_and_quoted_cells():
    result = entrant_import.read_plan(EXCEL_TEAMS, 3)
    assert [c.kind for c in result.columns] == ["name"] + ["member", "member_reading"] * 3
    assert len(result.rows) == 2
    red = result.rows[0]
    assert [(m[0], m[3]) for m in red["members"]] == [("山田", "やまだ"), ("佐藤", "さとう"), ("鈴木", "すずき")]
    assert result.rows[1]["name"] == "青組 (補欠あり)"  # the quoted line break is one space
    assert result.rows[1]["members"][0][:1] == ("田中",)


def test_a_headerless_1on1_name_and_reading_paste_keeps_the_reading(app):
    event = _event(1)
    result = entrant_import.plan(event, "山田太郎\tやまだたろう\nナウマン\tなうまん\n")
    assert [(r["name"], r["reading"]) for r in result.rows] == [("山田太郎", "やまだたろう"), ("ナウマン", "なうまん")]
    entrant_import.apply(event, result)
    db.session.commit()
    taro = next(e for e in event.entrants if e.name == "山田太郎")
    assert taro.reading == "やまだたろう"
    assert [m.name for m in taro.members] == ["山田太郎"]  # the reading is not a member


def test_a_team_sheet_paste_imports_into_a_team_event(app):
    event = _event(3)
    result = entrant_import.plan(event, SHEETS_TEAMS)
    entrant_import.apply(event, result)
    db.session.commit()
    assert sorted(e.name for e in event.entrants) == ["赤組", "青組"]
