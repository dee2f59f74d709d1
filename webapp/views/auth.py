"""Sign in and out for desk and staff; staff may also use an event PIN."""
from flask import Blueprint, flash, redirect, request, url_for
from flask_babel import gettext as _
from flask_login import login_user, logout_user

from ..auth import local_path
from ..extensions import db
from ..models import User
from ..schemas import LoginForm, ValidationError, load_form
from ..services import accounts
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


@bp.route("/logout", methods=["POST"])
def logout():
    """Sign out."""
    logout_user()
    return redirect(url_for("public.index"))
