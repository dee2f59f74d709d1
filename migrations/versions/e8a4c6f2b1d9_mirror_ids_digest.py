"""mirror_link.ids_digest, mirror_target.ids_digest: the start.gg ids pushed with a mirrored event's state,
fingerprinted apart from it, so a venue and a public site of different versions send the state once

Revision ID: e8a4c6f2b1d9
Revises: c8e0a2b4d6f8
Create Date: 2026-12-06 10:00:00
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'e8a4c6f2b1d9'
down_revision = 'c8e0a2b4d6f8'
branch_labels = None
depends_on = None


def upgrade():
    with op.batch_alter_table('mirror_link') as batch:
        batch.add_column(sa.Column('ids_digest', sa.String(length=64), nullable=False, server_default=''))
    with op.batch_alter_table('mirror_target') as batch:
        batch.add_column(sa.Column('ids_digest', sa.String(length=64), nullable=False, server_default=''))


def downgrade():
    with op.batch_alter_table('mirror_target') as batch:
        batch.drop_column('ids_digest')
    with op.batch_alter_table('mirror_link') as batch:
        batch.drop_column('ids_digest')
