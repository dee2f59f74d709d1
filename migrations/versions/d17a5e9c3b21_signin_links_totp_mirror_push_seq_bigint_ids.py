"""sign-in link generations, desk TOTP, mirror push numbers; row ids BIGINT on PostgreSQL

A public site keeps each mirror link's rows far above its own ids (2^30 + link × 2^22):
from the 256th link on they no longer fit a PostgreSQL INTEGER, so every primary and
foreign key (and the log's event and match, the venue operation ids a mirror keeps) becomes BIGINT there. SQLite's
INTEGER is already 64-bit (and is the rowid), so nothing changes there.

Revision ID: d17a5e9c3b21
Revises: a9d2b7c4e610
Create Date: 2026-12-01 21:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'd17a5e9c3b21'
down_revision = 'a9d2b7c4e610'
branch_labels = None
depends_on = None

# Ids outside any key (the log's match and event, the venue operation ids a mirror keeps).
LOOSE_ROW_IDS = (("operation", "event_id"), ("operation", "match_id"), ("mirror_link", "seq"),
                 ("mirror_target", "acked_seq"))

# Every integer column that is (part of) a primary or foreign key, and the sequences behind them.
KEY_COLUMNS = """
SELECT DISTINCT c.table_name, c.column_name
FROM information_schema.columns c
JOIN information_schema.key_column_usage k
  ON k.table_schema = c.table_schema AND k.table_name = c.table_name AND k.column_name = c.column_name
JOIN information_schema.table_constraints t
  ON t.constraint_schema = k.constraint_schema AND t.constraint_name = k.constraint_name
WHERE c.table_schema = current_schema() AND c.data_type = :type
  AND t.constraint_type IN ('PRIMARY KEY', 'FOREIGN KEY') AND c.table_name <> 'alembic_version'
"""
SEQUENCES = "SELECT sequence_name FROM information_schema.sequences WHERE sequence_schema = current_schema()"


def _retype(old: str, new: str) -> None:
    bind = op.get_bind()
    columns = set(bind.execute(sa.text(KEY_COLUMNS), {"type": old}).all()) | set(LOOSE_ROW_IDS)
    for table, column in sorted(columns):
        op.execute(f'ALTER TABLE "{table}" ALTER COLUMN "{column}" TYPE {new}')
    for (sequence,) in bind.execute(sa.text(SEQUENCES)).all():
        op.execute(f'ALTER SEQUENCE "{sequence}" AS {new}')


def upgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('signin_generation', sa.Integer(), nullable=False, server_default='0'))
        batch_op.add_column(sa.Column('totp_secret', sa.String(length=64), nullable=True))
    with op.batch_alter_table('station', schema=None) as batch_op:
        batch_op.add_column(sa.Column('signin_generation', sa.Integer(), nullable=False, server_default='0'))
    for table in ('mirror_link', 'mirror_target'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.add_column(sa.Column('push_seq', sa.Integer(), nullable=False, server_default='0'))
    if op.get_bind().dialect.name == 'postgresql':
        _retype('integer', 'bigint')


def downgrade():
    if op.get_bind().dialect.name == 'postgresql':
        _retype('bigint', 'integer')
    for table in ('mirror_target', 'mirror_link'):
        with op.batch_alter_table(table, schema=None) as batch_op:
            batch_op.drop_column('push_seq')
    with op.batch_alter_table('station', schema=None) as batch_op:
        batch_op.drop_column('signin_generation')
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('totp_secret')
        batch_op.drop_column('signin_generation')
