"""Demo data: realistic Japanese entrants, events at different stages of the day."""
import random

from .extensions import db
from .models import Event, MatchRow, User
from .services import accounts, brackets, entrants, events

DESK_USER, DESK_PASSWORD = "desk", "taikai-desk"
STAFF_PIN = "2025"

PLAYER_NAMES = [
    "たなか", "すずき", "サトウ", "やまだ", "Koji", "ノビ", "まちゃぼー", "ゲンゲン",
    "チクリン", "ふじい", "ウメハラ", "ときど", "かずのこ", "どぐら", "ひかる", "まさお",
    "ボンちゃん", "ふ～ど", "ガチくん", "翔", "りゅうせい", "あくあ", "カワノ", "ナウマン",
]


def ensure_desk_account() -> tuple[str, str]:
    """The demo desk account (created once)."""
    if not db.session.query(User).filter_by(username=DESK_USER).first():
        accounts.create_user(DESK_USER, DESK_PASSWORD, role="desk", display_name="本部")
    return DESK_USER, DESK_PASSWORD


def load_demo(seed: int = 2025) -> list[Event]:
    """A 1-on-1 double elimination half played, and one not started."""
    rng = random.Random(seed)
    ensure_desk_account()
    played = _one_on_one("KGP2025 デモ 1on1", rng, PLAYER_NAMES[:16])
    _play_some(played, rng, share=0.6)
    waiting = _one_on_one("平日ナイト大会 (未開始)", rng, PLAYER_NAMES[8:20], start=False)
    db.session.commit()
    return [played, waiting]


def _one_on_one(name: str, rng: random.Random, players: list[str], start: bool = True) -> Event:
    event = events.create_event(name, "kgp2025", game="STREET FIGHTER 6")
    accounts.set_staff_pin(event, STAFF_PIN)
    rows = [{"name": p, "seed": i, "members": []} for i, p in enumerate(players, start=1)]
    entrants.add_entrants(event, rows)
    phase = events.add_phase(event, "メインブラケット", "double_elimination", grand_final="reset")
    db.session.flush()
    if start:
        brackets.start_phase(phase, event.entrants)
        db.session.flush()
    return event


def _play_some(event: Event, rng: random.Random, share: float) -> None:
    """Record random winners for a share of the matches, in bracket order."""
    phase = event.phases[0]
    total = len(phase.brackets[0].matches)
    for _ in range(int(total * share)):
        ready = [m for m in phase.brackets[0].matches if m.status == "ready"]
        if not ready:
            return
        match: MatchRow = ready[0]
        brackets.record_winner(match, rng.choice([match.slot_a, match.slot_b]))
        db.session.flush()
