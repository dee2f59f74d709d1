"""entrant/member name_key and reading_key: name and reading folded (width, kana, case, invisible
characters), indexed, so a player is found across events by an index, not by reading every row

Revision ID: e5f7a9b1c3d5
Revises: d4e6f8a0b2c4
Create Date: 2026-12-05 03:00:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'e5f7a9b1c3d5'
down_revision = 'd4e6f8a0b2c4'
branch_labels = None
depends_on = None

TABLES = ('entrant', 'member')


def upgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.add_column(sa.Column('name_key', sa.String(120), nullable=False, server_default=''))
            batch.add_column(sa.Column('reading_key', sa.String(120), nullable=False, server_default=''))
            batch.create_index(f'ix_{table}_name_key', ['name_key'])
            batch.create_index(f'ix_{table}_reading_key', ['reading_key'])
    _backfill()


def _backfill():
    from webapp.tournament.textsearch import fold
    bind = op.get_bind()
    for table in TABLES:
        rows = bind.execute(sa.text(f'SELECT id, name, reading FROM {table}')).fetchall()
        for row_id, name, reading in rows:
            bind.execute(sa.text(f'UPDATE {table} SET name_key = :n, reading_key = :r WHERE id = :id'),
                         {'n': fold(name or '')[:120], 'r': fold(reading or '')[:120], 'id': row_id})


def downgrade():
    for table in TABLES:
        with op.batch_alter_table(table) as batch:
            batch.drop_index(f'ix_{table}_reading_key')
            batch.drop_index(f'ix_{table}_name_key')
            batch.drop_column('reading_key')
            batch.drop_column('name_key')
