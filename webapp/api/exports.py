"""Exports of an event or one phase: Open Bracket Format v1.0, start.gg-shaped sets, placements CSV.

Public data only (the services build them from what the public pages show), linked from the
desk's event page and the public event page; the same ETag as the API's answers.
"""
import json

from flask import make_response
from flask_babel import get_locale

from ..extensions import db
from ..models import Event, Phase
from ..polling.stamps import event_stamp, phase_stamp
from ..services.exports import obf_export, placements_csv, startgg_export
from ..services.ties import report_file
from .blueprint import bp
from .gate import not_modified, problem, seen, tag
from .routes import _lang_problem

KINDS = {"obf.json": (obf_export, "application/json"), "startgg.json": (startgg_export, "application/json"),
         "placements.csv": (placements_csv, "text/csv; charset=utf-8")}


def _file(stamp, name: str, build, filename: str):
    refused = _lang_problem()
    if refused:
        return refused
    if stamp is None:
        return problem(404, "no such event or phase")
    if name not in KINDS:
        return problem(404, "exports are obf.json, startgg.json and placements.csv")
    lang = str(get_locale())
    etag = tag(stamp, lang)
    if seen(etag):
        return not_modified(etag)
    body = build(KINDS[name][0], lang)
    if not isinstance(body, str):
        body = json.dumps(body, ensure_ascii=False, indent=1)
    response = make_response(body)
    response.headers["Content-Type"] = KINDS[name][1]
    response.headers["Content-Disposition"] = f"attachment; filename={filename}-{name}"
    response.set_etag(etag)
    response.headers["Cache-Control"] = "no-cache"
    return response


def _event_build(slug: str):
    def build(module, lang):
        event = db.session.query(Event).filter_by(slug=slug).one()
        link = report_file.linked(event) if module is startgg_export else None
        if link is not None:  # a linked event's start.gg file: what was sent to start.gg, as it was sent
            return report_file.document(link)
        return module.event_csv(event, lang) if module is placements_csv else module.event_document(event, lang)
    return build


def _phase_build(phase_id: int):
    def build(module, lang):
        phase = db.session.get(Phase, phase_id)
        return module.phase_csv(phase, lang) if module is placements_csv else module.phase_document(phase, lang)
    return build


@bp.route("/events/<slug>/export/<name>")
def event_export(slug, name):
    """The whole event as obf.json, startgg.json or placements.csv."""
    return _file(event_stamp(slug), name, _event_build(slug), _ascii(slug))


@bp.route("/events/<slug>/phases/<int:phase_id>/export/<name>")
def phase_export(slug, phase_id, name):
    """One phase as obf.json, startgg.json or placements.csv."""
    return _file(phase_stamp(slug, phase_id), name, _phase_build(phase_id), f"{_ascii(slug)}-phase{phase_id}")


def _ascii(slug: str) -> str:
    """A file name any browser keeps: the slug's letters, digits and dashes."""
    return "".join(c if c.isascii() and (c.isalnum() or c in "-_") else "-" for c in slug)[:60] or "event"
