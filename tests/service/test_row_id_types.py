"""Row ids are BIGINT on PostgreSQL (models/__init__.py widens every id column): a public site keeps each
mirror link's rows past 2^31. The widening changes the columns in place, but an expression built on a column
before it keeps an annotated copy with the old type, and every query through that attribute then binds the id
as INTEGER — on PostgreSQL alone, where a mirror's rows could no longer be read. Checked here on any database."""
from sqlalchemy import BigInteger

from webapp.extensions import db


def _id_attributes():
    for mapper in db.Model.registry.mappers:
        for prop in mapper.column_attrs:
            column = prop.columns[0]
            if getattr(column, "table", None) is not None and (column.primary_key or column.foreign_keys):
                yield mapper.class_, prop.key


def test_every_id_attribute_binds_as_the_widened_type(app):
    narrow = [f"{model.__name__}.{key}" for model, key in _id_attributes()
              if not isinstance(getattr(model, key).expression.type, BigInteger)]
    assert narrow == []


def test_the_check_sees_the_ids_the_mirror_reads(app):
    names = {f"{model.__name__}.{key}" for model, key in _id_attributes()}
    assert {"Entrant.event_id", "MatchRow.id", "Event.id"} <= names
