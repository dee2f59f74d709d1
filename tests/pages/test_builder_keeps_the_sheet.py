"""The builder keeps what was typed and chosen across every step (issue 37.7): a chosen CSV's
text stays in the form after プレビューを更新, and キャンセル on the import check goes back to the
builder with every field (not a plain link to an empty builder)."""
import io

from three_events import EVENTS, builder_form

from webapp.models import Event


def test_update_preview_keeps_a_chosen_csv_as_text(desk_client):
    response = desk_client.post("/desk/new?lang=ja", content_type="multipart/form-data", data={
        "action": "preview", "name": "月例大会#1",
        "csv": (io.BytesIO("山田太郎\n佐藤次郎\n".encode("utf-8")), "players.csv")})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "山田太郎\n佐藤次郎" in page and "月例大会#1" in page  # the sheet's text is now in the form


def test_a_bad_csv_is_refused_in_words_not_dropped(desk_client):
    response = desk_client.post("/desk/new?lang=ja", content_type="multipart/form-data", data={
        "action": "preview", "name": "月例大会#1", "csv": (io.BytesIO(b""), "empty.csv")})
    assert response.status_code == 422
    assert "err-sheet" in response.get_data(as_text=True)


def test_cancel_on_the_import_check_goes_back_with_everything(desk_client):
    response = desk_client.post("/desk/new?lang=ja", data={
        "action": "back", "name": "月例大会#1", "venue": "秋葉原", "text": "山田太郎\n佐藤次郎\n", "tried": "1"})
    page = response.get_data(as_text=True)
    assert response.status_code == 200
    assert "月例大会#1" in page and "山田太郎\n佐藤次郎" in page
    assert Event.query.count() == 0  # nothing created



def test_the_import_checks_cancel_goes_back_to_the_filled_builder(desk_client):
    form = builder_form(next(iter(EVENTS))) | {"sheet": "山田太郎\n佐藤次郎\n", "venue": "秋葉原"}
    check = desk_client.post("/desk/new?lang=ja", data=form).get_data(as_text=True)
    assert 'data-testid="import-count"' in check and 'data-testid="import-cancel"' in check
    back = desk_client.post("/desk/new?lang=ja", data={k: v for k, v in form.items() if k not in ("sheet", "action")}
                            | {"text": "山田太郎\n佐藤次郎\n", "action": "back"}).get_data(as_text=True)
    assert form["name"] in back and "山田太郎\n佐藤次郎" in back and "秋葉原" in back
    assert Event.query.count() == 0
