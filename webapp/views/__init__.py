"""Blueprints; pages render with web/pages.render (kept here as views.render)."""
from ..web.pages import render  # noqa: F401
