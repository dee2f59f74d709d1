"""start.gg's answers to taikai's queries and mutations (startgg_api), as marshmallow schemas.

Taken from start.gg's published schema (tests/support/startgg_schema.graphql, vendored from its
introspection): there every object and almost every field is nullable, so a null is taken wherever taikai
can do without the value (a slot's entrant before it is known, ``prereqId`` of a seed slot, a set's
``winnerId`` before it is decided, a phase's ``seeds`` before start.gg fills them). Required are only the
values taikai cannot build without: the ids of what it pairs or names (an event, phase, phase group, set,
entrant, character, stage), a seed's number, a game's number. Fields taikai does not ask for are let
through unread.
"""
from marshmallow import fields

from ...tournament.errors import N_
from .answer_shapes import Answer, Id, many, number, one, text


class Ref(Answer):
    """An object taikai reads the id of only (``entrant { id }``)."""

    NOUN = N_("an entrant")
    id = Id(required=True)


class CharacterRef(Ref):
    NOUN = N_("a character")


class StageRef(Ref):
    NOUN = N_("a stage")


class GroupRef(Ref):
    NOUN = N_("a phase group")


class PageInfo(Answer):
    NOUN = N_("a page count")
    total = number()
    totalPages = number()


class Named(Answer):
    """A character or a stage of the videogame."""

    NOUN = N_("a character")
    id = Id(required=True)
    name = text()


class NamedStage(Named):
    NOUN = N_("a stage")


class Videogame(Answer):
    NOUN = N_("a videogame")
    id = Id(allow_none=True)
    name = text()
    displayName = text()
    characters = many(Named)
    stages = many(NamedStage)


class Group(Answer):
    NOUN = N_("a phase group")
    id = Id(required=True)
    displayIdentifier = text()
    bracketType = text()


class Groups(Answer):
    NOUN = N_("a list of phase groups")
    nodes = many(Group)


class Phase(Answer):
    NOUN = N_("a phase")
    id = Id(required=True)
    name = text()
    bracketType = text()
    phaseOrder = number()
    phaseGroups = one(Groups)


class Participant(Answer):
    NOUN = N_("a participant")
    id = Id(allow_none=True)
    gamerTag = text()
    prefix = text()


class Entrant(Answer):
    NOUN = N_("an entrant")
    id = Id(required=True)
    name = text()
    initialSeedNum = number()
    participants = many(Participant)


class Entrants(Answer):
    NOUN = N_("a list of entrants")
    pageInfo = one(PageInfo)
    nodes = many(Entrant)


class Event(Answer):
    NOUN = N_("an event")
    id = Id(required=True)
    name = text()
    slug = text()
    videogame = one(Videogame)
    phases = many(Phase)
    entrants = one(Entrants)


class SeedNum(Answer):
    NOUN = N_("a slot's seed")
    seedNum = number()


class Slot(Answer):
    NOUN = N_("a set's slot")
    entrant = one(Ref)
    prereqType = text()
    prereqId = Id(allow_none=True)
    prereqPlacement = number()
    seed = one(SeedNum)


class GroupSet(Answer):
    NOUN = N_("a set")
    id = Id(required=True)
    round = number()
    identifier = text()
    fullRoundText = text()
    slots = many(Slot)


class Sets(Answer):
    NOUN = N_("a list of sets")
    pageInfo = one(PageInfo)
    nodes = many(GroupSet)


class GroupSets(Answer):
    NOUN = N_("a phase group")
    id = Id(allow_none=True)
    bracketType = text()
    sets = one(Sets)


class Source(Answer):
    NOUN = N_("a seed's progression")
    originPhaseGroup = one(GroupRef)
    originPlacement = number()


class Seed(Answer):
    NOUN = N_("a seed")
    id = Id(allow_none=True)
    seedNum = fields.Integer(required=True, strict=True)
    groupSeedNum = number()
    phaseGroup = one(GroupRef)
    entrant = one(Ref)
    progressionSource = one(Source)


class Seeds(Answer):
    NOUN = N_("a list of seeds")
    pageInfo = one(PageInfo)
    nodes = many(Seed)


class PhaseSeeds(Answer):
    NOUN = N_("a phase")
    id = Id(allow_none=True)
    seeds = one(Seeds)


class Score(Answer):
    NOUN = N_("a slot's score")
    value = fields.Float(allow_none=True)


class Stats(Answer):
    NOUN = N_("a slot's score")
    score = one(Score)


class Standing(Answer):
    NOUN = N_("a slot's score")
    stats = one(Stats)


class HeldSlot(Answer):
    NOUN = N_("a set's slot")
    entrant = one(Ref)
    standing = one(Standing)


class Selection(Answer):
    NOUN = N_("a game's character")
    entrant = one(Ref, required=True)
    character = one(CharacterRef)


class Game(Answer):
    NOUN = N_("a game")
    orderNum = fields.Integer(required=True, strict=True)
    winnerId = Id(allow_none=True)
    entrant1Score = number()
    entrant2Score = number()
    stage = one(StageRef)
    selections = many(Selection)


class SetNow(Answer):
    NOUN = N_("a set")
    id = Id(required=True)
    state = number()
    winnerId = Id(allow_none=True)
    slots = many(HeldSlot)
    games = many(Game)


class Changed(Answer):
    """What a mutation answers: the set it changed."""

    NOUN = N_("a set")
    id = Id(allow_none=True)
    state = number()


class GraphQLError(Answer):
    NOUN = N_("an error")
    message = text()


def _root(name: str, field) -> type[Answer]:
    return Answer.from_dict({name: field}, name=f"{name}Answer")


EVENT = _root("event", one(Event))
GROUP_SETS = _root("phaseGroup", one(GroupSets))
PHASE_SEEDS = _root("phase", one(PhaseSeeds))
SET_NOW = _root("set", one(SetNow))
REPORT = _root("reportBracketSet", many(Changed))
UPDATE = _root("updateBracketSet", one(Changed))
RESET = _root("resetSet", one(Changed))
IN_PROGRESS = _root("markSetInProgress", one(Changed))
ERRORS = GraphQLError(many=True)
