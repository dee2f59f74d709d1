"""Behind a reverse proxy: which forwarded headers count, and where the app's links point.

A forwarded header is the client's word unless a proxy the operator runs wrote it, and a page
kept for every viewer (webapp/polling) must never carry one client's word into another's page:
one `X-Forwarded-Prefix: //evil.example` once pointed every viewer's links at a stranger (issue 25).
So, in front of everything else:
- X-Forwarded-For and X-Forwarded-Proto count from TAIKAI_PROXIES proxies (0, the default: none);
- X-Forwarded-Host, -Port and -Prefix count only when the operator names them as well
  (TAIKAI_FORWARDED_HEADERS="host,prefix") because their proxy sets them on every request;
- every other forwarding header (Forwarded, X-Forwarded-Server, any X-Forwarded-* not trusted) is
  removed before the app sees it, so no later code can read it by mistake;
- the script root (and, with TAIKAI_PUBLIC_URL, the host and scheme) come from configuration,
  never from the request: a server's SCRIPT_NAME is replaced by TAIKAI_SCRIPT_ROOT (default none).
"""
from urllib.parse import urlsplit

from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix

NAMEABLE = ("host", "port", "prefix")  # what TAIKAI_FORWARDED_HEADERS may name
_ALWAYS = ("for", "proto")  # trusted from TAIKAI_PROXIES proxies without being named


def forwarded_names(config) -> frozenset[str]:
    """The X-Forwarded-* headers trusted: none without proxies; For and Proto, and those named."""
    if int(config.get("TAIKAI_PROXIES") or 0) <= 0:
        return frozenset()
    named = {n.strip().lower() for n in str(config.get("TAIKAI_FORWARDED_HEADERS") or "").split(",") if n.strip()}
    unknown = named - set(NAMEABLE)
    if unknown:
        raise ValueError(f"TAIKAI_FORWARDED_HEADERS may name only {', '.join(NAMEABLE)}; "
                         f"not {', '.join(sorted(unknown))}")
    return frozenset(_ALWAYS) | named


def public_origin(config) -> tuple[str | None, str | None, str]:
    """(scheme, host, script root) the operator configured: TAIKAI_PUBLIC_URL, TAIKAI_SCRIPT_ROOT."""
    url = str(config.get("TAIKAI_PUBLIC_URL") or "").strip()
    scheme = host = None
    path = ""
    if url:
        parts = urlsplit(url)
        if parts.scheme not in ("http", "https") or not parts.netloc or parts.query or parts.fragment:
            raise ValueError("TAIKAI_PUBLIC_URL is the site's address, e.g. https://taikai.example.jp")
        scheme, host, path = parts.scheme, parts.netloc, parts.path
    root = str(config.get("TAIKAI_SCRIPT_ROOT") or path).strip()
    if root and (not root.startswith("/") or root.startswith("//") or "?" in root or "#" in root):
        raise ValueError("TAIKAI_SCRIPT_ROOT is a path that starts with one /, e.g. /taikai")
    return scheme, host, root.rstrip("/")


class ForwardedHeaders:
    """WSGI layer: untrusted forwarding headers removed, the configured origin set."""

    def __init__(self, wsgi_app, trusted: frozenset[str], origin: tuple):
        self.wsgi_app = wsgi_app
        self.kept = {"HTTP_X_FORWARDED_" + name.upper() for name in trusted}
        self.scheme, self.host, self.root = origin

    def __call__(self, environ, start_response):
        for key in [k for k in environ if _forwarding(k) and k not in self.kept]:
            del environ[key]
        if not _a_path(environ.get("HTTP_X_FORWARDED_PREFIX")):
            environ.pop("HTTP_X_FORWARDED_PREFIX", None)  # even a trusted prefix is a path or nothing
        self._origin(environ)
        return self.wsgi_app(environ, start_response)

    def _origin(self, environ) -> None:
        path = environ.get("PATH_INFO", "")
        if self.root and (path == self.root or path.startswith(self.root + "/")):
            environ["PATH_INFO"] = path[len(self.root):]  # a proxy that passes the prefix on
        environ["SCRIPT_NAME"] = self.root
        if self.host:
            environ["HTTP_HOST"], environ["wsgi.url_scheme"] = self.host, self.scheme


def _a_path(header: str | None) -> bool:
    """Whether every prefix in the header is a path of this site ("/taikai"), not "//host" or "x"."""
    return header is None or all(p.strip().startswith("/") and not p.strip().startswith("//")
                                 and not any(c in p for c in "\\?#") for p in header.split(","))


def _forwarding(key: str) -> bool:
    return key.startswith("HTTP_X_FORWARDED_") or key == "HTTP_FORWARDED"


def trust_proxies(app: Flask) -> None:
    """Put the forwarded-header rules in front of the app (outermost: every layer sees their result)."""
    trusted = forwarded_names(app.config)
    count = int(app.config.get("TAIKAI_PROXIES") or 0)
    inner = app.wsgi_app
    if trusted:
        inner = ProxyFix(inner, x_for=count, x_proto=count, x_host=count * ("host" in trusted),
                         x_port=count * ("port" in trusted), x_prefix=count * ("prefix" in trusted))
    app.wsgi_app = ForwardedHeaders(inner, trusted, public_origin(app.config))
