"""Every entry kind is registered once and whole (webapp/operations/kinds/): a label, a decider of
the one shape, a payload schema for match play and the desk's forms, the words a refusal names it by,
and its form on the offline match page when it has one. A kind missing any of them fails here, and a
registered kind cannot be changed afterwards (nothing attaches a part to it from elsewhere)."""
import dataclasses
import inspect

import pytest

import webapp.operations.submit  # noqa: F401 - the pipeline registers every kind
from webapp.operations import decide
from webapp.services.decisions import disqualifications
from webapp.services.matches import bracket_rows
from webapp.services.reads import offline_pack
from webapp.tournament.entry_kinds import ENTRY_KINDS, kinds
from webapp.tournament.play.actions import ACTIONS
from webapp.views import entry_labels


def test_every_kind_has_a_label_and_a_decider_of_the_one_shape():
    for kind in ENTRY_KINDS.values():
        assert kind.label, f"{kind.name}: no label"
        assert callable(kind.decider), f"{kind.name}: no decider"
        assert list(inspect.signature(kind.decider).parameters)[:4] == ["batch", "op", "match", "user"], kind.name


def test_every_play_kind_comes_from_the_domain_with_a_schema_and_words():
    assert kinds(play=True) == tuple(ACTIONS)
    for name in kinds(play=True):
        kind = ENTRY_KINDS[name]
        assert kind.schema is not None, f"{name}: no payload schema"
        assert kind.what, f"{name}: a refusal has no words for it"
        assert kind.offline_fields == ACTIONS[name].offline_fields


def test_the_desk_forms_have_their_schema():
    for name in ("record_winner", "correct_result", "correct_game"):
        assert ENTRY_KINDS[name].schema is not None, f"{name}: the desk's form has no schema"
    assert set(kinds(play=False, desk_only=True, needs_match=True)) == {
        "record_winner", "correct_result", "correct_game", "resolve_conflict", "undo_walkover"}


def test_the_lists_that_name_kinds_read_the_registry():
    assert decide.MATCH_KINDS == bracket_rows.PLAY_KINDS == kinds(play=True)
    assert set(disqualifications.KINDS) == set(kinds(locks="event"))
    assert set(offline_pack.PLAY_FIELDS) <= set(kinds(offline_form=True))


def test_every_kind_has_a_label_in_the_staffs_words(app):
    with app.test_request_context():
        labels = entry_labels.entry_kind_labels()
    assert set(labels) == set(ENTRY_KINDS)
    assert all(label != kind for kind, label in labels.items())


def test_a_registered_kind_is_frozen():
    with pytest.raises(dataclasses.FrozenInstanceError):
        ENTRY_KINDS["report_game"].decider = None


def test_every_kind_with_an_offline_form_has_it_on_the_offline_match_page(client):
    page = client.get("/offline/match").get_data(as_text=True)
    for name in kinds(offline_form=True):
        assert f'data-offline-op="{name}"' in page, f"{name}: no form on the offline match page"


def test_the_kinds_lists_are_the_registrys_flags():
    """What used to be lists of names beside the registry: a player's kinds, the desk's result
    history, the winner-naming kinds."""
    assert set(kinds(by_player=True)) == {"coin_toss", "roll_call", "arrive", "name_player", "declare_change",
                                          "report_game"}
    assert set(kinds(names_winner=True)) == {"record_winner", "correct_result"}
    assert set(kinds(changes_result=True)) == {"record_winner", "correct_result", "correct_game",
                                               "resolve_conflict", "override", "undo_walkover"}
    assert set(kinds(in_history=True)) == set(kinds(changes_result=True)) | {"set_station", "report_game"}
