"""player_report: a player's own report of their match, waiting for the opponent's confirmation

Revision ID: b8e2d4f6a1c3
Revises: a8d2c4e6f1b3
Create Date: 2026-12-04 17:00:00
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'b8e2d4f6a1c3'
down_revision = 'a8d2c4e6f1b3'
branch_labels = None
depends_on = None

_ID = sa.BigInteger().with_variant(sa.Integer(), 'sqlite')


def upgrade():
    op.create_table(
        'player_report',
        sa.Column('id', _ID, primary_key=True),
        sa.Column('event_id', _ID, sa.ForeignKey('event.id', ondelete='CASCADE'), nullable=False),
        sa.Column('match_id', _ID, sa.ForeignKey('match.id', ondelete='CASCADE'), nullable=False),
        sa.Column('entrant_id', _ID, sa.ForeignKey('entrant.id', ondelete='CASCADE'), nullable=False),
        sa.Column('status', sa.String(12), nullable=False),
        sa.Column('entries', sa.JSON(), nullable=False),
        sa.Column('slots_version', sa.Integer(), nullable=False),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('completed_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('decided_at', sa.DateTime(timezone=True), nullable=True),
        sa.Column('decided_by', sa.String(12), nullable=True),
        sa.Column('decided_user', _ID, sa.ForeignKey('user.id', ondelete='SET NULL'), nullable=True),
        sa.Column('dispute_note', sa.String(200), nullable=False),
    )
    op.create_index('ix_player_report_event_id', 'player_report', ['event_id'])
    op.create_index('ix_player_report_match_id', 'player_report', ['match_id'])
    op.create_index('ix_player_report_status', 'player_report', ['status'])


def downgrade():
    op.drop_table('player_report')
