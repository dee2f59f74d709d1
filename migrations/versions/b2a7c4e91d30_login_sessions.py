"""login_session: one row per signed-in phone (sign-out ends that one alone); user.phone_hash

Revision ID: b2a7c4e91d30
Revises: 4c8e2f7a9b15
Create Date: 2026-12-03 16:30:00.000000

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'b2a7c4e91d30'
down_revision = '4c8e2f7a9b15'
branch_labels = None
depends_on = None

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), 'sqlite')


def upgrade():
    op.create_table(
        'login_session',
        sa.Column('id', ROW_ID, nullable=False),
        sa.Column('user_id', ROW_ID, nullable=False),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('phone_hash', sa.String(length=64), nullable=True),
        sa.Column('phone_kind', sa.String(length=40), nullable=False),
        sa.Column('outbox_device', sa.String(length=64), nullable=True),
        sa.Column('started_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('ended_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['user_id'], ['user.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    with op.batch_alter_table('login_session', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_login_session_user_id'), ['user_id'], unique=False)
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.add_column(sa.Column('phone_hash', sa.String(length=64), nullable=True))


def downgrade():
    with op.batch_alter_table('user', schema=None) as batch_op:
        batch_op.drop_column('phone_hash')
    with op.batch_alter_table('login_session', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_login_session_user_id'))
    op.drop_table('login_session')
