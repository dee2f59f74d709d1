"""tie_link, tie_id, tie_report: an event tied to start.gg or Challonge, the ids on both sides and the
queue of set reports sent back (issue 39)

Revision ID: a9c3e5f7b1d2
Revises: e5f7a9b1c3d5
Create Date: 2026-12-05 08:00:00
"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'a9c3e5f7b1d2'
down_revision = 'e5f7a9b1c3d5'
branch_labels = None
depends_on = None

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), "sqlite")


def upgrade():
    op.create_table(
        'tie_link',
        sa.Column('id', ROW_ID, primary_key=True),
        sa.Column('event_id', ROW_ID, sa.ForeignKey('event.id', ondelete='CASCADE'), nullable=False, index=True),
        sa.Column('service', sa.String(20), nullable=False),
        sa.Column('slug', sa.String(300), nullable=False),
        sa.Column('remote_id', sa.String(40), nullable=False),
        sa.Column('videogame_id', sa.String(40), nullable=False),
        # The organiser's API token: no export, mirror, log or page carries it (operations/leave.py).
        sa.Column('token', sa.String(400), nullable=False),
        sa.Column('paused_until', sa.DateTime(timezone=True), nullable=True),
        sa.Column('mark_called', sa.Boolean(), nullable=False, server_default=sa.false()),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.UniqueConstraint('event_id', 'service', name='uq_tie_link_event_service'),
    )
    op.create_table(
        'tie_id',
        sa.Column('id', ROW_ID, primary_key=True),
        sa.Column('link_id', ROW_ID, sa.ForeignKey('tie_link.id', ondelete='CASCADE'), nullable=False, index=True),
        sa.Column('kind', sa.String(20), nullable=False),
        sa.Column('local', sa.String(100), nullable=False),
        sa.Column('remote', sa.String(40), nullable=False),
        sa.UniqueConstraint('link_id', 'kind', 'local', name='uq_tie_id_local'),
    )
    op.create_table(
        'tie_report',
        sa.Column('id', ROW_ID, primary_key=True),
        sa.Column('link_id', ROW_ID, sa.ForeignKey('tie_link.id', ondelete='CASCADE'), nullable=False, index=True),
        sa.Column('match_id', ROW_ID, nullable=False, index=True),
        sa.Column('set_id', sa.String(40), nullable=False),
        sa.Column('body', sa.JSON(), nullable=True),
        sa.Column('state', sa.String(12), nullable=False, index=True),
        sa.Column('attempts', sa.Integer(), nullable=False),
        sa.Column('not_before', sa.DateTime(timezone=True), nullable=True),
        sa.Column('answer', sa.Text(), nullable=False),
        sa.Column('theirs', sa.JSON(), nullable=True),
        sa.Column('sent', sa.JSON(), nullable=True),
        sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
        sa.Column('done_at', sa.DateTime(timezone=True), nullable=True),
    )


def downgrade():
    op.drop_table('tie_report')
    op.drop_table('tie_id')
    op.drop_table('tie_link')
