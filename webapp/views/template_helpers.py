"""Jinja globals for labels that depend on the domain's side and round codes."""
import re

from flask import Flask
from flask_babel import gettext as _
from markupsafe import Markup, escape

from ..services.reads.round_names import match_title, phase_round_name, round_name
from ..tournament.event_plans import choices as event_templates
from ..tournament.formats import FORMATS
from ..tournament.play import MATCH_TYPES
from ..tournament.reception import CATEGORIES
from ..tournament.rulesets import RULESETS
from . import game_words
from .best_of_marks import best_of, best_of_choices, games_mark, round_mark


def side_label(side: str) -> str:
    """A bracket side's heading in the reader's language."""
    labels = {"W": _("Winners side"), "L": _("Losers side"), "GF": _("Grand final"),
              "3P": _("Third-place match"), "P": _("Matches"),
              "Q": _("Finals-stage qualifiers"), "F": _("Finals stage"), "RR": _("Round robin"),
              "PO": _("Playoff"), "S": _("Swiss rounds")}
    return labels.get(side, side)


def match_type_label(code: str) -> str:
    """A phase's kind of match in the reader's language (its registered label)."""
    return _(MATCH_TYPES.label(code)) if code in MATCH_TYPES else code


def format_label(code: str) -> str:
    """A bracket format's name in the reader's language (its registered label)."""
    return _(FORMATS.label(code)) if code in FORMATS else code


def ruleset_label(code: str) -> str:
    """A rule set's name in the reader's language (its registered label)."""
    return _(RULESETS.label(code)) if code in RULESETS else code


def registry_choices() -> dict:
    """The desk's choice lists, straight from the registries (a new one shows up by itself)."""
    return {"formats": [f for _key, f in sorted(FORMATS.items()) if not f.multi and not f.template_only],
            "match_types": list(MATCH_TYPES.values()), "rulesets": list(RULESETS.values()),
            "templates": event_templates()}


def match_key_label(match) -> Markup:
    """The internal key as a small secondary label (class "key", stripped by the name scan)."""
    return Markup('<small class="key" title="%s">%s</small>') % (_("Bracket key"), escape(match.key))


def penalty_label(code: str, act: str | None = None, rules=None) -> str:
    """A penalty kind (and a KGP prohibited act) in the reader's language, never its key: the
    name the match's rules give it (the organiser's, shown as typed), else the seed's words."""
    if act:
        from ..tournament.rulesets.kgp2025 import ACTS
        return _(ACTS[act]) if act in ACTS else _("Prohibited act")
    named = getattr(rules, "penalty_names", {}).get(code)
    if named:
        return _(named)
    labels = {"interruption": _("Self-inflicted interruption (loses a round; at 2-2 the game)"),
              "selection_mistake": _("Selection mistake (the second in a row loses the game)"),
              "bluff": _("Bluff at blind select (the first player is counted as lost)"),
              "undeclared_change": _("Undeclared character change (the win counts as a loss)"),
              "disqualify_member": _("Disqualify the player"),
              "smoking": _("Smoking rule broken (the player is out for the whole day)"),
              "disqualify_team": _("Disqualify the team"), "prohibited_act": _("Prohibited act")}
    return labels.get(code) or _("Penalty")


# A stream station as organisers name it ("配信", "配信台", "配信2", "Stream 2"): said in each language.
_STREAM_NAME = re.compile(r"^(?:配信|stream|ストリーム)\s*(\d*)\s*(?:台|卓|station)?$", re.IGNORECASE)


def station_label(name: str | None) -> str:
    """A station as people say it: "1番台" / "Station 1"; a stream station "配信台" / "Stream station"
    whatever its organiser typed; another name that already says station ("A台") is kept as is."""
    from flask_babel import gettext
    name = (name or "").strip()
    if not name or name.isdigit():
        return gettext("Station %(s)s", s=name) if name else ""
    stream = _STREAM_NAME.match(name)
    if stream:
        return gettext("Stream station %(n)s", n=stream[1]) if stream[1] else gettext("Stream station")
    if name.endswith("台"):
        return name
    return gettext("Station %(name)s", name=name)  # a named one: ja "A台"


def _entrant_name(entrant_id: int) -> str:
    from ..extensions import db
    from ..models import Entrant
    entrant = db.session.get(Entrant, entrant_id)
    return entrant.name if entrant else str(entrant_id)


def _reception_category(ruleset: str) -> str:
    """The reception category a rule set records entrants as ("" when it records none)."""
    return getattr(RULESETS.get(ruleset), "reception_category", "")


def _game_form_helpers(app: Flask) -> None:
    """What the game form reads of the next game: its defaults, the striking step, a side's characters in order."""
    from .staff.entry_defaults import entry_defaults
    from .staff.stage_plan import stage_plan, team_slots
    app.jinja_env.globals.update(entry_defaults=entry_defaults, stage_plan=stage_plan, team_slots=team_slots)
    app.jinja_env.filters["stage_word"] = game_words.stage_label


def init_template_helpers(app: Flask) -> None:
    """Register the helpers as Jinja globals."""
    from .entry_labels import entry_field_label, entry_kind_label, entry_kind_labels, entry_value
    app.jinja_env.globals.update(entry_kind_label=entry_kind_label, entry_field_label=entry_field_label,
                                 entry_value=entry_value, entry_kind_labels=entry_kind_labels)
    _game_form_helpers(app)
    from .outcome_words import outcome_words
    app.jinja_env.globals["outcome_words"] = outcome_words
    from ..services.reads.offline_pack import match_model
    app.jinja_env.globals["match_model"] = match_model  # the phone's model starts from it (match_model.js)
    app.jinja_env.globals.update(match_title=match_title, match_key_label=match_key_label, games_mark=games_mark,
                                 round_mark=round_mark, best_of=best_of, best_of_choices=best_of_choices)
    app.jinja_env.filters["match_title"] = match_title
    app.jinja_env.globals.update(
        side_label=side_label, round_name=round_name, phase_round_name=phase_round_name, penalty_label=penalty_label,
        format_label=format_label,
        stage_label=game_words.stage_label, match_type_label=match_type_label, ruleset_label=ruleset_label,
        registry_choices=registry_choices, reception_category=lambda event: _reception_category(event.ruleset),
        character_list=game_words.character_list, stage_list=game_words.stage_list,
        char_label=game_words.char_label, char_search=game_words.char_search, event_title=game_words.event_title,
        game_name=game_words.game_name, game_choices=game_words.game_choices)
    app.jinja_env.filters.update(entrant_name=_entrant_name, station_label=station_label)
    from ..services.reads.bracket_view import agreeing_score
    app.jinja_env.globals["agreeing_score"] = agreeing_score
    from .desk.conflict_words import local_time
    app.jinja_env.filters["local_time"] = local_time
    app.jinja_env.globals["reception_label"] = lambda code: CATEGORIES[code].label if code in CATEGORIES else code
    _pool_helpers(app)
    _self_report_helpers(app)


def _self_report_helpers(app: Flask) -> None:
    """What a player's pages read (views/players/self_report.py); their match forms post to g.play_action."""
    from ..services.players.self_report import live_report, state_for_player
    from ..services.players.self_report import settings as self_report_settings
    app.jinja_env.globals.update(self_report_settings=self_report_settings, my_report_state=state_for_player,
                                 player_report_of=live_report)


def _pool_helpers(app: Flask) -> None:
    """What the cross table and the Swiss table read: names, and the tiebreaks' words."""
    from ..services.reads.standings import display_names
    from ..tournament import swiss_standings
    from ..tournament.pool_standings import TIEBREAK_LABELS
    from ..tournament.round_best_of import RULES
    app.jinja_env.globals.update(pool_names=display_names, tiebreak_labels=TIEBREAK_LABELS, round_rules=RULES,
                                 swiss_tiebreak_labels=swiss_standings.TIEBREAK_LABELS,
                                 swiss_tiebreak_order=swiss_standings.TIEBREAKS)
