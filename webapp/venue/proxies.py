"""Behind an HTTPS reverse proxy: trust X-Forwarded-* from exactly the configured number of proxies."""
from flask import Flask
from werkzeug.middleware.proxy_fix import ProxyFix


def trust_proxies(app: Flask) -> None:
    """Wrap the app in ProxyFix for TAIKAI_PROXIES proxies (0: headers ignored, the default)."""
    count = int(app.config.get("TAIKAI_PROXIES") or 0)
    if count > 0:
        app.wsgi_app = ProxyFix(app.wsgi_app, x_for=count, x_proto=count, x_host=count,
                                x_port=count, x_prefix=count)
