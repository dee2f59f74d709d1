"""bracket.wave: the wave a pool is played in (many pools on one day: a wave's pools are called first)

Revision ID: c1d3e5f7a9b2
Revises: b8e2d4f6a1c3
Create Date: 2026-12-05 01:40:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'c1d3e5f7a9b2'
down_revision = 'b8e2d4f6a1c3'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('bracket') as batch:
        batch.add_column(sa.Column('wave', sa.Integer(), nullable=False, server_default='0'))


def downgrade():
    with op.batch_alter_table('bracket') as batch:
        batch.drop_column('wave')
