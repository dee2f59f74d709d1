"""The third event template (a 1on1 single-elimination day), added in one file: the registry
brings it to the desk's list, the form, the CLI and the whole-day standings with no other edit."""
import random

from hypothesis import given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.models import Event
from webapp.tournament.bracket import Entrant
from webapp.tournament.bracket_results import record_result
from webapp.tournament.event_plans import TEMPLATES, build, build_phase, entry_split, final_standings
from webapp.tournament.routing import phase_places

NAME = "single_elimination_1on1"


def _day(players, seed):
    """Run the whole day with random winners; (plan, standings)."""
    plan = build(NAME, players)
    entrants = [Entrant(i, i) for i in range(1, players + 1)]
    seeded, _groups = entry_split(plan, entrants)["main"]
    brackets = build_phase(plan, "main", seeded)
    rng = random.Random(seed)
    for bracket in brackets:
        while bracket.ready_matches():
            match = bracket.ready_matches()[0]
            record_result(bracket, match.key, rng.choice(match.slots))
    return plan, final_standings(plan, {"main": phase_places(brackets)})


@settings(max_examples=25, deadline=None)
@given(st.integers(2, 70), st.integers(0, 2**32 - 1))
def test_every_player_is_ranked_once_and_one_player_wins(players, seed):
    plan, standings = _day(players, seed)
    assert sorted(i for _r, _t, i in standings) == list(range(1, players + 1))
    assert [r for r, _t, _i in standings].count(1) == 1
    assert plan.planned_matches["main"] == players - 1  # single elimination: one loss each but the winner


def test_the_template_carries_what_the_desk_and_the_cli_need():
    template = TEMPLATES[NAME]
    plan = build(NAME, 8)
    assert (template.team_size, template.ruleset) == (plan.team_size, plan.ruleset) == (1, "kgp2025")
    assert [p.format for p in plan.phases] == ["single_elimination"] and not plan.progressions


def test_the_old_template_page_leads_to_the_event_builder(desk_client):
    """The desk creates events in the builder, where this template is a preset (an event file)."""
    assert desk_client.get("/desk/templates").headers["Location"].endswith("/desk/new")
    assert desk_client.post("/desk/templates", data={"template": NAME}).headers["Location"].endswith(
        f"/desk/new?preset={NAME}")


def test_the_cli_creates_it_too(app, tmp_path):
    path = tmp_path / "players.csv"
    path.write_text("".join(f"プレイヤー{i}\n" for i in range(1, 5)), encoding="utf-8")
    result = app.test_cli_runner().invoke(args=["create-event", NAME, "夜の部", str(path)])
    assert result.exit_code == 0, result.output
    assert [p.key for p in db.session.query(Event).one().phases] == ["main"]
