"""player_link (a player's personal link, its token hashed) and signup (public sign-up, waitlist)

Revision ID: a3c5e7f9b1d2
Revises: f7b3c1d2e4a5
Create Date: 2026-12-04 16:50:00
"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = 'a3c5e7f9b1d2'
down_revision = 'f7b3c1d2e4a5'
branch_labels = None
depends_on = None

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), 'sqlite')


def upgrade():
    op.create_table(
        'signup',
        sa.Column('id', ROW_ID, nullable=False),
        sa.Column('event_id', ROW_ID, nullable=False),
        sa.Column('entrant_id', ROW_ID, nullable=True),
        sa.Column('name', sa.String(length=120), nullable=False),
        sa.Column('reading', sa.String(length=120), nullable=False),
        sa.Column('members', sa.JSON(), nullable=False),
        sa.Column('fields', sa.JSON(), nullable=False),
        sa.Column('status', sa.String(length=12), nullable=False),
        sa.Column('address', sa.String(length=64), nullable=False),
        sa.Column('updated_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['entrant_id'], ['entrant.id'], ondelete='SET NULL'),
        sa.PrimaryKeyConstraint('id'),
    )
    op.create_index('ix_signup_event_status', 'signup', ['event_id', 'status'])
    op.create_index('ix_signup_event_address', 'signup', ['event_id', 'address'])
    op.create_table(
        'player_link',
        sa.Column('id', ROW_ID, nullable=False),
        sa.Column('event_id', ROW_ID, nullable=False),
        sa.Column('entrant_id', ROW_ID, nullable=True),
        sa.Column('signup_id', ROW_ID, nullable=True),
        sa.Column('token_hash', sa.String(length=64), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('last_seen_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('revoked_at', sa.DateTime(timezone=True), nullable=True),
        sa.ForeignKeyConstraint(['event_id'], ['event.id'], ondelete='CASCADE'),
        sa.ForeignKeyConstraint(['entrant_id'], ['entrant.id'], ondelete='SET NULL'),
        sa.ForeignKeyConstraint(['signup_id'], ['signup.id'], ondelete='CASCADE'),
        sa.PrimaryKeyConstraint('id'),
        sa.UniqueConstraint('token_hash'),
    )
    op.create_index('ix_player_link_event_id', 'player_link', ['event_id'])
    op.create_index('ix_player_link_entrant_id', 'player_link', ['entrant_id'])
    op.create_index('ix_player_link_signup_id', 'player_link', ['signup_id'])


def downgrade():
    op.drop_index('ix_player_link_signup_id', table_name='player_link')
    op.drop_index('ix_player_link_entrant_id', table_name='player_link')
    op.drop_index('ix_player_link_event_id', table_name='player_link')
    op.drop_table('player_link')
    op.drop_index('ix_signup_event_address', table_name='signup')
    op.drop_index('ix_signup_event_status', table_name='signup')
    op.drop_table('signup')
