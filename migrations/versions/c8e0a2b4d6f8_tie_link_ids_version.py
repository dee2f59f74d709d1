"""tie_link.ids_version: moved whenever the ids a link knows change (added, changed or cleared), so the
sender's catch-up knows from one number whether what it reads of them is still what it read (issue 39)

Revision ID: c8e0a2b4d6f8
Revises: b7d9f1a3c5e7
Create Date: 2026-12-05 18:05:00
"""
import sqlalchemy as sa
from alembic import op

revision = 'c8e0a2b4d6f8'
down_revision = "b7d9f1a3c5e7"
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('tie_link') as batch:
        batch.add_column(sa.Column('ids_version', sa.Integer(), nullable=False, server_default='0'))


def downgrade():
    with op.batch_alter_table('tie_link') as batch:
        batch.drop_column('ids_version')
