"""A Smash weekly's players, pasted into the builder as a TO's sheet: a name and its reading a line."""

PLAYERS = ["ホムラ", "ヒカリ", "マルス", "ルキナ", "ピカチュウ", "カービィ", "リンク", "ゼルダ",
           "クッパ", "ピーチ", "ヨッシー", "ネス", "サムス", "フォックス", "ファルコ", "シーク"]
READINGS = ["ほむら", "ひかり", "まるす", "るきな", "ぴかちゅう", "かーびぃ", "りんく", "ぜるだ",
            "くっぱ", "ぴーち", "よっしー", "ねす", "さむす", "ふぉっくす", "ふぁるこ", "しーく"]
SHEET = "\n".join(f"{n},{r}" for n, r in zip(PLAYERS, READINGS, strict=True))
