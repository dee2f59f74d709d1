"""Desk: the games and their characters, no code — a title of the desk's own, characters and stages
added to any title (DLC), names and readings corrected. Kept in the database, merged over the
shipped catalogue for every event of this taikai and its phones' offline packs."""
from flask import abort, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user

from ...services.setup import game_catalogue, game_edits
from ...tournament import games
from .. import render
from ..changes import run_change
from ..game_words import lang
from .blueprints import desk_blueprint

bp = desk_blueprint("desk_games", __name__, "/desk/games")


@bp.route("/", methods=["GET", "POST"])
def index():
    """The catalogue, and the form to add a title it lacks."""
    if request.method == "POST":
        added = {}
        if run_change(lambda: added.setdefault("row", game_edits.add_title(**_title_form(), user=current_user))):
            flash(_("%(name)s was added to the games.", name=added["row"].name_ja), "ok")
            return redirect(url_for("desk_games.title", key=added["row"].key))
    status = 422 if request.method == "POST" else 200
    titles = games.choices(lang(), game_catalogue.all_titles())
    return render("desk/games.html", titles=titles, form=request.form, double_ko=games.DOUBLE_KO), status


def _title_form() -> dict:
    form = request.form
    rounds = form.get("rounds_to_win", "2")
    return {"name_ja": form.get("name_ja", ""), "name_en": form.get("name_en", ""),
            "rounds_to_win": int(rounds) if rounds.isdigit() else 0,
            "stage_choice": form.get("stage_choice") == "on", "side_choice": form.get("side_choice") == "on",
            "double_ko": form.get("double_ko", "replayed"), "shape": _shape_form(form)}


def _number(form, name: str) -> int | None:
    return int(form[name]) if form.get(name, "").isdigit() else None


def _shape_form(form) -> dict:
    """The game's shape as the form sets it: what the score counts, stocks, characters a side, 1P/2P."""
    return {"score": form.get("score") or "rounds", "stocks": _number(form, "stocks"),
            "characters_per_side": _number(form, "characters_per_side") or 1,
            "character_order": form.get("character_order") == "on", "sides": form.get("sides", "on") == "on"}


@bp.route("/<key>/title", methods=["POST"])
def edit_title(key):
    """Correct a desk title's names and usual rules."""
    if run_change(lambda: game_edits.edit_title(key, **_title_form(), user=current_user)):
        flash(_("Saved: %(name)s.", name=request.form.get("name_ja") or request.form.get("name_en")), "ok")
    return redirect(url_for("desk_games.title", key=key))


@bp.route("/<key>", methods=["GET", "POST"])
def title(key):
    """One title's characters and stages: add one, or correct its names and reading."""
    if key not in {t.key for t in game_catalogue.all_titles()}:
        abort(404)
    if request.method == "POST":
        kind = request.form.get("kind", "character")
        if run_change(lambda: game_edits.save_entry(key, kind, request.form.get("ja", ""), request.form.get("en", ""),
                                                    request.form.get("kana", ""), request.form.get("key", ""),
                                                    current_user)):
            flash(_("Saved: %(name)s.", name=request.form.get("ja") or request.form.get("en")), "ok")
            return redirect(url_for("desk_games.title", key=key) + f"#{kind}s")
    status = 422 if request.method == "POST" else 200
    current = game_catalogue.title(key)
    return render("desk/game.html", game=current, characters=games.kana_order(current.characters),
                  form=request.form, lang=lang()), status
