"""The start preview keeps its draw (issue 37.8): loading it again shows the same pairings, the
start makes exactly what was last shown, a change of entrants or settings makes a new draw, and
「組み合わせを引き直す」 draws again on purpose."""
import re

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from webapp.extensions import db
from webapp.models import Entrant, Phase
from webapp.services.entrants import entrant_edits
from webapp.services.entrants import entrant_lists as entrants
from webapp.services.setup import events, kept_draw, start_preview


def _event(n, name="GGST 週末"):
    event = events.create_event(name, "kgp2025")
    entrants.add_entrants(event, [{"name": f"選手{i:02d}", "seed": None, "members": []} for i in range(1, n + 1)])
    phase = events.add_phase(event, "本戦", "double_elimination")
    db.session.commit()
    return event, phase


def _preview(client, phase_id):
    page = client.get(f"/desk/phase/{phase_id}/preview").get_data(as_text=True)
    seed = re.search(r'name="unseeded_seed" value="([^"]+)"', page).group(1)
    pairs = [tuple(re.findall(r"選手\d+", m))
             for m in re.findall(r'data-testid="preview-match">.*?</span> (.*?)</li>', page)]
    return page, seed, pairs


def _started_pairs(phase_id):
    phase = db.session.get(Phase, phase_id)
    names = {e.id: e.name for e in phase.event.entrants}
    first = [m for m in phase.brackets[0].matches if m.side == "W" and m.round == 1 and m.slot_a and m.slot_b]
    return {(names[m.slot_a], names[m.slot_b]) for m in first}


def test_the_preview_keeps_its_draw_and_the_start_makes_it(desk_client):
    _event_row, phase = _event(12)
    page, seed, shown = _preview(desk_client, phase.id)
    assert "組み合わせを引き直す" in page or "Draw again" in page
    _page, seed_again, shown_again = _preview(desk_client, phase.id)
    assert (seed_again, shown_again) == (seed, shown)
    answer = desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway", "unseeded_seed": seed})
    assert answer.status_code == 302
    assert _started_pairs(phase.id) == set(shown)


def test_draw_again_makes_a_new_draw_that_is_then_kept(desk_client):
    _event_row, phase = _event(12)
    _page, seed, _shown = _preview(desk_client, phase.id)
    answer = desk_client.post(f"/desk/phase/{phase.id}/draw-again")
    assert answer.status_code == 302
    _page, new_seed, new_shown = _preview(desk_client, phase.id)
    assert new_seed != seed
    assert _preview(desk_client, phase.id)[1:] == (new_seed, new_shown)


def test_a_changed_entrant_makes_a_new_draw(desk_client):
    event, phase = _event(12)
    _page, seed, _shown = _preview(desk_client, phase.id)
    entrant_edits.add_one(event, {"name": "飛び入り", "seed": None, "members": []})
    db.session.commit()
    _page, new_seed, new_shown = _preview(desk_client, phase.id)
    assert new_seed != seed and any("選手" in p[0] for p in new_shown)


def test_a_start_from_a_page_shown_before_a_change_is_refused_with_the_new_draw(desk_client):
    event, phase = _event(12)
    _page, seed, _shown = _preview(desk_client, phase.id)
    entrant_edits.add_one(event, {"name": "飛び入り", "seed": None, "members": []})
    db.session.commit()
    answer = desk_client.post(f"/desk/phase/{phase.id}/start", data={"gate": "anyway", "unseeded_seed": seed})
    assert answer.status_code == 422
    assert db.session.get(Phase, phase.id).status == "draft"
    text = answer.get_data(as_text=True)
    assert "組み合わせが変わりました" in text or "The draw changed" in text


CHANGES = st.lists(st.sampled_from(["look", "add", "remove", "seed", "again"]), min_size=1, max_size=6)


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(CHANGES)
def test_the_draw_changes_exactly_when_the_entrants_change_or_it_is_drawn_again(app, changes):
    """Property: after any sequence of looks and changes, a look keeps the last shown seed unless
    the entrants changed or the desk drew again since; the start then makes the last shown draw."""
    event, phase = _event(9, name=f"GGST {len(changes)}-{'-'.join(changes)}"[:60])
    last = kept_draw.seed(phase)
    db.session.commit()
    for n, change in enumerate(changes):
        if change == "add":  # a name of its own: a removal then an add would repeat a count-made name
            entrant_edits.add_one(event, {"name": f"飛び入り{n}", "seed": None, "members": []})
        elif change == "remove":
            entrant_edits.remove(next(e for e in event.entrants if not e.seed))
        elif change == "seed":
            top = max((e.seed or 0 for e in event.entrants), default=0)
            entrants.set_seeds(event, {next(e for e in event.entrants if not e.seed).id: top + 1})
        elif change == "again":
            kept_draw.draw_again(phase)
        db.session.commit()
        seed = kept_draw.seed(phase)
        db.session.commit()
        assert (seed == last) == (change == "look")
        last = seed
    shown = start_preview.preview(phase, last)[0][0]
    from webapp.services.setup import progressions
    progressions.start(phase, event.entrants, None, last)
    db.session.commit()
    made = db.session.get(Phase, phase.id).brackets[0]
    assert sorted((m.key, m.slot_a, m.slot_b) for m in shown.matches) == \
        sorted((m.key, m.slot_a, m.slot_b) for m in made.matches if m.key in {p.key for p in shown.matches})
    assert db.session.query(Entrant).filter_by(event_id=event.id).count() == len(event.entrants)
