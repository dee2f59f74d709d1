"""Challonge's API v1 answers taikai reads (challonge_api), as marshmallow schemas.

From Challonge's v1 documentation (api.challonge.com/v1: tournaments show with ``include_participants``
and ``include_matches``, matches show and update, reopen) and what its answers hold: every object comes
wrapped in its kind (``{"tournament": …}``, ``{"participant": …}``, ``{"match": …}``); ids are numbers;
``player1_id``/``player2_id``, ``winner_id``, the prerequisite match ids, ``group_id`` and a participant's
``seed`` are null until known; ``scores_csv`` is "" or null before a result. A refusal is
``{"errors": ["…", …]}``. Required are only a tournament's and a match's and a participant's ids.
"""
from marshmallow import fields

from ...tournament.errors import N_
from .answer_shapes import Answer, Id, many, number, one, text


class Participant(Answer):
    NOUN = N_("a participant")
    id = Id(required=True)
    name = text()
    seed = number()


class WrappedParticipant(Answer):
    NOUN = N_("a participant")
    participant = one(Participant, required=True)


class Match(Answer):
    NOUN = N_("a match")
    id = Id(required=True)
    state = text()
    group_id = Id(allow_none=True)
    player1_id = Id(allow_none=True)
    player2_id = Id(allow_none=True)
    player1_prereq_match_id = Id(allow_none=True)
    player2_prereq_match_id = Id(allow_none=True)
    player1_is_prereq_match_loser = fields.Boolean(allow_none=True)
    player2_is_prereq_match_loser = fields.Boolean(allow_none=True)
    winner_id = Id(allow_none=True)
    scores_csv = text()


class WrappedMatch(Answer):
    NOUN = N_("a match")
    match = one(Match, required=True)


class Tournament(Answer):
    NOUN = N_("a tournament")
    id = Id(required=True)
    name = text()
    tournament_type = text()
    group_stages_enabled = fields.Boolean(allow_none=True)
    participants = many(WrappedParticipant)
    matches = many(WrappedMatch)


TOURNAMENT = Answer.from_dict({"tournament": one(Tournament, required=True)}, name="TournamentAnswer")
MATCH = Answer.from_dict({"match": one(Match, required=True)}, name="MatchAnswer")
ERRORS = fields.List(fields.String())
