"""station: which TournamentStreamHelper API the linked TSH speaks (found by a harmless probe,
remembered per link), its scoreboard number (TSH 5.74+ has several), and how long a stream
station keeps a finished match's final score on screen before the next call takes it

Revision ID: d4e6f8a0b2c4
Revises: c1d3e5f7a9b2
Create Date: 2026-12-05 02:00:00
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd4e6f8a0b2c4'
down_revision = 'c1d3e5f7a9b2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('station') as batch:
        batch.add_column(sa.Column('tsh_api', sa.String(length=10), nullable=False, server_default=''))
        batch.add_column(sa.Column('tsh_scoreboard', sa.Integer(), nullable=False, server_default='1'))
        batch.add_column(sa.Column('stream_hold', sa.Integer(), nullable=False, server_default='30'))


def downgrade():
    with op.batch_alter_table('station') as batch:
        batch.drop_column('stream_hold')
        batch.drop_column('tsh_scoreboard')
        batch.drop_column('tsh_api')
