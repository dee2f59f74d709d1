"""Every entry kind is registered once (webapp/tournament/entry_kinds.py) with everything the code
asks of it: a label, a decider, a payload schema for match play, the words a refusal names it
by, and its form on the offline match page when it has one. A kind missing any of them fails here."""
import webapp.operations.submit  # noqa: F401 - the pipeline attaches each kind's schema and decider
from webapp.operations import decide
from webapp.services.matches import restarts
from webapp.services.reads import offline_pack
from webapp.tournament.entry_kinds import ENTRY_KINDS, kinds
from webapp.tournament.play.actions import ACTIONS
from webapp.views import entry_labels


def test_every_kind_has_a_label_and_a_decider():
    for kind in ENTRY_KINDS.values():
        assert kind.label, f"{kind.name}: no label"
        assert callable(kind.decider), f"{kind.name}: no decider"


def test_every_play_kind_comes_from_the_domain_with_a_schema_and_words():
    assert kinds(play=True) == tuple(ACTIONS)
    for name in kinds(play=True):
        kind = ENTRY_KINDS[name]
        assert kind.schema is not None, f"{name}: no payload schema"
        assert kind.what, f"{name}: a refusal has no words for it"


def test_the_lists_that_name_kinds_read_the_registry():
    assert decide.MATCH_KINDS == restarts.PLAY_KINDS == kinds(play=True)
    assert set(entry_labels.KINDS) == set(ENTRY_KINDS)
    assert set(offline_pack.PLAY_FIELDS) <= set(kinds(offline_form=True))


def test_every_kind_with_an_offline_form_has_it_on_the_offline_match_page(client):
    page = client.get("/offline/match").get_data(as_text=True)
    for name in kinds(offline_form=True):
        assert f'data-offline-op="{name}"' in page, f"{name}: no form on the offline match page"


def test_every_decider_has_the_one_shape_and_every_desk_form_its_schema():
    import inspect

    for kind in ENTRY_KINDS.values():
        assert list(inspect.signature(kind.decider).parameters)[:4] == ["batch", "op", "match", "user"], kind.name
    for name in ("record_winner", "correct_result", "correct_game"):
        assert ENTRY_KINDS[name].schema is not None, f"{name}: the desk's form has no schema"
