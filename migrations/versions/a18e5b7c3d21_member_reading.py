"""member.reading: the kana reading of a team member's name (search and あいうえお order)

Revision ID: a18e5b7c3d21
Revises: 7c3d9e4f1a20
Create Date: 2026-12-01 21:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a18e5b7c3d21'
down_revision = '7c3d9e4f1a20'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.add_column(sa.Column('reading', sa.String(length=120), server_default='', nullable=False))


def downgrade():
    with op.batch_alter_table('member', schema=None) as batch_op:
        batch_op.drop_column('reading')
