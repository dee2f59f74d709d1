"""Desk: the event builder, one page from a format preset to a created event, with the day's
preview kept beside the form (htmx redraws only the preview as fields change)."""
from flask import flash, redirect, render_template, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...services import ServiceError
from ...services.entrants import entrant_import
from ...services.entrants import entrant_lists as entrants
from ...services.setup import builder_form, day_preview, event_builder
from ...tournament.errors import N_
from ...tournament.formats import FORMATS
from ...tournament.play import MATCH_TYPES
from ...tournament.round_best_of import RULES as ROUND_RULES
from ...tournament.rulesets import RULESETS
from ...web.i18n import translate_violation
from .. import render
from .blueprints import desk_blueprint
from .entrants import choices, preview_context

bp = desk_blueprint("desk_builder", __name__)
# The shipped presets' event and phase names, offered in the reader's language (tournament/event_presets)
PRESET_NAMES = (N_("Weekly"), N_("Main bracket"), N_("Pools and top 8"), N_("Pools"), N_("Top 8"),
                N_("Swiss and top 8"), N_("Swiss"), N_("Tournament"), N_("Tekken 7 5on5"), N_("Single elimination"))
NEW_PHASE = {"name": "", "format": "single_elimination", "pools": "1", "match_type": "best_of", "best_of": "3",
             "later_from": "", "later_best_of": "5", "grand_final": "reset", "advance": "entry",
             "advance_count": "", "rounds": "", "third_place": "", "double": "", "stop_at_top": "",
             "pools_per_wave": ""}


@bp.route("/new", methods=["GET"])
def new():
    """The builder; ``?preset=`` starts from that preset (the old template page sends here)."""
    if request.args.get("preset"):
        return page(event_builder.with_preset({"preset": request.args["preset"]}, _))
    return page(event_builder.blank(_))


@bp.route("/new", methods=["POST"])
def submit():
    """One form, several buttons: a preset chosen, a phase added or removed, or the event created."""
    action = request.form.get("action", "create")
    form = request.form.to_dict()
    if form.get("text") and not form.get("sheet"):  # back from the import preview: its copy of the sheet
        form["sheet"] = form["text"]
    refused = _read_upload(form)  # a chosen CSV's text stays in the form whichever button was pressed
    if action == "preset":
        return page(event_builder.with_preset(form, _))
    draft = builder_form.read(form)
    if action == "add_phase" and len(draft.phases) < builder_form.MAX_PHASES:
        draft.phases.append(dict(NEW_PHASE, advance="top" if draft.phases else "entry",
                                 advance_count="4" if draft.phases else ""))
        return page(draft)
    if action.startswith("remove-") and action[7:].isdigit() and int(action[7:]) < len(draft.phases):
        del draft.phases[int(action[7:])]
        return page(draft)
    if refused is not None:
        draft.refuse("sheet", refused.message, **refused.params)
        return page(draft, tried=True), 422
    if action != "create":
        return page(draft)
    if draft.ok and draft.values["sheet"] and request.form.get("confirm") != "1":
        return _import_preview(draft, form)
    return _create(draft)


def _read_upload(form: dict) -> ServiceError | None:
    """The chosen CSV read into the form's sheet (its name kept as the source), or why it cannot be."""
    upload = request.files.get("csv")
    if not (upload and upload.filename):
        return None
    try:
        form["sheet"] = entrants.decode_csv(upload.read())
    except ServiceError as problem:
        return problem
    form["source"] = upload.filename[:120]
    return None


def _import_preview(draft, form: dict):
    """The entrants pasted or uploaded, as they will be read (the import preview), before creating."""
    size = event_builder.sheet_team_size(draft)
    try:
        result = entrant_import.new_event_plan(draft.values["sheet"], size, choices())
    except ServiceError as problem:
        draft.refuse("sheet", problem.message, **problem.params)
        return page(draft, tried=True), 422
    skip = ("csrf_token", "sheet", "text", "action", "confirm", "source", "skip_duplicates", "csv")
    hidden = {k: v for k, v in form.items() if k not in skip and not k.startswith("column-")} | {"tried": "1"}
    here = url_for("desk_builder.submit")
    return render("desk/import_preview.html", event_name=draft.values["name"], back_url=url_for("desk_builder.new"),
                  hidden=hidden, back_in_form=True, confirm_url=here, reread_url=here,
                  **preview_context(result, draft.values["sheet"], form.get("source", "")))


def _create(draft):
    try:
        event = event_builder.create(draft, current_user, choices(), request.form.get("skip_duplicates") == "on")
        db.session.commit()
    except ServiceError:
        db.session.rollback()
        return page(draft, tried=True), 422
    if event.entrants:  # the sheet was read in: the next step is not adding them again
        flash(_("%(name)s was created with %(count)s entrants.", name=event.name, count=len(event.entrants)), "ok")
    else:
        flash(_("%(name)s was created. Add the entrants next.", name=event.name), "ok")
    return redirect(url_for("desk.event", event_id=event.id))


@bp.route("/new/preview", methods=["POST"])
def preview():
    """The day's preview for the form as it stands (htmx redraws it as fields change)."""
    draft = builder_form.read(request.form)
    return render_template("_partials/builder_preview.html", **_preview_context(draft))


def _preview_context(draft) -> dict:
    day = day_preview.preview(draft)
    return {"draft": draft, "day": day, "address": event_builder.address(draft), "problems": words(draft.errors),
            "preview_problem": translate_violation(day.problem) if day.problem else ""}


def top_cut_choices() -> list[tuple[str, str]]:
    """A double elimination's top cut, in the desk phase form's words."""
    return [("2", _("its top 2: one from each side goes on"))] + [
        (str(n), _("its top %(count)s: half from each side go on", count=n)) for n in builder_form.TOP_CUTS[1:]]


def words(errors: dict) -> dict:
    """Each field's problem in the reader's language (its values translated too: a setting's words)."""
    return {name: translate_violation(ServiceError("builder.field", message, **params))
            for name, (message, params) in errors.items()}


def page(draft, tried: bool | None = None):
    """The builder page; problems are shown once the desk has tried to create (then until fixed)."""
    tried = tried if tried is not None else request.form.get("tried") == "1"
    return render("desk/builder.html", presets=_presets(), tried=tried, errors=words(draft.errors) if tried else {},
                  format_choices=[(f.name, _(f.label)) for f in FORMATS.values()
                                  if not f.multi and not f.template_only],
                  match_type_choices=[(name, _(MATCH_TYPES[name].label)) for name in MATCH_TYPES.choices()],
                  round_rule_choices=[(code, _(label)) for code, label in ROUND_RULES.items()],
                  ruleset_choices=[(r.name, _(r.label)) for r in RULESETS.values()],
                  top_cut_choices=top_cut_choices(),
                  **_preview_context(draft))


def _presets() -> list[dict]:
    """The presets as the page lists them: key and label in the reader's language."""
    return [{"key": p.key, "label": _(p.label)} for p in event_builder.presets()]
