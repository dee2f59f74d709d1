"""The desk's event setup page, shown by the desk and, after a refused change, by its sibling pages."""
from flask import current_app, request

from ...models import Event
from ...services.day import checkin, forecasts
from ...services.decisions import rulings
from ...services.entrants import entrant_edits, entrant_import
from ...services.entrants import entrant_lists as entrants
from ...services.matches import play
from ...services.setup import event_model, events
from ...services.setup.rules import rules_for
from ...tournament import curfew
from ...tournament.rulesets.summary import score_part
from ...tournament.textsearch import entrant_sort_key
from .. import render
from ..errors import problem_message


def setup_page(event: Event, status: int = 200, **extra):
    """The event's setup page (entrants, seeds, phases), again with a refusal's status and fields."""
    sort = request.args.get("sort", "")
    rules = rules_for(event)
    event_plan = event_model.of(event)
    listed = sorted(event.entrants, key=entrant_sort_key) if sort == "kana" else entrants.seeded_order(event.entrants)
    context = {"event": event, "form": request.form, "rulings": rulings.pending(event),
               "day_dqs": play.day_dqs(event), "sort": sort, "archived": events.is_archived(event),
               "entrant_list": listed, "last_import": entrant_import.last_import(event),
               "import_refusal": refusal_words(entrant_import.undo_refusal(event)),
               "removed": entrant_edits.removed(event),
               "started": entrant_edits.phase_started(event), "open_phases": entrant_edits.open_phases(event),
               "staff_url": None, "rules": rules, "rules_score": score_part(rules),
               "absent": checkin.close_list(event, current_app.config["BABEL_DEFAULT_TIMEZONE"]),
               "forecast": _forecast(event), "age_labels": curfew.LABELS,
               "event_plan": event_plan, "routing_changes": event_plan.routing_changes(), **extra}
    return render("desk/event.html", **context), status


def _forecast(event: Event):
    """The day's forecast once the day is set up (a start time) or under way; None before or after."""
    under_way = any(p.status == "running" for p in event.phases)
    if not (under_way or (event.settings or {}).get("start_time")) or all(p.status == "done" for p in event.phases):
        return None
    return forecasts.forecast(event, current_app.config["BABEL_DEFAULT_TIMEZONE"])


def refusal_words(refusal) -> str | None:
    """Why an import cannot be undone, in words (None when it can)."""
    return problem_message(refusal) if refusal is not None else None
