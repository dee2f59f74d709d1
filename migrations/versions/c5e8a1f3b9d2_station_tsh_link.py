"""station: the TournamentStreamHelper address the desk links to a stream station, its language,
and when a push to it last failed (the desk's station row says so once)

Revision ID: c5e8a1f3b9d2
Revises: a3c5e7f9b1d2
Create Date: 2026-12-04 17:00:00
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'c5e8a1f3b9d2'
down_revision = 'a3c5e7f9b1d2'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('station') as batch:
        batch.add_column(sa.Column('tsh_url', sa.String(length=200), nullable=False, server_default=''))
        batch.add_column(sa.Column('tsh_language', sa.String(length=5), nullable=False, server_default='ja'))
        batch.add_column(sa.Column('tsh_failed_at', sa.DateTime(timezone=True), nullable=True))
        batch.add_column(sa.Column('tsh_error', sa.String(length=200), nullable=False, server_default=''))


def downgrade():
    with op.batch_alter_table('station') as batch:
        batch.drop_column('tsh_error')
        batch.drop_column('tsh_failed_at')
        batch.drop_column('tsh_language')
        batch.drop_column('tsh_url')
