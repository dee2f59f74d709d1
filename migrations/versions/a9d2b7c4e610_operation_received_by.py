"""operation.received_by: the desk account that took a shared phone's entries for the person who made them

Revision ID: a9d2b7c4e610
Revises: 9d4b7e2a6c31
Create Date: 2026-12-01 21:40:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a9d2b7c4e610'
down_revision = '9d4b7e2a6c31'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.add_column(sa.Column('received_by', sa.Integer(), nullable=True))
        batch_op.create_foreign_key('fk_operation_received_by_user', 'user', ['received_by'], ['id'],
                                    ondelete='SET NULL')


def downgrade():
    with op.batch_alter_table('operation', schema=None) as batch_op:
        batch_op.drop_constraint('fk_operation_received_by_user', type_='foreignkey')
        batch_op.drop_column('received_by')
