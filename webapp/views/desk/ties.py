"""Desk: the event's link to start.gg (paste its address and the organiser's token; remove it) and the
queue of reports sent back: sent, waiting, refused in start.gg's words, conflicts with both versions."""
from flask import current_app, flash, redirect, render_template, url_for
from flask import request as web_request
from flask_babel import gettext as _
from flask_login import current_user

from ...extensions import db
from ...models import MatchRow
from ...services.reads import round_names, standings
from ...services.setup import game_catalogue
from ...services.ties import challonge_api, desk, links, mirrored, queue, startgg_api, unpaired
from ..changes import run_change
from .blueprints import desk_blueprint, event_or_404

bp = desk_blueprint("desk_ties", __name__)

STATES = {"waiting": "Waiting to be sent", "sending": "Being sent", "sent": "Sent to start.gg",
          "same": "start.gg already had this result", "conflict": "start.gg holds another result",
          "refused": "start.gg refused it", "kept": "start.gg's result kept", "answered": "Sent again"}


NAMES = {"startgg": "start.gg", "challonge": "Challonge"}
ADDRESS_MAX = 300  # an event's address is far shorter; the rest of a pasted page is not kept


@bp.route("/e/<int:event_id>/<any(startgg, challonge):service>")
def page(event_id, service):
    event = event_or_404(event_id)
    link = links.link_of(event, service)
    rows = _rows(link) if link else []
    unmatched = [t for t in link.ids if t.kind.startswith("unmatched_")] if link else []
    title = game_catalogue.event_title(event)
    return render_template("desk/startgg.html", event=event, link=link, rows=rows, unmatched=unmatched,
                           characters=title.characters, stages=title.stages,
                           service=service, service_name=NAMES[service],
                           address=web_request.args.get("address", "")[:ADDRESS_MAX],
                           counts=queue.counts(link) if link else {},
                           unpaired=unpaired.listing(link) if link and service == "startgg" else [],
                           copy=service == "startgg" and mirrored.is_copy(event.id))


@bp.route("/e/<int:event_id>/<any(startgg, challonge):service>/link", methods=["POST"])
def link_event(event_id, service):
    event = event_or_404(event_id)
    form, built = web_request.form, {}
    pasted, token = form.get("event", ""), form.get("token", "")
    if service == "challonge":
        url = current_app.config.get("CHALLONGE_URL") or challonge_api.URL
        linked = lambda: built.update(desk.link_challonge(event, pasted, token, current_user, url))  # noqa: E731
    else:
        url = current_app.config.get("STARTGG_URL") or startgg_api.URL
        linked = lambda: built.update(desk.link_startgg(event, pasted, token, current_user, url))  # noqa: E731
    if run_change(linked):
        flash(_("Linked to %(service)s: %(entrants)s entrants and %(sets)s sets, every match paired with its "
                "set. The token is kept and will not be shown again.", service=NAMES[service], **built), "ok")
        return redirect(url_for("desk_ties.page", event_id=event.id, service=service))
    # Refused: the address stays in its field for the next try (the token, a secret, is pasted again).
    kept = pasted[:ADDRESS_MAX] if pasted.isprintable() else None
    return redirect(url_for("desk_ties.page", event_id=event.id, service=service, address=kept))


@bp.route("/e/<int:event_id>/<any(startgg, challonge):service>/read-again", methods=["POST"])
def read_again(event_id, service):
    event = event_or_404(event_id)
    url = current_app.config.get("CHALLONGE_URL" if service == "challonge" else "STARTGG_URL")
    changes = {}
    if run_change(lambda: changes.update(desk.read_again(event, service, current_user, url))):
        flash(_changes_words(changes, NAMES[service]), "ok")
    return redirect(url_for("desk_ties.page", event_id=event.id, service=service))


def _changes_words(changes: dict, service: str) -> str:
    if not any(changes.values()):
        return _("Nothing changed on %(service)s.", service=service)
    parts = []
    if changes["added"]:
        parts.append(_("new: %(names)s", names="、".join(changes["added"])))
    if changes["removed"]:
        parts.append(_("gone: %(names)s", names="、".join(changes["removed"])))
    if changes["moved"]:
        parts.append(_("%(count)s seeds changed", count=changes["moved"]))
    return _("Read again from %(service)s and the bracket built again: %(changes)s.", service=service,
             changes=" / ".join(parts))


@bp.route("/e/<int:event_id>/<any(startgg, challonge):service>/match-name", methods=["POST"])
def match_name(event_id, service):
    event, form = event_or_404(event_id), web_request.form
    if run_change(lambda: desk.match_name(event, service, form.get("kind", ""), form.get("name", ""),
                                          form.get("key", ""), current_user)):
        flash(_("%(name)s is now reported with start.gg's id.", name=form.get("name", "")), "ok")
    return redirect(url_for("desk_ties.page", event_id=event.id, service=service))


@bp.route("/e/<int:event_id>/startgg/mark-called", methods=["POST"])
def mark_called(event_id):
    event = event_or_404(event_id)
    on = web_request.form.get("on") == "1"
    if run_change(lambda: desk.set_mark_called(event, on, current_user)):
        flash(_("A called set is marked in progress on start.gg.") if on else
              _("Called sets are no longer marked in progress on start.gg."), "ok")
    return redirect(url_for("desk_ties.page", event_id=event.id, service="startgg"))


@bp.route("/e/<int:event_id>/startgg/start-again/<int:phase_id>", methods=["POST"])
def start_again(event_id, phase_id):
    """A top cut seeded otherwise than start.gg's progressions, started again as start.gg seeds it."""
    event, paired = event_or_404(event_id), []
    if run_change(lambda: paired.append(desk.start_again(event, phase_id, current_user))):
        flash(_("Started again as start.gg seeds it: its results are reported there.") if paired[0] else
              _("Set back to not started: it starts as start.gg seeds it when its pools are done."), "ok")
    return redirect(url_for("desk_ties.page", event_id=event.id, service="startgg"))


@bp.route("/e/<int:event_id>/<any(startgg, challonge):service>/unlink", methods=["POST"])
def unlink_event(event_id, service):
    event = event_or_404(event_id)
    if run_change(lambda: desk.unlink(event, service, current_user)):
        flash(_("The %(service)s link and its token are removed.", service=NAMES[service]), "ok")
    return redirect(url_for("desk_ties.page", event_id=event.id, service=service))


@bp.route("/tie-report/<int:report_id>/<action>", methods=["POST"])
def act(report_id, action):
    holder = {}
    if run_change(lambda: holder.update(report=desk.act(report_id, action, current_user))):
        flash({"again": _("It is in the queue again."), "ours": _("taikai's result will replace start.gg's."),
               "theirs": _("start.gg's result is kept.")}.get(action, ""), "ok")
        link = holder["report"].link
        return redirect(url_for("desk_ties.page", event_id=link.event_id, service=link.service))
    return redirect(web_request.referrer or url_for("desk.home"))


def _rows(link) -> list[dict]:
    names = {t.remote: t.local for t in link.ids if t.kind == "entrant"}
    people = standings.display_names(link.event_id)
    out = []
    for report in queue.listing(link)[:200]:
        match = db.session.get(MatchRow, report.match_id)
        out.append({"report": report, "match": round_names.match_title(match) if match else "",
                    "state": _(STATES.get(report.state, report.state)),
                    "ours": _version(report.body, names, people), "theirs": _version(report.theirs, names, people)})
    return out


def _version(body, names: dict, people: dict) -> str:
    if body is None:
        return _("no result")
    local = names.get(body["winnerId"])
    who = people[int(local)].name if local and int(local) in people else "?"
    if "scores_csv" in body:  # Challonge's own form
        return _("%(name)s wins, %(scores)s", name=who, scores=body["scores_csv"])
    if body["isDQ"]:
        return _("%(name)s wins by disqualification or walkover", name=who)
    return _("%(name)s wins, %(games)s games", name=who, games=len(body["games"]))
