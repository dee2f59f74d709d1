"""Security headers (Flask-Talisman) and cookies fit for the internet.

Headers on every response: a Content-Security-Policy with no inline scripts,
nosniff, a Referrer-Policy, HSTS over https; desk, staff and sign-in pages may
not be framed at all. Cookies are Secure whenever the request came over https
(directly or through a trusted proxy), so one configuration serves `make run`
on http://127.0.0.1 and the venue or public host over https.
"""
from flask import Flask, request
from flask.sessions import SecureCookieSessionInterface
from flask_talisman import Talisman

talisman = Talisman()

# Scripts only from our own files: no inline code, no eval (htmx is told so in base.html).
# Inline style attributes are allowed: styles cannot run code, and computed layouts
# (bracket drawings) set them.
CSP = {
    "default-src": "'self'",
    "script-src": "'self'",
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": ["'self'", "data:"],
    "connect-src": "'self'",
    "worker-src": "'self'",
    "manifest-src": "'self'",
    "object-src": "'none'",
    "base-uri": "'self'",
    "form-action": "'self'",
    "frame-ancestors": "'self'",
}
# Pages that act for a signed-in person never appear inside another page (clickjacking).
UNFRAMED_BLUEPRINTS = {"desk", "desk_plan", "staff", "conflicts", "auth", "venue", "desk_players", "player", "signup"}
REFERRER_POLICY = "same-origin"


class _HttpsAwareSessions(SecureCookieSessionInterface):
    """The session cookie is Secure when the request came over https."""

    def get_cookie_secure(self, app: Flask) -> bool:
        return bool(app.config["SESSION_COOKIE_SECURE"] or request.is_secure)


def init_security(app: Flask) -> None:
    """Headers and cookie flags. Call before the login manager (see _secure_cookies)."""
    app.session_interface = _HttpsAwareSessions()
    app.after_request(_secure_cookies)  # registered first, so it runs after Flask-Login's
    app.after_request(_unframed)  # runs after Talisman's own header hook (registered below)
    talisman.init_app(app, force_https=False, session_cookie_secure=False,
                      content_security_policy=CSP, referrer_policy=REFERRER_POLICY,
                      frame_options="SAMEORIGIN", strict_transport_security=True,
                      strict_transport_security_include_subdomains=False,
                      x_content_type_options=True)


def _unframed(response):
    if request.blueprint in UNFRAMED_BLUEPRINTS:
        response.headers["X-Frame-Options"] = "DENY"
        policy = response.headers.get("Content-Security-Policy", "")
        response.headers["Content-Security-Policy"] = policy.replace(
            "frame-ancestors 'self'", "frame-ancestors 'none'")
    return response


def _secure_cookies(response):
    """Over https every cookie we set (the remember cookie too) carries Secure."""
    if not request.is_secure:
        return response
    cookies = response.headers.getlist("Set-Cookie")
    if cookies:
        response.headers.remove("Set-Cookie")
        for cookie in cookies:
            response.headers.add("Set-Cookie", cookie if "; Secure" in cookie else cookie + "; Secure")
    return response
