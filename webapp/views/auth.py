"""Sign in and out for desk and staff; staff may also use an event PIN."""
from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_user, logout_user

from ..auth import desk_required, local_path
from ..i18n import translate_violation
from ..extensions import db
from ..models import User
from ..schemas import LoginForm, ValidationError, load_form
from ..services import ServiceError, accounts
from . import render

bp = Blueprint("auth", __name__)


def _safe_next(default: str) -> str:
    return local_path(request.args.get("next") or request.form.get("next"), default)


@bp.route("/login", methods=["GET", "POST"])
def login():
    """Desk or staff account sign-in."""
    if request.method == "POST":
        try:
            form = load_form(LoginForm(), request.form)
        except ValidationError:
            form = None
        user = form and db.session.query(User).filter_by(username=form["username"]).first()
        if user and user.check_password(form["password"]):
            login_user(user, remember=True)
            return redirect(_safe_next(url_for("desk.home") if user.is_desk else url_for("staff.home")))
        flash(_("Wrong user name or password."), "error")
    return render("auth/login.html")


@bp.route("/e/<slug>/staff-login", methods=["GET", "POST"])
def staff_pin(slug):
    """Staff sign in once per event with the PIN the desk chose."""
    event = accounts.event_by_slug(slug)
    if request.method == "POST":
        user = accounts.staff_by_pin(event, request.form.get("name", ""), request.form.get("pin", ""))
        if user:
            db.session.commit()
            login_user(user, remember=True)
            return redirect(_safe_next(url_for("staff.event", slug=slug)))
        flash(_("Wrong PIN, or no name given."), "error")
    return render("auth/staff_pin.html", event=event)


@bp.route("/account/password", methods=["GET", "POST"])
@desk_required
def password():
    """The desk changes its password; other sessions and remember cookies of the account end."""
    if request.method == "POST":
        try:
            accounts.change_password(current_user, request.form.get("current", ""), request.form.get("new", ""))
            db.session.commit()
        except ServiceError as problem:
            db.session.rollback()
            flash(translate_violation(problem), "error")
            return render("auth/password.html"), 422
        login_user(current_user, remember=True)  # this browser stays signed in, with the new id
        flash(_("Password changed."), "ok")
        return redirect(url_for("desk.home"))
    return render("auth/password.html")


@bp.route("/logout", methods=["POST"])
def logout():
    """Sign out."""
    logout_user()
    return redirect(url_for("public.index"))
