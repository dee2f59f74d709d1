"""entrant.age_group: "" (18 or over, or not said), "u18" or "u16", for the curfew warnings
(風営法: under-16 out by 18:00, under-18 by 22:00 without a guardian)

Revision ID: a8d2c4e6f1b3
Revises: f7b3c1d2e4a5
Create Date: 2026-12-04 17:00:00
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a8d2c4e6f1b3'
down_revision = 'f7b3c1d2e4a5'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('entrant') as batch:
        batch.add_column(sa.Column('age_group', sa.String(length=4), nullable=False, server_default=''))


def downgrade():
    with op.batch_alter_table('entrant') as batch:
        batch.drop_column('age_group')
