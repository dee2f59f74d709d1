"""Jinja globals for labels that depend on the domain's side and round codes."""
from flask import Flask
from flask_babel import gettext as _

from .. import gamedata
from ..services import standings
from ..tournament.reception import CATEGORIES


def side_label(side: str) -> str:
    """A bracket side's heading in the reader's language."""
    labels = {"W": _("Winners side"), "L": _("Losers side"), "GF": _("Grand final"),
              "3P": _("Third-place match"), "P": _("Matches"),
              "Q": _("Finals-stage qualifiers"), "F": _("Finals stage")}
    return labels.get(side, side)


def round_label(side: str, number: int, total: int) -> str:
    """Final / Semifinals / Quarterfinals / Round n, counted from the end of a side."""
    if side == "L":
        return _("Losers final") if number == total and total > 1 else _("Losers round %(n)s", n=number)
    if side == "GF":  # the reset, when the losers side's winner takes the first set
        return _("Grand final reset") if number > 1 else _("Grand final")
    if side != "W":
        return _("Round %(n)s", n=number) if total > 1 else ""
    from_end = total - number
    named = {0: _("Final"), 1: _("Semifinals"), 2: _("Quarterfinals")}
    return named.get(from_end, _("Round %(n)s", n=number)) if total > 1 else _("Final")


def format_label(code: str) -> str:
    """A bracket format's name in the reader's language."""
    labels = {"single_elimination": _("Single elimination"), "double_elimination": _("Double elimination"),
              "pairs": _("Pairs (single matches)"), "groups": _("Groups"), "kgp_finals": _("Finals stage")}
    return labels.get(code, code)


def penalty_label(code: str) -> str:
    """A Tekken penalty kind in the reader's language."""
    labels = {"interruption": _("Self-inflicted interruption (loses a round; at 2-2 the game)"),
              "selection_mistake": _("Selection mistake (the second in a row loses the game)"),
              "bluff": _("Bluff at blind select (the first player is counted as lost)"),
              "undeclared_change": _("Undeclared character change (the win counts as a loss)"),
              "disqualify_member": _("Disqualify the player"),
              "smoking": _("Smoking rule broken (the player is out for the whole day)"),
              "disqualify_team": _("Disqualify the team")}
    return labels.get(code, code)


def station_label(name: str | None) -> str:
    """A station as people say it: "1番台" / "Station 1"; "配信台" for a named one, "A台" kept as is."""
    from flask_babel import get_locale, gettext
    name = (name or "").strip()
    if not name or name.isdigit():
        return gettext("Station %(s)s", s=name) if name else ""
    if str(get_locale() or "").startswith("ja") and name.endswith("台"):
        return name
    return gettext("Station %(name)s", name=name)  # a named one: ja "配信台"


def _entrant_name(entrant_id: int) -> str:
    from ..extensions import db
    from ..models import Entrant
    entrant = db.session.get(Entrant, entrant_id)
    return entrant.name if entrant else str(entrant_id)


def init_template_helpers(app: Flask) -> None:
    """Register the helpers as Jinja globals."""
    from .entry_defaults import entry_defaults
    from .entry_labels import entry_field_label, entry_kind_label, entry_kind_labels, entry_value
    app.jinja_env.globals.update(entry_kind_label=entry_kind_label, entry_field_label=entry_field_label,
                                 entry_value=entry_value, entry_kind_labels=entry_kind_labels)
    from .match_titles import match_key_label, match_title
    app.jinja_env.globals["entry_defaults"] = entry_defaults
    app.jinja_env.globals.update(match_title=match_title, match_key_label=match_key_label)
    app.jinja_env.filters["match_title"] = match_title
    app.jinja_env.globals.update(
        side_label=side_label, round_label=round_label, penalty_label=penalty_label, format_label=format_label,
        phase_names=lambda phase: standings.names(phase.event_id),
        character_list=lambda event: gamedata.characters_for(event.game, event.ruleset),
        stage_list=lambda event: gamedata.stages_for(event.game, event.ruleset))
    app.jinja_env.filters["entrant_name"] = _entrant_name
    app.jinja_env.filters["station_label"] = station_label
    app.jinja_env.globals["reception_label"] = lambda code: CATEGORIES[code].label if code in CATEGORIES else code
