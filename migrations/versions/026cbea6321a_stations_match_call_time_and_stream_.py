"""stations, match call time and stream queue, phase calling settings

Revision ID: 026cbea6321a
Revises: f5a1c0de85ec
Create Date: 2026-12-01 03:54:57.326222

"""
from alembic import op
import sqlalchemy as sa


# revision identifiers, used by Alembic.
revision = '026cbea6321a'
down_revision = 'f5a1c0de85ec'
branch_labels = None
depends_on = None


def upgrade():
    
    op.create_table('station',
    sa.Column('id', sa.Integer(), nullable=False),
    sa.Column('event_id', sa.Integer(), nullable=False),
    sa.Column('name', sa.String(length=40), nullable=False),
    sa.Column('stream', sa.Boolean(), nullable=False),
    sa.Column('position', sa.Integer(), nullable=False),
    sa.ForeignKeyConstraint(['event_id'], ['event.id'], name=op.f('fk_station_event_id_event'), ondelete='CASCADE'),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_station')),
    sa.UniqueConstraint('event_id', 'name', name='uq_station_event_name')
    )
    with op.batch_alter_table('station', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_station_event_id'), ['event_id'], unique=False)

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.add_column(sa.Column('called_at', sa.DateTime(timezone=True), nullable=True))
        batch_op.add_column(sa.Column('stream_rank', sa.Integer(), nullable=True))

    with op.batch_alter_table('phase', schema=None) as batch_op:
        batch_op.add_column(sa.Column('calling', sa.JSON(), nullable=False, server_default='{}'))

    


def downgrade():
    
    with op.batch_alter_table('phase', schema=None) as batch_op:
        batch_op.drop_column('calling')

    with op.batch_alter_table('match', schema=None) as batch_op:
        batch_op.drop_column('stream_rank')
        batch_op.drop_column('called_at')

    with op.batch_alter_table('station', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_station_event_id'))

    op.drop_table('station')
    
