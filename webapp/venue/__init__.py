"""Serving taikai to a venue: production server, reverse-proxy trust, the laptop's own https."""
from flask import Flask


def init_venue(app: Flask) -> None:
    """ProxyFix, the `serve`/`venue` commands and the venue pages."""
    from . import cli, views
    from .proxies import trust_proxies

    trust_proxies(app)
    cli.init_app(app)
    app.register_blueprint(views.bp)
    app.context_processor(lambda: {"https_address": views.https_address})
