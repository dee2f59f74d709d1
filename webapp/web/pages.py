"""The page-or-fragment helper every page (views, the venue's, the error pages) renders with."""
from flask import render_template, request


def render(page: str, partial: str | None = None, **context):
    """Render the full page, or only its partial when htmx asks for a fragment.

    The full page includes the same partial, so both always agree.
    """
    if partial and getattr(request, "htmx", False) and not request.htmx.boosted:
        return render_template(partial, **context)
    return render_template(page, **context)
