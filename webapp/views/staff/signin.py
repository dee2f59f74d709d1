"""Sign in and out for desk and staff; staff may also use an event PIN."""
from flask import Blueprint, flash, redirect, request, session, url_for
from flask_babel import gettext as _
from flask_login import current_user, login_user, logout_user

from ...extensions import db
from ...services import ServiceError
from ...services.accounts import login_sessions, signin_links
from ...services.accounts import users as accounts
from ...tournament.errors import N_
from ...web.auth import desk_required, local_path, phone_secret, sign_in
from ...web.i18n import translate_violation
from .. import render
from ..forms import LoginForm, ValidationError, load_form

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
        user = form and accounts.authenticate(form["username"], form["password"], form["code"])
        if user:
            sign_in(user)
            return redirect(_safe_next(url_for("desk.home") if user.is_desk else url_for("staff.home")))
        flash(_("Wrong user name, password or one-time code."), "error")
    return render("auth/login.html")


@bp.route("/e/<slug>/staff-login", methods=["GET", "POST"])
def staff_pin(slug):
    """Staff sign in once per event with the PIN the desk chose."""
    event = accounts.event_by_slug(slug)
    if request.method == "POST":
        if _pin_sign_in(event):
            return redirect(_safe_next(url_for("staff.event", slug=slug)))
    return render("auth/staff_pin.html", event=event)


def _pin_sign_in(event) -> bool:
    """Sign in with the form's name and PIN; False (and the words why flashed) when refused."""
    try:
        user = accounts.staff_by_pin(event, request.form.get("name", ""), request.form.get("pin", ""),
                                     phone_secret())
    except ServiceError as problem:  # the name is another phone's
        db.session.rollback()
        flash(translate_violation(problem), "error")
        return False
    if user is None:
        db.session.rollback()
        flash(_("Wrong PIN, or no name given."), "error")
        return False
    sign_in(user)
    return True


@bp.route("/in/<token>", methods=["GET", "POST"])
def link(token):
    """A person's QR code signs that person in (one tap, no PIN: the desk made it for them); a
    station's QR code asks the name and the event's PIN, then opens that station's match."""
    try:
        opened = signin_links.open_link(token)
    except ServiceError as problem:
        return render("auth/link.html", opened=None, problem=translate_violation(problem)), 410
    goal = url_for("staff.event", slug=opened.event.slug, station=opened.station.name if opened.station else None)
    if request.method == "GET" and opened.station and _signed_in_for(opened.event):
        return redirect(goal)  # already signed in here: straight to the station's match
    if request.method == "POST" and opened.user is not None:
        opened.user.phone_hash = login_sessions.digest(phone_secret())  # the desk gave this phone the name
        sign_in(opened.user)
        return redirect(goal)
    if request.method == "POST" and _pin_sign_in(opened.event):
        return redirect(goal)
    return render("auth/link.html", opened=opened, problem=None)


def _signed_in_for(event) -> bool:
    return current_user.is_authenticated and (current_user.is_desk or current_user.event_id == event.id)


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


@bp.route("/account/totp", methods=["GET", "POST"])
@desk_required
def totp():
    """The desk turns one-time codes (an authenticator app) on or off for its account."""
    user = current_user._get_current_object()
    if request.method == "POST":
        try:
            _change_totp(user)
        except ServiceError as problem:
            db.session.rollback()
            flash(translate_violation(problem), "error")
            return _totp_page(user), 422
        login_user(user, remember=True)  # this browser stays signed in, with the new id
        return redirect(url_for("auth.totp"))
    return _totp_page(user)


def _change_totp(user) -> None:
    if request.form.get("action") == "off":
        if not user.check_password(request.form.get("password", "")):
            raise ServiceError("account.password_wrong", N_("The current password is wrong."))
        accounts.set_totp(user, None)
        flash(_("One-time codes are off for this account."), "ok")
    else:
        accounts.set_totp(user, session.get("totp_pending") or "", request.form.get("code", ""))
        session.pop("totp_pending", None)
        flash(_("One-time codes are on: from now on, sign in with the code the app shows."), "ok")
    db.session.commit()


def _totp_page(user):
    from ...venue.views import qr_svg

    if user.totp_secret:
        return render("auth/totp.html", enabled=True)
    secret = session.setdefault("totp_pending", accounts.new_totp_secret())
    uri = accounts.totp_uri(user, secret, request.host.split(":")[0])
    return render("auth/totp.html", enabled=False, secret=secret, qr=qr_svg(uri, _("One-time codes")))


@bp.route("/logout", methods=["POST"])
def logout():
    """Sign out: this phone's session ends on the server too (a copied cookie opens nothing); the
    person's other phones, and everyone else's, stay signed in."""
    if current_user.is_authenticated:
        accounts.sign_out(current_user._get_current_object())
        db.session.commit()
    logout_user()
    return redirect(url_for("public.index"))
