"""The web edge: what every request passes through before and after a view.

- `auth`: Flask-Login set-up and the role guards of desk and staff pages.
- `security`: the session cookie, Talisman's headers and the strict CSP, CSRF.
- `form_tokens`: a phone's CSRF token, one for every page it loads at once (no race between
  the sign-in page and the outbox's fetch of a fresh token).
- `throttle`: sign-in attempts counted per account, per address and per event, so that a
  stranger's wrong PINs slow the stranger, not the referee with the right one.
- `limits`: request size and time limits (a huge or slow body is refused before it is read).
- `static_files`: files under static/ served by digest, compressed once, with long caching.
- `get_layers`: the layers that answer GETs before Flask (static files, kept pages, 304 polls) see
  GETs only; a POST (a phone's sync, a desk form) goes straight to the app.
- `i18n`: the reader's language (ja first, en second; ?lang= switches, a cookie remembers)
  and the translation of the domain's rule violations.

Views and services never import from here except `auth`'s guards (views) and `i18n`'s
translation of violations; the factory (`webapp.create_app`) wires it all in.
"""
