"""Where this app keeps its venue certificates."""
import os

from flask import Flask

from .pki import VenueFiles


def venue_files(app: Flask) -> VenueFiles:
    """TAIKAI_VENUE_DIR, or venue/ in the instance folder."""
    return VenueFiles(app.config.get("TAIKAI_VENUE_DIR") or os.path.join(app.instance_path, "venue"))
