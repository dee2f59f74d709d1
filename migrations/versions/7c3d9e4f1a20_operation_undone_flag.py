"""operation.undone: a void's undoing of an entry, indexed (every sync asks for the device's)

Revision ID: 7c3d9e4f1a20
Revises: 026cbea6321a
Create Date: 2026-12-01 12:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '7c3d9e4f1a20'
down_revision = '026cbea6321a'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.add_column(sa.Column('undone', sa.Boolean(), server_default=sa.false(), nullable=False))
        batch_op.create_index('ix_operation_device_undone', ['device_id', 'undone'], unique=False)
    # Entries undone before the flag existed carry the reason in params: flag them once.
    operation = sa.table('operation', sa.column('params', sa.String), sa.column('undone', sa.Boolean))
    op.execute(operation.update().where(sa.cast(operation.c.params, sa.String).like('%"undone"%'))
               .values(undone=True))


def downgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.drop_index('ix_operation_device_undone')
        batch_op.drop_column('undone')
