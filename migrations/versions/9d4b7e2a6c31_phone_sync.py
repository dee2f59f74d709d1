"""phone_sync: each staff phone's last sync, entries it reported waiting, persistent storage

Revision ID: 9d4b7e2a6c31
Revises: a18e5b7c3d21
Create Date: 2026-12-01 21:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = '9d4b7e2a6c31'
down_revision = 'a18e5b7c3d21'
branch_labels = None
depends_on = None


def upgrade():
    op.create_table(
        'phone_sync',
        sa.Column('id', sa.Integer(), nullable=False),
        sa.Column('device_id', sa.String(length=64), nullable=False),
        sa.Column('user_id', sa.Integer(), nullable=True),
        sa.Column('event_id', sa.Integer(), nullable=True),
        sa.Column('staff_name', sa.String(length=120), nullable=False),
        sa.Column('last_sync_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('waiting', sa.Integer(), nullable=False),
        sa.Column('persisted', sa.Boolean(), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['event.id'], name='fk_phone_sync_event_id_event', ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['user_id'], ['user.id'], name='fk_phone_sync_user_id_user', ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id', name='pk_phone_sync'),
        sa.UniqueConstraint('device_id', name='uq_phone_sync_device_id'),
    )
    with op.batch_alter_table('phone_sync', schema=None) as batch_op:
        batch_op.create_index('ix_phone_sync_event_id', ['event_id'], unique=False)


def downgrade():
    with op.batch_alter_table('phone_sync', schema=None) as batch_op:
        batch_op.drop_index('ix_phone_sync_event_id')
    op.drop_table('phone_sync')
