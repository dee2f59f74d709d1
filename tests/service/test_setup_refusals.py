"""Setup refuses what cannot be played, when it is made, in words that say what to change."""
import re

import pytest
from bare_event import post_bare_event
from rules_setups import add_phase_at_desk, create_at_desk, flash

from webapp.extensions import db
from webapp.models import Event, Phase
from webapp.services.entrants import entrant_lists as entrants


def _refused(answer, *words):
    assert answer.status_code == 422, answer.status_code
    text = flash(answer)
    for word in words:
        assert word in text, text
    assert not re.search(r"\b(best_of|point_format|kachinuki|standard_team|standard_1on1|kgp2025)\b", text), text
    return text


def _teams(event, sizes):
    rows = [{"name": f"チーム{i}", "seed": i + 1, "members": [(f"T{i}-{n}", "") for n in range(size)]}
            for i, size in enumerate(sizes)]
    for entrant in entrants.add_entrants(event, rows):
        entrant.checked_in = True
    db.session.commit()


def test_a_team_event_on_1on1_rules_is_refused(desk_client):
    answer = post_bare_event(desk_client, "3on3", ruleset="kgp2025", entrant_kind="team", team_size=3)
    assert answer.status_code == 422 and "KGP2025（1on1）" in answer.get_data(as_text=True)
    assert not db.session.query(Event).count()


@pytest.mark.parametrize("size", [1, 8])
def test_a_team_size_outside_2_to_7_is_refused(desk_client, size):
    answer = post_bare_event(desk_client, "大きすぎ", entrant_kind="team", team_size=size)
    assert answer.status_code == 422 and not db.session.query(Event).count()


def test_a_1on1_match_type_for_teams_is_refused(desk_client):
    event = create_at_desk(desk_client, entrant_kind="team", team_size="3")
    answer = desk_client.post(f"/desk/e/{event.id}/phases?lang=en",
                              data={"name": "本戦", "format": "single_elimination", "match_type": "best_of"})
    _refused(answer, "Best of games", "team match type")
    assert not db.session.get(Event, event.id).phases


def test_a_team_match_type_for_players_is_refused(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    answer = desk_client.post(f"/desk/e/{event.id}/phases?lang=en",
                              data={"name": "本戦", "format": "single_elimination", "match_type": "point_format"})
    _refused(answer, "Point format", "players")


def test_a_match_type_the_rules_do_not_play_is_refused(desk_client):
    event = create_at_desk(desk_client, ruleset="tekken7_hiza_5on5", entrant_kind="team", team_size="5")
    answer = desk_client.post(f"/desk/e/{event.id}/phases?lang=en",
                              data={"name": "本戦", "format": "single_elimination", "match_type": "point_format"})
    _refused(answer, "Tekken 7 Hiza Mattari Cup 5on5", "Point format")


def test_a_best_of_the_rules_do_not_allow_is_refused(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    desk_client.post(f"/desk/e/{event.id}/rules", data={"preset": "standard_1on1", "rounds_to_win": "3",
                                                        "best_of": ["3", "5"]})
    answer = desk_client.post(f"/desk/e/{event.id}/phases?lang=en",
                              data={"name": "本戦", "format": "single_elimination", "best_of": "7"})
    _refused(answer, "Best of 3 / Best of 5", "not Best of 7")


def test_rules_that_a_phase_does_not_fit_are_refused(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    add_phase_at_desk(desk_client, event, best_of="5")
    answer = desk_client.post(f"/desk/e/{event.id}/rules?lang=en", data={"preset": "standard_1on1",
                                                                         "best_of": ["3"]})
    _refused(answer, "not Best of 5")


def test_a_phase_whose_teams_do_not_fit_cannot_start(desk_client):
    event = create_at_desk(desk_client, entrant_kind="team", team_size="3")
    _teams(event, [3, 3, 2])
    phase = add_phase_at_desk(desk_client, event, match_type="point_format")
    answer = desk_client.post(f"/desk/phase/{phase.id}/start?lang=en")
    _refused(answer, "チーム2", "has 2 members", "Point format (team, one set per member)", "3")
    assert db.session.get(Phase, phase.id).status == "draft"


def test_a_kachinuki_of_any_size_starts(desk_client):
    event = create_at_desk(desk_client, entrant_kind="team", team_size="4")
    _teams(event, [4, 4])
    phase = add_phase_at_desk(desk_client, event, match_type="kachinuki")
    assert desk_client.post(f"/desk/phase/{phase.id}/start").status_code == 302


def test_a_started_phase_s_rules_change_for_matches_not_yet_begun_and_say_so(desk_client):
    """Issue 40: no longer refused after the start; the desk is told what the change reaches (test_game_shape_pages
    shows a begun match keeping the rules it began with)."""
    event = create_at_desk(desk_client, entrant_kind="team", team_size="2")
    _teams(event, [2, 2])
    phase = add_phase_at_desk(desk_client, event, match_type="point_format")
    assert desk_client.post(f"/desk/phase/{phase.id}/start").status_code == 302
    answer = desk_client.post(f"/desk/phase/{phase.id}/rules?lang=en", data={"rounds_to_win": "3"},
                              follow_redirects=True)
    assert "Matches not yet begun, which play by them: 1; begun ones, which keep the rules they began with: 0" \
        in flash(answer)


def test_a_rules_form_value_that_cannot_be_used_is_refused_in_words(desk_client):
    event = create_at_desk(desk_client, entrant_kind="player")
    answer = desk_client.post(f"/desk/e/{event.id}/rules?lang=ja", data={"preset": "standard_1on1",
                                                                         "entry_fee_yen": "-5"})
    _refused(answer, "参加費")
    assert "entry_fee_yen" not in flash(answer)
