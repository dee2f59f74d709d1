"""The day's entrants, as the organisers' own sheets have them (Shift_JIS CSV files)."""
import csv
import io

# 24 KGP2025 players: name, reading (furigana), seed.
KGP_PLAYERS = [
    ("山田太郎", "やまだたろう"), ("佐藤花子", "さとうはなこ"), ("鈴木一郎", "すずきいちろう"),
    ("高橋美咲", "たかはしみさき"), ("田中健太", "たなかけんた"), ("伊藤さくら", "いとうさくら"),
    ("渡辺翔", "わたなべしょう"), ("中村由美", "なかむらゆみ"), ("小林大輔", "こばやしだいすけ"),
    ("加藤愛", "かとうあい"), ("吉田拓海", "よしだたくみ"), ("山口結衣", "やまぐちゆい"),
    ("松本蓮", "まつもとれん"), ("井上陽菜", "いのうえひな"), ("木村悠斗", "きむらゆうと"),
    ("林美月", "はやしみつき"), ("清水颯太", "しみずそうた"), ("山崎凛", "やまざきりん"),
    ("森大和", "もりやまと"), ("池田葵", "いけだあおい"), ("橋本湊", "はしもとみなと"),
    ("阿部杏", "あべあん"), ("石川陸", "いしかわりく"), ("ナウマン", "なうまん"),
]
def reading(name):
    """The player's ふりがな as the sheet has it."""
    return dict(KGP_PLAYERS)[name]


# Who never comes to reception: each plays on the first round (seeds 9-24 play it, 1-8 have byes).
KGP_NO_SHOWS = ("池田葵", "阿部杏", "ナウマン")

# 8 Tekken 5on5 teams: team name, reading, five members with their registered characters.
TEKKEN_CHARS = ["一八", "仁", "ポール", "キング", "ロウ"]
TEKKEN_TEAMS = [
    ("チーム桜", "ちーむさくら"), ("チーム富士", "ちーむふじ"), ("膝マスターズ", "ひざますたーず"),
    ("浪速連合", "なにわれんごう"), ("風神雷神", "ふうじんらいじん"), ("北斗組", "ほくとぐみ"),
    ("鉄拳道場", "てっけんどうじょう"), ("月光", "げっこう"),
]


def members(team_number):
    """Member names 'T<n>-<k>' with the registered characters, in order."""
    return [(f"T{team_number}-{k}", TEKKEN_CHARS[k - 1]) for k in range(1, 6)]


# The sheets' header rows, as organisers write them (the import preview reads Japanese headers).
KGP_COLUMNS = ("名前", "ふりがな", "シード")


def _cp932(rows) -> bytes:
    buffer = io.StringIO()
    csv.writer(buffer, lineterminator="\r\n").writerows(rows)
    return buffer.getvalue().encode("cp932")  # what a Japanese spreadsheet saves as "CSV"


def kgp_csv(columns=KGP_COLUMNS) -> bytes:
    cells = {"名前": lambda i, p: p[0], "ふりがな": lambda i, p: p[1], "シード": lambda i, p: str(i)}
    rows = [list(columns)] + [[cells[c](i, p) for c in columns] for i, p in enumerate(KGP_PLAYERS, 1)]
    return _cp932(rows)


def tekken_csv() -> bytes:
    rows = [["チーム名", "ふりがな", "シード"] + [x for k in range(1, 6) for x in (f"選手{k}", f"キャラ{k}")]]
    for n, (team, team_reading) in enumerate(TEKKEN_TEAMS, 1):
        rows.append([team, team_reading, str(n)] + [x for pair in members(n) for x in pair])
    return _cp932(rows)
