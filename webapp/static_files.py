"""Static files: versioned URLs (?v=<digest of static/>) cached for a year, compressed for every browser."""
from flask import Flask, request


def init_static_files(app: Flask) -> None:
    """Version every url_for('static') and let browsers keep versioned files."""
    from .views.public import static_digest

    @app.url_defaults
    def _version(endpoint, values):
        if endpoint == "static" and "v" not in values:
            values["v"] = static_digest(app.static_folder)

    @app.after_request
    def _long_lived(response):
        # Only the current version's URL is immutable; an old ?v= may be served new content.
        if request.endpoint == "static" and request.args.get("v") == static_digest(app.static_folder) \
                and response.status_code in (200, 304):
            response.cache_control.max_age = 365 * 24 * 3600
            response.cache_control.public = True
            response.cache_control.immutable = True
            response.cache_control.no_cache = None
        return response
