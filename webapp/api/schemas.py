"""marshmallow schemas of the read API's answers: each answer is dumped through its schema, so
only the fields named here leave, and the OpenAPI document (openapi.py) is made from them."""
from marshmallow import Schema, fields, validate

LANGS = ("ja", "en")


class LangQuerySchema(Schema):
    """?lang=ja|en: the language of round names and characters (ja when absent)."""

    lang = fields.String(validate=validate.OneOf(LANGS), metadata={"description": "ja (default) or en"})


class PhaseSummarySchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    format = fields.String(required=True)
    match_type = fields.String(required=True)
    best_of = fields.Integer(required=True)
    status = fields.String(required=True, metadata={"description": "draft | running | done"})
    position = fields.Integer(required=True)
    groups = fields.List(fields.String(), required=True, metadata={"description": "each bracket's group label"})


class EventSchema(Schema):
    slug = fields.String(required=True)
    name = fields.String(required=True)
    game = fields.String(required=True, metadata={"description": "the game catalogue's key"})
    ruleset = fields.String(required=True)
    day = fields.Date(required=True, allow_none=True)
    entrant_kind = fields.String(required=True, metadata={"description": "player | team"})
    team_size = fields.Integer(required=True)
    phases = fields.List(fields.Nested(PhaseSummarySchema), required=True)


class EventListSchema(Schema):
    events = fields.List(fields.Nested(EventSchema), required=True)


class MemberSchema(Schema):
    name = fields.String(required=True)
    reading = fields.String(required=True, metadata={"description": "kana"})
    character = fields.String(required=True, metadata={"description": "registered character, if any"})


class EntrantSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    reading = fields.String(required=True, metadata={"description": "kana"})
    seed = fields.Integer(required=True, allow_none=True)
    disqualified = fields.Boolean(required=True)
    members = fields.List(fields.Nested(MemberSchema), required=True)


class EntrantListSchema(Schema):
    entrants = fields.List(fields.Nested(EntrantSchema), required=True)


class StandingSchema(Schema):
    rank = fields.Integer(required=True)
    rank_to = fields.Integer(required=True, metadata={"description": "last place of a shared rank"})
    entrant_id = fields.Integer(required=True)
    name = fields.String(required=True)


class StandingsSchema(Schema):
    standings = fields.List(fields.Nested(StandingSchema), required=True)


class GameSchema(Schema):
    number = fields.Integer(required=True)
    winner = fields.String(required=True, metadata={"description": "a | b | '' (a draw)"})
    character_a = fields.String(required=True)
    character_b = fields.String(required=True)
    stage = fields.String(required=True)
    player_a = fields.String(required=True, metadata={"description": "the member who played (team matches)"})
    player_b = fields.String(required=True)
    rounds_a = fields.Integer(required=True)
    rounds_b = fields.Integer(required=True)
    decided_by = fields.String(required=True, metadata={"description": "'' or the penalty that decided it"})
    characters_a = fields.List(fields.String(), required=True,
                               metadata={"description": "side a's characters in order (KOF XV: three, 2XKO: two)"})
    characters_b = fields.List(fields.String(), required=True)


class MatchSchema(Schema):
    id = fields.Integer(required=True)
    key = fields.String(required=True)
    side = fields.String(required=True)
    round = fields.Integer(required=True)
    index = fields.Integer(required=True)
    round_name = fields.String(required=True)
    name = fields.String(required=True)
    status = fields.String(required=True, metadata={"description": "pending | ready | done | bye"})
    entrant_a = fields.Integer(required=True, allow_none=True)
    entrant_b = fields.Integer(required=True, allow_none=True)
    winner = fields.Integer(required=True, allow_none=True)
    walkover = fields.Boolean(required=True)
    disqualification = fields.Boolean(required=True)
    score = fields.List(fields.Integer(), required=True, allow_none=True)
    station = fields.String(required=True)
    best_of = fields.Integer(required=True)
    games = fields.List(fields.Nested(GameSchema), required=True)
    score_unit = fields.String(required=True, metadata={"description": "what a game's rounds_a/rounds_b count: "
                                                                      "rounds | stocks (the stocks left)"})


class BracketSchema(Schema):
    id = fields.Integer(required=True)
    label = fields.String(required=True)
    format = fields.String(required=True)
    matches = fields.List(fields.Nested(MatchSchema), required=True)


class PhaseSchema(PhaseSummarySchema):
    brackets = fields.List(fields.Nested(BracketSchema), required=True)


class CellSchema(Schema):
    match_id = fields.Integer(required=True)
    kind = fields.String(required=True, metadata={"description": "won | lost | walkover_won | walkover_lost | open"})
    score = fields.List(fields.Integer(), required=True, allow_none=True)


class PoolRowSchema(Schema):
    entrant_id = fields.Integer(required=True)
    rank = fields.Integer(required=True)
    rank_to = fields.Integer(required=True)
    wins = fields.Integer(required=True)
    losses = fields.Integer(required=True)
    cells = fields.List(fields.List(fields.Nested(CellSchema)), required=True,
                        metadata={"description": "one cell per column of `order` (round robin)"})


class PoolSchema(Schema):
    label = fields.String(required=True)
    kind = fields.String(required=True, metadata={"description": "round_robin | swiss"})
    finished = fields.Boolean(required=True)
    order = fields.List(fields.Integer(), required=True, metadata={"description": "entrant ids of the columns"})
    rows = fields.List(fields.Nested(PoolRowSchema), required=True)


class PoolsSchema(Schema):
    pools = fields.List(fields.Nested(PoolSchema), required=True)


class StationSchema(Schema):
    name = fields.String(required=True)
    stream = fields.Boolean(required=True)
    state = fields.String(required=True, metadata={"description": "free | called | playing"})
    match_id = fields.Integer(required=True, allow_none=True)
    minutes = fields.Integer(required=True, allow_none=True, metadata={"description": "since the call"})


class QueuedSchema(Schema):
    match_id = fields.Integer(required=True)
    name = fields.String(required=True)
    phase_id = fields.Integer(required=True)
    entrant_a = fields.Integer(required=True, allow_none=True)
    entrant_b = fields.Integer(required=True, allow_none=True)


class StationBoardSchema(Schema):
    stations = fields.List(fields.Nested(StationSchema), required=True)
    queue = fields.List(fields.Nested(QueuedSchema), required=True, metadata={"description": "calling order"})
    stream_queue = fields.List(fields.Nested(QueuedSchema), required=True)


class PlayingSchema(Schema):
    a = fields.String(required=True)
    b = fields.String(required=True)


class SidesSchema(Schema):
    a = fields.Nested(EntrantSchema, required=True, allow_none=True)
    b = fields.Nested(EntrantSchema, required=True, allow_none=True)


class StreamMemberSchema(Schema):
    id = fields.Integer(required=True)
    name = fields.String(required=True)
    reading = fields.String(required=True)
    romaji = fields.String(required=True, metadata={"description": "the reading in Latin letters"})
    character = fields.String(required=True)
    out = fields.Boolean(required=True, metadata={"description": "kachinuki: knocked out"})
    playing = fields.Boolean(required=True, metadata={"description": "kachinuki: on now"})


class StreamSideSchema(Schema):
    entrant_id = fields.Integer(required=True, allow_none=True)
    name = fields.String(required=True)
    reading = fields.String(required=True)
    romaji = fields.String(required=True)
    team = fields.Boolean(required=True)
    members = fields.List(fields.Nested(StreamMemberSchema), required=True)
    score = fields.Integer(required=True)
    losers = fields.Boolean(required=True, metadata={"description": "came through the losers side ([L])"})
    players_left = fields.Integer(required=True, allow_none=True)
    winner = fields.Boolean(required=True)
    dq = fields.Boolean(required=True)


class StreamGameSchema(Schema):
    number = fields.Integer(required=True)
    char_a = fields.String(required=True)
    char_b = fields.String(required=True)
    member_a = fields.Integer(required=True, allow_none=True)
    member_b = fields.Integer(required=True, allow_none=True)
    winner = fields.String(required=True, allow_none=True)
    score_a = fields.Integer(required=True, metadata={"description": "the match's score after this game"})
    score_b = fields.Integer(required=True)


class StreamLiveSchema(Schema):
    """What the stream scoreboard (TournamentStreamHelper, the overlay) reads: services/stream/match_live.py."""

    match_id = fields.Integer(required=True)
    version = fields.Integer(required=True)
    event_slug = fields.String(required=True)
    event_name = fields.String(required=True)
    game = fields.String(required=True)
    phase = fields.String(required=True)
    round = fields.String(required=True)
    title = fields.String(required=True)
    best_of = fields.Integer(required=True)
    match_type = fields.String(required=True)
    kachinuki = fields.Boolean(required=True)
    losers_side = fields.Boolean(required=True)
    status = fields.String(required=True)
    station = fields.String(required=True)
    a = fields.Nested(StreamSideSchema, required=True)
    b = fields.Nested(StreamSideSchema, required=True)
    games = fields.List(fields.Nested(StreamGameSchema), required=True)
    winner = fields.String(required=True, allow_none=True)


class LiveMatchSchema(MatchSchema):
    phase_id = fields.Integer(required=True)
    match_type = fields.String(required=True)
    state = fields.String(required=True, metadata={"description": "waiting | called | playing | done"})
    players_left = fields.List(fields.Integer(), required=True, allow_none=True,
                               metadata={"description": "kachinuki: members of each side not yet out"})
    names = fields.Nested(SidesSchema, required=True)
    playing = fields.Nested(PlayingSchema, required=True, metadata={"description": "who is on now (team matches)"})
    stream = fields.Nested(StreamLiveSchema, required=True,
                           metadata={"description": "the stream scoreboard's shape (romaji, [L], scores)"})


class ProblemSchema(Schema):
    error = fields.String(required=True)
    message = fields.String(required=True)
