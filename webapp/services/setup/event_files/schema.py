"""The event file's marshmallow schema: what a setup spec may hold, its defaults, and nothing else.

Every schema refuses unknown keys, so a file cannot reach a field the file format does not name
(a PIN, a template, an internal flag). The rule settings are the rules page's own schema
(services/setup/rule_settings.py); formats, match types, rule sets and plans come from their registries.
"""
import datetime

from marshmallow import RAISE, Schema, ValidationError, fields, validate, validates_schema

from ....tournament.curfew import PREFECTURES
from ....tournament.errors import N_
from ....tournament.event_plans import TEMPLATES
from ....tournament.formats import FORMATS
from ....tournament.formats.double_elimination import TOP_CUTS
from ....tournament.play import MATCH_TYPES
from ....tournament.pool_standings import DQ_POLICIES
from ....tournament.pool_standings import TIEBREAKS as POOL_TIEBREAKS
from ....tournament.round_best_of import RULES as ROUND_RULES
from ....tournament.rulesets import RULESETS
from ....tournament.rulesets.build import BEST_OF
from ....tournament.swiss_standings import TIEBREAKS as SWISS_TIEBREAKS
from ...matches.seeding import SEPARATIONS
from ..rule_settings import RuleSettingsSchema

KINDS = {"1on1": "player", "team": "team"}
CLOCK = ("start_time", "checkin_opens", "checkin_closes", "venue_closes")
TEAM_FORMATS = tuple(name for name, kind in MATCH_TYPES.items() if kind.team)
PHASE_FORMATS = tuple(name for name, f in FORMATS.items() if not f.multi and not f.template_only)
# Each format's own options and their defaults (the desk's phase form sends the same ones).
FORMAT_OPTIONS = {
    "double_elimination": {"grand_final": "reset", "stop_at_top": 0},  # 0: played down to a champion
    "single_elimination": {"third_place": False},
    "round_robin": {"double": False, "tiebreaks": list(POOL_TIEBREAKS), "dq_policy": "walkover",
                    "tie_resolution": "playoff"},
    "swiss": {"rounds": 0, "tiebreaks": ["buchholz", "median_buchholz", "opponents_win", "head_to_head"]},
}
MAX_PHASES = 12
MAX_STATIONS = 200

TOO_LONG = N_("is empty or too long")
TOO_MANY = N_("has too many items")
STATION_NAME = validate.Length(min=1, max=40, error=TOO_LONG)
ODD_BEST_OF = N_("must be an odd number from 1 to 7")
NOT_HH_MM = N_("must be a time of day written HH:MM (09:30)")
HH_MM = validate.Regexp(r"^(([01]\d|2[0-3]):[0-5]\d)?$", error=NOT_HH_MM)
LINE_TIME = validate.Regexp(r"^[0-2]\d:[0-5]\d$", error=NOT_HH_MM)  # a timetable line may say 25:30
MAX_LINES = 40  # services/day/timetables.LINES_MAX
ONE_OF = "one of: "  # the check's refusal lists the choices after its own translated words


def _one_of(choices) -> validate.OneOf:
    return validate.OneOf(tuple(choices), error=ONE_OF + "{choices}")


class DayField(fields.Field):
    """A TOML date (day = 2026-12-12) or the same written as a string."""

    def _deserialize(self, value, attr, data, **kwargs):
        if isinstance(value, datetime.datetime):
            raise ValidationError(N_("must be a date (2026-12-12), without a time"))
        if isinstance(value, datetime.date):
            return value
        try:
            return datetime.date.fromisoformat(str(value))
        except ValueError:
            raise ValidationError(N_("must be a date (2026-12-12), without a time")) from None


class Strict(Schema):
    class Meta:
        unknown = RAISE


class RulesSpec(RuleSettingsSchema):
    """The rule-set preset and its settings (the fee is the event's own `fee`)."""

    class Meta:
        unknown = RAISE
        exclude = ("entry_fee_yen",)

    preset = fields.String(load_default="", validate=_one_of(("", *RULESETS)))


class PhaseRules(RuleSettingsSchema):
    """A phase's overrides of the event's rules."""

    class Meta:
        unknown = RAISE
        exclude = ("entry_fee_yen",)


class ByRound(Strict):
    """Later rounds at another best-of (tournament/round_best_of.py)."""

    start = fields.String(required=True, data_key="from", validate=_one_of(ROUND_RULES))
    best_of = fields.Integer(required=True, validate=validate.OneOf(BEST_OF, error=ODD_BEST_OF))


class Advance(Strict):
    """Who of an earlier phase enters this one: the top `count` of each pool or the best `count` overall."""

    source = fields.Integer(load_default=0, data_key="from", validate=validate.Range(min=0, max=MAX_PHASES))
    mode = fields.String(required=True, validate=_one_of(("top", "best", "sides")))
    count = fields.Integer(load_default=0, validate=validate.Range(min=0, max=4096))  # sides: the pools' cut says


class PhaseSpec(Strict):
    name = fields.String(required=True, validate=validate.Length(min=1, max=120, error=TOO_LONG))
    format = fields.String(required=True, validate=_one_of(PHASE_FORMATS))
    match_type = fields.String(load_default="", validate=_one_of(("", *MATCH_TYPES)))
    best_of = fields.Integer(load_default=3, validate=validate.OneOf(BEST_OF, error=ODD_BEST_OF))
    best_of_by_round = fields.Nested(ByRound, load_default=None, allow_none=True)
    pools = fields.Integer(load_default=1, validate=validate.Range(min=1, max=256))
    pool_size = fields.Integer(load_default=0, validate=validate.Range(min=0, max=64))
    pools_per_wave = fields.Integer(load_default=0, validate=validate.Range(min=0, max=256))  # 0: one wave
    advance = fields.Nested(Advance, load_default=None, allow_none=True)
    separate = fields.String(load_default="", validate=_one_of(("", *SEPARATIONS)))
    grand_final = fields.String(validate=_one_of(("none", "single", "reset")))
    stop_at_top = fields.Integer(validate=validate.OneOf((0, *TOP_CUTS)))
    third_place = fields.Boolean()
    double = fields.Boolean()
    tiebreaks = fields.List(fields.String(validate=_one_of((*POOL_TIEBREAKS, *SWISS_TIEBREAKS))))
    dq_policy = fields.String(validate=_one_of(DQ_POLICIES))
    tie_resolution = fields.String(validate=_one_of(("playoff", "draw")))
    rounds = fields.Integer(validate=validate.Range(min=0, max=30))
    rules = fields.Nested(PhaseRules, load_default=dict)
    auto_call = fields.Boolean(load_default=False)
    auto_walkover = fields.Boolean(load_default=False)
    no_show_minutes = fields.Integer(load_default=0, validate=validate.Range(min=0, max=120))  # 0: the event's

    @validates_schema
    def _format_options(self, data, **_kw):
        """A format's options only on a phase of that format."""
        known = FORMAT_OPTIONS.get(data.get("format"), {})
        every = {k for options in FORMAT_OPTIONS.values() for k in options}
        for key in every & set(data) - set(known):
            raise ValidationError(N_("is not an option of this phase's format"), key)


class Curfews(Strict):
    """The day page's curfew per age group, where the event changes the law's hour (tournament/curfew)."""

    prefecture = fields.String(load_default="", validate=_one_of(PREFECTURES))  # whose ordinance's hours
    u16 = fields.String(load_default="", validate=HH_MM)
    u16g = fields.String(load_default="", validate=HH_MM)   # under 16 with a guardian (保護者同伴)
    u18 = fields.String(load_default="", validate=HH_MM)


class TimetableLine(Strict):
    """One line of the timetable page; ``phase`` counts the event's phases from 1 (0: no phase)."""

    start = fields.String(required=True, validate=LINE_TIME)
    end = fields.String(required=True, validate=LINE_TIME)
    label = fields.String(required=True, validate=validate.Length(min=1, max=80, error=TOO_LONG))
    phase = fields.Integer(load_default=0, validate=validate.Range(min=0, max=64))
    weight = fields.Float(load_default=None, allow_none=True, validate=validate.Range(min=0, max=1000))


SIGNUP_DEFAULTS = {"open": False, "questions": [], "per_address": 5, "closes_at": "", "late": False, "onsite": False}
SELF_REPORT_DEFAULTS = {"on": False, "auto_minutes": 0}


class SignupSpec(Strict):
    """The public sign-up as the desk set it (services/players/signups.py; the cap is entry_cap)."""

    open = fields.Boolean(load_default=False)
    questions = fields.List(fields.String(validate=validate.Length(min=1, max=40, error=TOO_LONG)),
                            load_default=list, validate=validate.Length(max=5, error=TOO_MANY))
    per_address = fields.Integer(load_default=5, validate=validate.Range(min=1, max=100))
    closes_at = fields.String(load_default="", validate=validate.Regexp(
        r"^(\d{4}-\d{2}-\d{2}T([01]\d|2[0-3]):[0-5]\d)?$", error=N_("must be a date and a time, or empty")))
    late = fields.Boolean(load_default=False)
    onsite = fields.Boolean(load_default=False)  # on-site sign-up through the reception's code


class SelfReportSpec(Strict):
    """Players report their own sets; auto_minutes 0: a report is never confirmed by itself."""

    on = fields.Boolean(load_default=False)
    auto_minutes = fields.Integer(load_default=0, validate=validate.Range(min=0, max=240))


class EventSpec(Strict):
    name = fields.String(required=True, validate=validate.Length(min=1, max=200, error=TOO_LONG))
    address = fields.String(load_default="", validate=validate.Regexp(
        r"^([a-z0-9]+(-[a-z0-9]+)*)?$", error=N_("may hold only a-z, 0-9 and single hyphens")))
    day = DayField(load_default=None, allow_none=True)
    venue = fields.String(load_default="", validate=validate.Length(max=200, error=TOO_LONG))
    game = fields.String(load_default="other", validate=validate.Length(min=1, max=40, error=TOO_LONG))
    plan = fields.String(load_default="", validate=_one_of(("", *TEMPLATES)))
    entrants = fields.String(load_default="1on1", validate=_one_of(KINDS))
    team_size = fields.Integer(load_default=1, validate=validate.Range(min=1, max=7))
    team_format = fields.String(load_default="", validate=_one_of(("", *TEAM_FORMATS)))
    entry_cap = fields.Integer(load_default=0, validate=validate.Range(min=0, max=4096))
    fee = fields.Integer(load_default=0, validate=validate.Range(min=0, max=1_000_000))
    start_time = fields.String(load_default="", validate=HH_MM)
    checkin_opens = fields.String(load_default="", validate=HH_MM)
    checkin_closes = fields.String(load_default="", validate=HH_MM)
    venue_closes = fields.String(load_default="", validate=HH_MM)
    curfews = fields.Nested(Curfews, load_default=dict)
    no_show_minutes = fields.Integer(load_default=0, validate=validate.Range(min=0, max=120))  # 0: the default
    stream_takes_regular = fields.Boolean(load_default=True)
    # Seconds a stream station keeps a finished match's final score on screen (every stream station).
    stream_hold = fields.Integer(load_default=30, validate=validate.Range(min=0, max=600))
    # Which TournamentStreamHelper scoreboard (its tab, 5.74+) each stream station drives, when not 1.
    scoreboards = fields.Dict(keys=fields.String(validate=STATION_NAME),
                              values=fields.Integer(validate=validate.Range(min=1, max=9)), load_default=dict)
    rules = fields.Nested(RulesSpec, load_default=dict)
    phases = fields.List(fields.Nested(PhaseSpec), load_default=list,
                         validate=validate.Length(max=MAX_PHASES, error=TOO_MANY))
    stations = fields.List(fields.String(validate=STATION_NAME), load_default=list,
                           validate=validate.Length(max=MAX_STATIONS, error=TOO_MANY))
    stream_stations = fields.List(fields.String(validate=STATION_NAME), load_default=list,
                                  validate=validate.Length(max=MAX_STATIONS, error=TOO_MANY))
    signup = fields.Nested(SignupSpec, load_default=lambda: dict(SIGNUP_DEFAULTS))
    self_report = fields.Nested(SelfReportSpec, load_default=lambda: dict(SELF_REPORT_DEFAULTS))
    stream_rounds = fields.String(load_default="", validate=_one_of(("", "finals", "top8")))
    timetable = fields.List(fields.Nested(TimetableLine), load_default=list,
                            validate=validate.Length(max=MAX_LINES, error=TOO_MANY))
