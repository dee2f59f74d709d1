"""Desk pages of the event file: download (no secret in it), upload (refusals name the line), copy."""
import io
import re

from webapp.extensions import db
from webapp.models import Event, Operation
from webapp.services.accounts import users as accounts
from webapp.services.setup import event_files


def _weekly():
    spec = event_files.preset_spec("weekly_double_elimination")
    rows = [{"name": f"P{i}", "seed": None, "reading": "", "members": []} for i in range(1, 9)]
    event = event_files.create_event({**spec, "name": "Weekly <b>#1</b>"}, rows=rows)
    accounts.set_staff_pin(event, "135799")
    db.session.commit()
    return event


def test_the_setup_file_downloads_without_pin_hash_or_secret(desk_client):
    event = _weekly()
    response = desk_client.get(f"/desk/e/{event.id}/setup.toml")
    assert response.status_code == 200 and "attachment" in response.headers["Content-Disposition"]
    text = response.get_data(as_text=True)
    assert 'name = "Weekly <b>#1</b>"' in text and "[[phases]]" in text
    for secret in ("135799", event.staff_pin_hash, "pin", "hash", "token", "secret", event.slug):
        assert secret.lower() not in text.lower()
    assert event_files.check(event_files.parse(text)) == {**event_files.dump(event)}


def test_a_refused_upload_names_the_line_and_the_setting_next_to_the_form(desk_client):
    text = 'name = "<script>x</script>"\n\n[[phases]]\nname = "A"\nformat = "double_elimination"\nbest_of = 4\n'
    response = desk_client.post("/desk/events/from-file", data={
        "spec": (io.BytesIO(text.encode()), "bad.toml")}, content_type="multipart/form-data")
    assert response.status_code == 422
    page = response.get_data(as_text=True)
    refusal = re.search(r'data-testid="event-file-refusal">([^<]*)<', page).group(1)
    assert "6" in refusal and "phases[1].best_of" in refusal
    assert "<script>x" not in page and db.session.query(Event).count() == 0


def test_an_upload_creates_the_event_with_its_entrants(desk_client):
    text = event_files.to_toml(event_files.preset_spec("pools_top8_double_elimination"))
    sheet = "\n".join(f"選手{i}" for i in range(1, 17)).encode("cp932")
    response = desk_client.post("/desk/events/from-file", data={
        "spec": (io.BytesIO(text.encode()), "pools.toml"), "entrants": (io.BytesIO(sheet), "players.csv")},
        content_type="multipart/form-data")
    assert response.status_code == 302
    event = db.session.query(Event).one()
    assert len(event.entrants) == 16 and [p.name for p in event.phases] == ["Pools", "Top 8"]


def test_markup_in_a_file_stays_text_on_the_desk(desk_client):
    text = 'name = "<img src=x onerror=alert(1)>"\nvenue = "<b>Arcade</b>"\nstations = ["<i>1</i>"]\n'
    response = desk_client.post("/desk/events/from-file", data={
        "spec": (io.BytesIO(text.encode()), "markup.toml")}, content_type="multipart/form-data")
    assert response.status_code == 302
    page = desk_client.get(response.headers["Location"]).get_data(as_text=True)
    assert "<img src=x" not in page and "&lt;img src=x onerror=alert(1)&gt;" in page


def test_a_too_big_upload_is_refused_in_words(desk_client):
    text = 'name = "x"\n' + "# padding\n" * 8000
    response = desk_client.post("/desk/events/from-file", data={
        "spec": (io.BytesIO(text.encode()), "big.toml")}, content_type="multipart/form-data")
    assert response.status_code in (413, 422) and db.session.query(Event).count() == 0


def test_copy_makes_a_new_event_with_a_new_pin_and_no_day(desk_client):
    event = _weekly()
    posted = desk_client.post(f"/desk/e/{event.id}/copy", data={"name": "Weekly #2", "day": "2026-12-19"})
    assert posted.status_code == 302  # PRG: a reload of the page after makes no second copy
    response = desk_client.get(posted.headers["Location"])
    assert response.status_code == 200 and 'data-testid="new-pin"' in response.get_data(as_text=True)
    assert 'data-testid="new-pin"' not in desk_client.get(posted.headers["Location"]).get_data(as_text=True)
    copy = db.session.query(Event).filter_by(name="Weekly #2").one()
    assert copy.entrants == [] and copy.staff_pin_hash and copy.staff_pin_hash != event.staff_pin_hash
    assert "135799" not in response.get_data(as_text=True)
    refused = desk_client.post(f"/desk/e/{event.id}/copy", data={"name": "", "day": "2026-12-19"})
    assert refused.status_code == 422 and 'data-testid="event-copy-refusal"' in refused.get_data(as_text=True)
    assert db.session.query(Operation).filter_by(event_id=copy.id).count() == 0


def test_every_preset_downloads_as_a_file_the_upload_takes(desk_client):
    page = desk_client.get("/desk/events/from-file").get_data(as_text=True)
    links = re.findall(r'href="(/desk/presets/[a-z0-9_]+\.toml)"', page)
    assert len(links) == len(event_files.presets())
    text = desk_client.get(links[0]).get_data(as_text=True)
    assert event_files.check(event_files.parse(text), text)["phases"]
    assert desk_client.get("/desk/presets/nothing.toml").status_code == 404


def test_a_deeply_nested_upload_is_refused_by_name_before_parsing(desk_client):
    """20,000 nested lists or 10,000 nested inline tables (40 KB): refused in words, never a 500;
    brackets inside a string are text, not nesting."""
    for text in ("a = " + "[" * 20000, "a = " + "{b=" * 10000 + "1" + "}" * 10000):
        response = desk_client.post("/desk/events/from-file?lang=en", data={
            "spec": (io.BytesIO(text.encode()), "deep.toml")}, content_type="multipart/form-data")
        assert response.status_code == 422 and "nests lists or tables" in response.get_data(as_text=True)
    assert db.session.query(Event).count() == 0
    assert event_files.parse('name = "[[[[[[[[[[[[{{{{{{{{{{"\n')["name"].startswith("[[[[")
