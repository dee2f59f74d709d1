"""The read API's blueprint, apart from the package so its route modules can import it."""
from flask import Blueprint

bp = Blueprint("api", __name__, url_prefix="/api/v1")
