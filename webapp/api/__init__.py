"""The read API (/api/v1/): public results as JSON for rankings sites, archives and stream tools.

No sign-in: it answers what the public pages show. Around every route (gate.py): an ETag from
the same version numbers the pages use (a 304 reads one row), CORS for GET (any site may read),
a per-client throttle that never counts a signed-in desk or phone, and errors in JSON.
The document is /api/v1/openapi.json (openapi.py), made from the schemas of schemas.py.
"""


def init_api(app) -> None:
    """Register the routes and their gate."""
    from . import exports, gate, routes  # noqa: F401  (their routes and hooks are on the blueprint)
    from .blueprint import bp

    app.register_blueprint(bp)
