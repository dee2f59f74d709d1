"""operation.outcome index: held entries are looked up on every sync batch

Revision ID: 5a9e1c7d2b40
Revises: b1d0f3af5dd3
Create Date: 2026-12-01 03:55:00.000000

"""
from alembic import op

# revision identifiers, used by Alembic.
revision = '5a9e1c7d2b40'
down_revision = 'b1d0f3af5dd3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_operation_outcome'), ['outcome'], unique=False)


def downgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_operation_outcome'))
