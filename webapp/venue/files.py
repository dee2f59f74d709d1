"""Where this app keeps its venue certificates."""
import os

from flask import Flask

from .pki import VenueFiles


def venue_files(app: Flask) -> VenueFiles:
    """TAIKAI_VENUE_DIR, or venue/ in the instance folder."""
    return VenueFiles(app.config.get("TAIKAI_VENUE_DIR") or os.path.join(app.instance_path, "venue"))


def remember_port(app: Flask, port: int) -> None:
    """The port `venue serve` listens on, for pages served another way to link to (the http banner)."""
    path = venue_files(app).path("port")
    with open(path, "w") as handle:
        handle.write(str(port))


def venue_port(app: Flask) -> int:
    """The port the venue server last listened on (TAIKAI_VENUE_PORT, 8443, before it ever ran)."""
    try:
        with open(venue_files(app).path("port")) as handle:
            return int(handle.read().strip())
    except (OSError, ValueError):
        return int(os.environ.get("TAIKAI_VENUE_PORT", "8443"))
