"""credential generations: a changed staff PIN or desk password signs out old sessions

Revision ID: f5a1c0de85ec
Revises: 5a9e1c7d2b40
Create Date: 2026-12-01 03:40:00

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'f5a1c0de85ec'
down_revision = '5a9e1c7d2b40'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('staff_pin_generation', sa.Integer(), nullable=False, server_default='0'))
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('credential_generation', sa.Integer(), nullable=False, server_default='0'))


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('credential_generation')
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('staff_pin_generation')
