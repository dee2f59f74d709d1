"""An id in a URL past what the database holds is a 404 on every route, never a database error."""
import pytest
from flask import url_for

from webapp.database import DB_ID_MAX


def _int_routes(app, huge):
    for rule in app.url_map.iter_rules():
        converters = {name: type(conv).__name__ for name, conv in rule._converters.items()}
        if "RowIdConverter" in converters.values():
            yield rule, {name: (huge if kind == "RowIdConverter" else _a_value(conv))
                         for (name, conv), kind in zip(rule._converters.items(), converters.values(), strict=True)}


def _a_value(converter):
    """A value the converter takes: the first choice of an `any(...)`, else some text."""
    return sorted(converter.items)[0] if hasattr(converter, "items") else "x"


@pytest.mark.parametrize("huge", [2**31, 2**40, DB_ID_MAX, DB_ID_MAX + 1])
def test_every_id_route_answers_a_huge_id_without_a_server_error(app, desk_client, huge):
    """Ids past INTEGER (a mirror's rows live there) are looked up; past BIGINT they are not routed."""
    app.config["PROPAGATE_EXCEPTIONS"] = False
    seen = 0
    for rule, args in _int_routes(app, huge):
        with app.test_request_context():
            path = url_for(rule.endpoint, **args)
        for method in sorted(rule.methods - {"HEAD", "OPTIONS"}):
            response = desk_client.open(path, method=method)
            # 404, 405 where the path then matches only another method's route, or a change refused
            # with a message (302 back): never a database error.
            assert response.status_code in (302, 404, 405), (method, path, response.status_code)
            seen += 1
    assert seen > 20  # the walk really covered the app's id routes


def test_the_largest_id_the_database_holds_is_still_routed(app, desk_client):
    response = desk_client.get(f"/m/{DB_ID_MAX}")
    assert response.status_code == 404
