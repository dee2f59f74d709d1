"""Demo data: both seed events with realistic entrants — a finished day, a half-played one, an unstarted one."""
import random

from ...extensions import db
from ...models import Event, User
from ...tournament import games
from ...tournament.reception import reception_info
from ..accounts import users as accounts
from ..matches import simulate
from . import event_templates

DESK_USER, DESK_PASSWORD = "desk", "taikai-desk"
STAFF_PIN = "202512"
TEKKEN7_CHARACTERS = games.get_title("tekken7").character_values()  # as entries store them

TEAM_WORDS_A = ["膝", "関西", "なにわ", "京都", "神戸", "博多", "札幌", "仙台", "名古屋", "横浜", "千葉", "埼玉",
                "広島", "岡山"]
TEAM_WORDS_B = ["まったり会", "鉄拳部", "連合", "道場", "ファイターズ", "組"]
GIVEN = ["たろう", "じろう", "ゆうき", "しょう", "けんた", "だいき", "りょう", "はやと", "そうた", "かいと",
         "みさき", "あやか", "ゆい", "さくら", "ひなた", "ノビ", "チクリン", "ダブル", "タケ", "ロンドン", "ゲンゲン",
         "まちゃぼー", "ボンちゃん", "アキ", "ハメコ", "ゆうた", "ごんた", "ひろし", "たくみ", "つばさ"]


def ensure_desk_account() -> tuple[str, str]:
    """The demo desk account (created once)."""
    if not db.session.query(User).filter_by(username=DESK_USER).first():
        accounts.create_user(DESK_USER, DESK_PASSWORD, role="desk", display_name="本部")
    return DESK_USER, DESK_PASSWORD


def tekken_teams(count: int, rng: random.Random) -> list[dict]:
    """Teams with Japanese names, five members each with a registered Tekken 7 character."""
    names = [f"{a}{b}" for b in TEAM_WORDS_B for a in TEAM_WORDS_A]
    rng.shuffle(names)
    teams = []
    for i, name in enumerate(names[:count], start=1):
        # About one member in twelve declared a character change at reception.
        members = [(f"{rng.choice(GIVEN)}{k}", rng.choice(TEKKEN7_CHARACTERS), rng.random() < 0.08)
                   for k in range(1, 6)]
        teams.append({"name": name, "seed": i, "members": members})
    return teams


def kgp_players(count: int, rng: random.Random) -> list[dict]:
    """Players with Japanese handles and KGP2025 reception data."""
    handles = [f"{g}{s}" for s in ("", "@関西", "_kgp", "ちゃん", "X") for g in GIVEN]
    rng.shuffle(handles)
    return [{"name": h, "seed": i, "members": [], "info": reception_info(rng.choice(["player"] * 9 + ["equipment"]),
                                                                           days=rng.choice((1, 1, 2)))}
            for i, h in enumerate(handles[:count], start=1)]


def load_demo(seed: int = 2025) -> list[Event]:
    """Tekken day finished, KGP day 1 half played, KGP day 2 not started."""
    rng = random.Random(seed)
    ensure_desk_account()
    tekken = _event("tekken7_hiza_5on5", "鉄拳7 膝まったり杯 5on5 (デモ・終了)", tekken_teams(56, rng))
    _play(tekken, rng, phases=len(tekken.phases))
    kgp = _event("kgp2025", "KGP2025 1on1 DAY1 (デモ・進行中)", kgp_players(48, rng))
    _play(kgp, rng, phases=1, share_last=0.5)
    _event("kgp2025", "KGP2025 1on1 DAY2 (デモ・未開始)", kgp_players(32, rng))
    return [tekken, kgp]


def _event(template: str, name: str, rows: list[dict]) -> Event:
    event = event_templates.create_from_template(template, name, rows)
    accounts.set_staff_pin(event, STAFF_PIN)
    db.session.commit()
    return event


def _play(event: Event, rng: random.Random, phases: int, share_last: float = 1.0) -> None:
    for index, phase in enumerate(event.phases[:phases]):
        event_templates.start(phase, draw_seed=f"demo{index}" if phase.seeding == "draw" else None)
        db.session.commit()
        share = share_last if index == phases - 1 else 1.0
        simulate.play_phase(phase, rng, share=share)
        db.session.commit()
