"""The offline pack ships the match-play kinds from the entry kinds' registry, and each match's
penalties with what the domain does with them, so the phone's model (static/js/match_model.js)
keeps no list of its own: a play kind the registry gains and the pack does not ship fails here."""
import pathlib
import re

from play_support import team_event

from webapp.services.reads import offline_pack
from webapp.tournament.entry_kinds import ENTRY_KINDS, EntryKind, kinds

MODEL = pathlib.Path(__file__).resolve().parents[2] / "static" / "js" / "match_model.js"


def _penalties(pack):
    """Each match's penalties as the pack ships them: kind -> (effect, what the domain does)."""
    rules = [m["rules"] for p in pack["phases"] for b in p["brackets"] for m in b["matches"]]
    return {p["kind"]: (p["effect"], p["does"]) for r in rules for p in r["penalties"]}


def test_the_pack_ships_every_play_kind_of_the_registry(app):
    event, _match = team_event()
    shipped = offline_pack.pack(event, str)["kinds"]
    assert tuple(shipped) == kinds(play=True)
    assert shipped["report_game"] == {"offline_form": True, "fields": ["winner", "rounds_a", "rounds_b", "double_ko",
                                                                       "char_a", "char_b", "stage", "side_a"]}
    assert shipped["override"]["offline_form"] is False


def test_a_play_kind_added_to_the_registry_reaches_the_phone(app):
    event, _match = team_event()
    ENTRY_KINDS.register(EntryKind("time_out", "Time out", lambda batch, op, match, user: (None, None),
                                   what="A time out", play=True, offline_form=True))
    try:
        assert "time_out" in offline_pack.pack(event, str)["kinds"]
    finally:
        del ENTRY_KINDS["time_out"]


def test_each_penalty_says_what_the_domain_does_with_it(app):
    tekken, _match = team_event()
    kgp, _match = team_event("best_of", "kgp2025", size=1)
    penalties = _penalties(offline_pack.pack(tekken, str))
    assert penalties["smoking"] == ("member_out", "member_out")
    assert penalties["bluff"] == ("first_player_lost", "member_out")
    assert penalties["disqualify_team"][1] == "team_out"
    assert _penalties(offline_pack.pack(kgp, str))["prohibited_act"] == ("round_then_match", "round_then_match")


def test_the_model_steps_only_on_kinds_the_registry_has():
    """match_model.js's steps (APPLY) are named after play kinds: a renamed kind fails here."""
    apply = re.search(r"const APPLY = \{(.*?)\n  \};", MODEL.read_text(encoding="utf-8"), re.S)[1]
    steps = re.findall(r"^\s+(\w+)[,:]", apply, re.M)
    assert steps and set(steps) <= set(kinds(play=True)), steps
