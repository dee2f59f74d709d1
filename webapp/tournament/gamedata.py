"""Characters and stages offered as suggestions on entry forms (typing anything else is allowed)."""

TEKKEN7_CHARACTERS = [
    "一八", "仁", "平八", "風間飛鳥", "ポール", "ロウ", "キング", "ニーナ", "スティーブ", "ブライアン",
    "吉光", "ラース", "アリサ", "クラウディオ", "シャヒーン", "カタリーナ", "ラッキークロエ", "ジョシー",
    "ギース", "ノクティス", "ボブ", "ドラグノフ", "エディ", "ファラン", "ジャック7", "レイヴン", "デビル仁",
    "リリ", "シャオユウ", "ファン", "レオ", "クマ", "パンダ", "ミゲル", "フェン", "ガンリュウ",
    "アーマーキング", "マードック", "アンナ", "レイ", "リロイ", "ファーカムラム", "ザフィーナ", "ネガン",
    "アキューマ", "エリザ", "カズミ", "マスターレイヴン", "ジュリア", "ロジャーJr.", "三島平八", "豪鬼",
]
TEKKEN7_STAGES = [
    "Mishima Dojo", "Forgotten Realm", "Jungle Outpost", "Arctic Snowfall", "Twilight Conflict",
    "Kinder Gym", "Geometric Plane", "Precipice of Fate", "Devil's Pit", "Fallen Destiny",
    "Arena", "Arena (Underground)", "Infinite Azure", "Urban Square", "Hammerhead", "Brimstone & Fire",
    "Mishima Building", "Souq", "Howard Estate", "Abandoned Temple", "Cave of Enlightenment",
    "Violet Systems", "Island Paradise", "Vermilion Gates", "Jungle Outpost 2", "Last Day on Earth",
]
FIGHTING_CHARACTERS = [
    "テリー・ボガード", "ロック・ハワード", "不知火舞", "ビリー・カーン", "双葉ほたる", "ケビン・ライアン",
    "マルコ・ロドリゲス", "プリッチャ", "ティゾック", "B.ジェニー", "ボックス・リーパー", "牙刀",
    "カイン・R・ハインライン", "北斗丸", "ケン・マスターズ", "春麗", "ギース・ハワード",
]
FIGHTING_STAGES = ["Sound Beach", "Pao Pao Cafe", "Second Southtown", "Hong Kong", "Dreamland",
                   "Marrakech", "Stadium"]


def characters_for(game: str, ruleset: str) -> list[str]:
    """Suggested characters for an event's game."""
    return TEKKEN7_CHARACTERS if "tekken" in (game + ruleset).lower() else FIGHTING_CHARACTERS


def stages_for(game: str, ruleset: str) -> list[str]:
    """Suggested stages for an event's game."""
    return TEKKEN7_STAGES if "tekken" in (game + ruleset).lower() else FIGHTING_STAGES


# Stage names as Japanese players know them (the games' Japanese releases); entries keep the
# English name as their value, pages show the reader's language (template_helpers.stage_label).
STAGE_NAMES_JA = {
    "Mishima Dojo": "三島道場", "Forgotten Realm": "フォーゴトン・レルム", "Jungle Outpost": "ジャングル・アウトポスト",
    "Arctic Snowfall": "アークティック・スノーフォール", "Twilight Conflict": "トワイライト・コンフリクト",
    "Kinder Gym": "キンダー・ジム", "Geometric Plane": "ジオメトリック・プレーン",
    "Precipice of Fate": "プレシピス・オブ・フェイト", "Devil's Pit": "デビルズ・ピット",
    "Fallen Destiny": "フォールン・デスティニー", "Arena": "アリーナ",
    "Arena (Underground)": "アリーナ（アンダーグラウンド）",
    "Infinite Azure": "インフィニット・アズール", "Urban Square": "アーバン・スクエア", "Hammerhead": "ハンマーヘッド",
    "Brimstone & Fire": "ブリムストーン＆ファイア", "Mishima Building": "三島ビル", "Souq": "スーク",
    "Howard Estate": "ハワード・エステート", "Abandoned Temple": "アバンダンド・テンプル",
    "Cave of Enlightenment": "ケイブ・オブ・エンライトメント", "Violet Systems": "バイオレット・システムズ",
    "Island Paradise": "アイランド・パラダイス", "Vermilion Gates": "ヴァーミリオン・ゲーツ",
    "Jungle Outpost 2": "ジャングル・アウトポスト2", "Last Day on Earth": "ラスト・デイ・オン・アース",
    "Sound Beach": "サウンドビーチ", "Pao Pao Cafe": "パオパオカフェ", "Second Southtown": "セカンドサウスタウン",
    "Hong Kong": "香港", "Dreamland": "ドリームランド", "Marrakech": "マラケシュ", "Stadium": "スタジアム",
}
