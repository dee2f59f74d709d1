"""event.entrants_version: bumped when an entrant or member of the event changes (bracket blocks' key)

Revision ID: 4c8e2f7a9b15
Revises: d17a5e9c3b21
Create Date: 2026-12-03 07:45:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '4c8e2f7a9b15'
down_revision = 'd17a5e9c3b21'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.add_column(sa.Column('entrants_version', sa.Integer(), server_default='1', nullable=False))


def downgrade():
    with op.batch_alter_table('event', schema=None) as batch_op:
        batch_op.drop_column('entrants_version')
