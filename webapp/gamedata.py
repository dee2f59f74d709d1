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
