"""Helpers several test files share (moved from tests/browser/test_venue_https.py, where they were imported from)."""
import base64
import hashlib
import pathlib

import pytest
from chromium_support import TEST_LIMIT_S, chromium_watchdog, close_chromium, launch_chromium
from cryptography.hazmat.primitives import serialization
from serving import GunicornProcess

from webapp.venue import pki

VENUE_NAME = "venue.taikai.test"


def spki_pin(cert_path: pathlib.Path) -> str:
    """base64(sha256(SubjectPublicKeyInfo)): what Chromium's SPKI allow-list takes."""
    cert = pki.load_cert(str(cert_path))
    spki = cert.public_key().public_bytes(serialization.Encoding.DER,
                                          serialization.PublicFormat.SubjectPublicKeyInfo)
    return base64.b64encode(hashlib.sha256(spki).digest()).decode()


@pytest.fixture
def venue_server(app, tmp_path):
    """`flask venue serve` (gunicorn over TLS), certificates made for venue.taikai.test."""
    server = GunicornProcess(app, ["venue", "serve"], TAIKAI_VENUE_DIR=str(tmp_path / "venue"),
                             TAIKAI_VENUE_HOSTS=VENUE_NAME).start()
    server.url = f"https://{VENUE_NAME}:{server.port}"
    server.pin = spki_pin(tmp_path / "venue" / "server.pem")
    yield server
    server.stop()


@pytest.fixture
def venue_browser(playwright_instance, venue_server):
    """Chromium that resolves the venue name to this machine and trusts the venue server's key."""
    browser = launch_chromium(playwright_instance, [f"--host-resolver-rules=MAP {VENUE_NAME} 127.0.0.1",
                                                    f"--ignore-certificate-errors-spki-list={venue_server.pin}"])
    with chromium_watchdog(browser, TEST_LIMIT_S):
        yield browser
    close_chromium(browser)
