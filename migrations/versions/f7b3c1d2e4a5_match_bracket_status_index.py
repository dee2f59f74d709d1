"""match (bracket_id, status) and entrant (event_id, dq) indexes: a Swiss bracket counts its open
matches at every result; a page of pools asks for the event's disqualified players per pool

Revision ID: f7b3c1d2e4a5
Revises: d4a1c2e3f5b6
Create Date: 2026-12-03 17:05:00
"""
from alembic import op

# revision identifiers, used by Alembic.
revision = 'f7b3c1d2e4a5'
down_revision = 'd4a1c2e3f5b6'
branch_labels = None
depends_on = None


def upgrade():
    # A result in a Swiss asks how many of its bracket's matches are still open (is the round
    # over?); by bracket alone that read every match of a 1,024-player Swiss's ten rounds.
    op.create_index('ix_match_bracket_status', 'match', ['bracket_id', 'status'])
    # A page of 16 pools asked 32 times for the event's disqualified players (by event alone:
    # every entrant of a 2,000-player event read each time).
    op.create_index('ix_entrant_event_dq', 'entrant', ['event_id', 'dq'])


def downgrade():
    op.drop_index('ix_entrant_event_dq', table_name='entrant')
    op.drop_index('ix_match_bracket_status', table_name='match')
