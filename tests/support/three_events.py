"""The three events of issue 26's "done when", set up through the desk's own forms (a Flask test client
posting what the desk's pages post: the event builder, the rules page, the entrants import): a Tekken 8 weekly (first to 3 rounds, winner keeps character),
an SF6 3on3 point-format team event (decider when tied) and a GGST event, 4 entrants each."""
import re

from webapp.extensions import db
from webapp.models import Event, Phase

PLAYERS = "\n".join(f"{name},{seed}" for seed, name in enumerate(["山田", "佐藤", "鈴木", "田中"], 1))
TEAMS = "\n".join(f"{team},{seed},{','.join(f'{team[:2]}{n},' for n in range(1, 4))}".rstrip(",")
                  for seed, team in enumerate(["桜組", "梅組", "松組", "竹組"], 1))
EVENTS = {
    "tekken8": {"name": "鉄拳8 週例会", "game": "tekken8", "entrant_kind": "player", "team_size": "1",
                "rules": {"rounds_to_win": "3", "best_of": ["1", "3", "5"], "character_rule": "loser_changes"},
                "paste": PLAYERS, "match_type": "best_of", "best_of": "3"},
    "sf6": {"name": "SF6 3on3 星取り戦", "game": "sf6", "entrant_kind": "team", "team_size": "3",
            "rules": {"rounds_to_win": "2", "best_of": ["1", "3"], "decider": "on", "hidden_order": "off"},
            "paste": TEAMS, "match_type": "point_format", "best_of": "1"},
    "ggst": {"name": "GGST 月例", "game": "ggst", "entrant_kind": "player", "team_size": "1",
             "rules": {"rounds_to_win": "2", "best_of": ["1", "3"]},
             "paste": PLAYERS, "match_type": "best_of", "best_of": "1"},
}


def _ok(response, what):
    assert response.status_code in (200, 302), f"{what}: {response.status_code} " + \
        re.sub(r"\s+", " ", response.get_data(as_text=True))[:2000]
    return response


def builder_form(key: str) -> dict:
    """What the event builder (/desk/new) sends for the event: its preset, game, entrants and one
    single-elimination phase of its match type."""
    spec = EVENTS[key]
    team = spec["entrant_kind"] == "team"
    return {"preset": "team_3on3_point_format" if team else "weekly_double_elimination", "plan": "",
            "name": spec["name"], "game": spec["game"], "entrants": "team" if team else "1on1",
            "team_size": spec["team_size"], "expected": "4", "stations": "2", "start_time": "19:00",
            "phase_count": "1", "p0-name": "本戦", "p0-format": "single_elimination", "p0-pools": "1",
            "p0-match_type": spec["match_type"], "p0-best_of": spec["best_of"], "p0-advance": "entry",
            "action": "create"}


def create(client, key: str) -> Event:
    """Create the event with the event builder, set its rules, paste its entrants, start its phase."""
    spec = EVENTS[key]
    response = _ok(client.post("/desk/new", data=builder_form(key)), "create")
    assert response.status_code == 302, re.sub(r"\s+", " ", response.get_data(as_text=True))[:3000]
    event_id = int(response.headers["Location"].rstrip("/").rsplit("/", 1)[1])
    rules = {"preset": "standard_team" if spec["entrant_kind"] == "team" else "standard_1on1", "stage_rule": "none",
             "side_rule": "agreement", "double_ko": "replayed", "entry_fee_yen": "0", "character_rule": "free",
             "substitutes": "0", **spec["rules"]}
    _ok(client.post(f"/desk/e/{event_id}/rules", data=rules), "rules")
    _ok(client.post(f"/desk/e/{event_id}/import/confirm", data={"text": spec["paste"], "source": ""}), "import")
    db.session.expire_all()
    event = db.session.get(Event, event_id)
    assert len(event.entrants) == 4 and len(event.phases) == 1, (event.entrants, event.phases)
    _ok(client.post(f"/desk/phase/{event.phases[0].id}/start", data={"gate": "anyway"}), "start")
    db.session.expire_all()
    assert db.session.get(Phase, event.phases[0].id).status != "draft"
    return db.session.get(Event, event_id)


CHARS = {"tekken8": ("三島一八", "風間仁"), "sf6": ("リュウ", "ケン"), "ggst": ("ソル＝バッドガイ", "カイ＝キスク")}


def play(event: Event) -> None:
    """Every match of the event's phase to its end, entered as a phone would (seed order wins; the
    Tekken 8 games go 3-2, the SF6 sets are split so each match needs its decider)."""
    from play_support import member_ids, send

    from webapp.models import MatchRow
    phase = event.phases[0]
    while True:
        db.session.expire_all()
        ready = [m for b in phase.brackets for m in b.matches if m.status == "ready"]
        if not ready:
            break
        match = ready[0]
        if phase.match_type == "point_format":
            a, b = member_ids(match, "a"), member_ids(match, "b")
            step = 0
            for n, winner in enumerate("aba"):
                for side, ids in (("a", a), ("b", b)):
                    send(db.session.get(MatchRow, match.id), "name_player", position=step, side=side,
                         member_id=ids[n % 3])
                    step += 1
                send(db.session.get(MatchRow, match.id), "report_game", position=step, winner=winner,
                     rounds_a=2 if winner == "a" else 1, rounds_b=1 if winner == "a" else 2,
                     char_a="リュウ", char_b="ケン")
                step += 1
        else:
            ra, rb = (3, 2) if event.game == "tekken8" else (2, 1)
            char_a, char_b = CHARS[event.game]
            for n in range(phase.best_of // 2 + 1):
                send(db.session.get(MatchRow, match.id), "report_game", position=n, winner="a", rounds_a=ra,
                     rounds_b=rb, char_a=char_a, char_b=char_b)
        db.session.expire_all()
        assert db.session.get(MatchRow, match.id).status == "done", db.session.get(MatchRow, match.id).actions
