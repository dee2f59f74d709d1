"""game catalogue: titles and characters added at the desk; event.game holds a catalogue key

Revision ID: d4a1c2e3f5b6
Revises: b2a7c4e91d30
Create Date: 2026-12-03 16:30:00.000000

"""
import sqlalchemy as sa
from alembic import op

# revision identifiers, used by Alembic.
revision = 'd4a1c2e3f5b6'
down_revision = 'b2a7c4e91d30'
branch_labels = None
depends_on = None

ROW_ID = sa.BigInteger().with_variant(sa.Integer(), 'sqlite')


def upgrade():
    op.create_table('game_title',
    sa.Column('id', ROW_ID, nullable=False),
    sa.Column('key', sa.String(length=40), nullable=False),
    sa.Column('name_ja', sa.String(length=120), nullable=False),
    sa.Column('name_en', sa.String(length=120), nullable=False),
    sa.Column('aliases', sa.JSON(), nullable=False),
    sa.Column('rounds_to_win', sa.Integer(), nullable=False),
    sa.Column('stage_choice', sa.Boolean(), nullable=False),
    sa.Column('side_choice', sa.Boolean(), nullable=False),
    sa.Column('double_ko', sa.String(length=20), nullable=False),
    sa.Column('minutes_per_set', sa.Integer(), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_title')),
    sa.UniqueConstraint('key', name=op.f('uq_game_title_key'))
    )
    op.create_table('game_entry',
    sa.Column('id', ROW_ID, nullable=False),
    sa.Column('game_key', sa.String(length=40), nullable=False),
    sa.Column('kind', sa.String(length=10), nullable=False),
    sa.Column('key', sa.String(length=60), nullable=False),
    sa.Column('en', sa.String(length=120), nullable=False),
    sa.Column('ja', sa.String(length=120), nullable=False),
    sa.Column('kana', sa.String(length=120), nullable=False),
    sa.Column('created_at', sa.DateTime(timezone=True), nullable=False),
    sa.PrimaryKeyConstraint('id', name=op.f('pk_game_entry')),
    sa.UniqueConstraint('game_key', 'kind', 'key', name='uq_game_entry_key')
    )
    with op.batch_alter_table('game_entry', schema=None) as batch_op:
        batch_op.create_index(batch_op.f('ix_game_entry_game_key'), ['game_key'], unique=False)
    _games_to_keys()


def _games_to_keys():
    """event.game was free text ("TEKKEN 7", "KGP2025 1on1"): the catalogue key it names, when it
    names one (an unknown name stays as typed and reads as "other game")."""
    from webapp.tournament.games import key_for_event
    conn = op.get_bind()
    event = sa.table('event', sa.column('id', sa.Integer), sa.column('game', sa.String),
                     sa.column('ruleset', sa.String))
    for row in conn.execute(sa.select(event.c.id, event.c.game, event.c.ruleset)).fetchall():
        key = key_for_event(row.game, row.ruleset)
        if key != row.game and (key != 'other' or not (row.game or '').strip()):
            conn.execute(event.update().where(event.c.id == row.id).values(game=key))


def downgrade():
    with op.batch_alter_table('game_entry', schema=None) as batch_op:
        batch_op.drop_index(batch_op.f('ix_game_entry_game_key'))
    op.drop_table('game_entry')
    op.drop_table('game_title')
