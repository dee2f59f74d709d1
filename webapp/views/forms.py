"""marshmallow schemas for the desk's and staff's page forms: parse and validate, nothing else.

The payloads of the desk's match entries (a winner, a correction) are the pipeline's:
webapp/services/entries/payloads.py."""
from marshmallow import Schema, ValidationError, fields, validate

from ..services.entries.payloads import FormSchema
from ..tournament.errors import N_
from ..tournament.formats import FORMATS
from ..tournament.formats.double_elimination import TOP_CUTS
from ..tournament.play import MATCH_TYPES
from ..tournament.pool_standings import DQ_POLICIES
from ..tournament.round_best_of import RULES as ROUND_RULES

# choices come from the registries: a new format or template needs no edit here
FORMAT_CHOICES = tuple(name for name, fmt in FORMATS.items() if not fmt.multi)  # groups: by group_count
# the tiebreak orders the desk offers, after set wins (the FGC default first)
TIEBREAK_ORDERS = {"fgc": ["head_to_head", "game_difference", "round_difference"],
                   "games_first": ["game_difference", "head_to_head", "round_difference"],
                   "head_to_head": ["head_to_head"]}
SWISS_TIEBREAK_ORDERS = {"buchholz": ["buchholz", "median_buchholz", "opponents_win", "head_to_head"],
                         "median_first": ["median_buchholz", "buchholz", "opponents_win", "head_to_head"],
                         "opponents_win": ["opponents_win", "buchholz", "median_buchholz", "head_to_head"]}


class PhaseForm(FormSchema):
    name = fields.String(required=True, validate=validate.Length(min=1, max=120))
    format = fields.String(required=True, validate=validate.OneOf(FORMAT_CHOICES))
    match_type = fields.String(load_default="best_of",
                               validate=validate.OneOf(MATCH_TYPES.choices()))
    best_of = fields.Integer(load_default=3, validate=validate.OneOf((1, 3, 5, 7)))
    group_count = fields.Integer(load_default=1, validate=validate.Range(min=1, max=256))
    pools_per_wave = fields.Integer(load_default=0, validate=validate.Range(min=0, max=256))  # 0: one wave
    grand_final = fields.String(load_default="reset", validate=validate.OneOf(("none", "single", "reset")))
    third_place = fields.Boolean(load_default=False)
    top_cut = fields.Integer(load_default=0, validate=validate.OneOf((0, *TOP_CUTS)))  # double elim. down to top T
    # round robin (pool_standings): a second cycle, the tiebreak order, withdrawals, a tie left standing
    double = fields.Boolean(load_default=False)
    tiebreaks = fields.String(load_default="fgc", validate=validate.OneOf(tuple(TIEBREAK_ORDERS)))
    dq_policy = fields.String(load_default="walkover", validate=validate.OneOf(DQ_POLICIES))
    tie_resolution = fields.String(load_default="playoff", validate=validate.OneOf(("playoff", "draw")))
    later_from = fields.String(load_default="", validate=validate.OneOf(("", *ROUND_RULES)))  # best-of by round
    later_best_of = fields.Integer(load_default=5, validate=validate.OneOf((1, 3, 5, 7)))
    swiss_rounds = fields.Integer(load_default=0, validate=validate.Range(min=0, max=30))  # 0: ⌈log2 N⌉
    swiss_tiebreaks = fields.String(load_default="buchholz", validate=validate.OneOf(tuple(SWISS_TIEBREAK_ORDERS)))


class PasteForm(FormSchema):
    entrants = fields.String(required=True, validate=validate.Length(min=1, max=200_000))


class LoginForm(FormSchema):
    username = fields.String(required=True, validate=validate.Length(min=1, max=80))
    password = fields.String(required=True, validate=validate.Length(min=1, max=200))
    code = fields.String(load_default="", validate=validate.Length(max=12))  # one-time code, if the account uses one


def load_form(schema: Schema, data) -> dict:
    """Parse a form; raise ValidationError with per-field messages."""
    # An empty optional field means "not given", as marshmallow expects.
    flat = {k: (v if len(data.getlist(k)) == 1 else data.getlist(k)) for k, v in data.items() if v != ""}
    # Unchecked checkboxes are absent; checked ones send "on".
    for name, field in schema.fields.items():
        if isinstance(field, fields.Boolean) and flat.get(name) == "on":
            flat[name] = True
    return schema.load(flat)


# marshmallow's own fixed messages, so the catalogue can translate them.
MARSHMALLOW_MESSAGES = (N_("Missing data for required field."), N_("Not a valid integer."),
                        N_("Not a valid string."), N_("Not a valid date."), N_("Not a valid boolean."),
                        N_("Field may not be null."), N_("Unknown field."), N_("Invalid input type."),
                        N_("Invalid value."))


def first_error(error: ValidationError) -> str:
    """One readable line for a flash message: 'field: message', the message translated when known."""
    from flask_babel import gettext

    messages = error.normalized_messages()
    field, problems = next(iter(messages.items()))
    problem = problems[0] if isinstance(problems, list) else str(problems)
    return f"{field}: {gettext(problem) if problem in MARSHMALLOW_MESSAGES else problem}"


__all__ = ["ValidationError", "N_"]
