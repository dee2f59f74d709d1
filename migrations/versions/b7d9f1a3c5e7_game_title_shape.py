"""game_title.shape: a desk title's own shape (what the score counts, stocks, characters a side and their
order, whether 1P/2P exists), as the shipped titles' files have it (issue 40)

Revision ID: b7d9f1a3c5e7
Revises: a9c3e5f7b1d2
Create Date: 2026-12-05 08:20:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'b7d9f1a3c5e7'
down_revision = "a9c3e5f7b1d2"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('game_title') as batch:
        batch.add_column(sa.Column('shape', sa.JSON(), nullable=False, server_default='{}'))


def downgrade():
    with op.batch_alter_table('game_title') as batch:
        batch.drop_column('shape')
