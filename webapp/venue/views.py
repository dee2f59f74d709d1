"""The desk's /venue page (QR codes for phones) and the venue CA downloads.

Only the CA *certificate* is served (PEM, DER, iOS profile); its key has no route.
"""
import os

import segno
from flask import Blueprint, Response, current_app, request, url_for
from flask_babel import gettext as _
from markupsafe import Markup

from ..extensions import db
from ..models import Event
from ..operations import phone_sync
from ..web.auth import desk_required
from ..web.pages import render
from . import addresses, pki
from .files import venue_files, venue_port
from .profile import mobileconfig

bp = Blueprint("venue", __name__, url_prefix="/venue")

LOCAL_HOSTS = {"localhost", "127.0.0.1", "::1"}


def qr_svg(url: str, title: str) -> Markup:
    """A QR code as inline SVG (no script, no image request)."""
    svg = segno.make(url, error="m").svg_inline(scale=4, border=4, title=title, svgclass="qr", light="#fff")
    return Markup(svg.replace("<svg ", '<svg role="img" ', 1))  # read out by its title


class NoVenueCertificate(Exception):
    """This server was not started with `venue serve`: there is no CA to download."""


def _ca_or_404():
    ca = pki.load_cert(venue_files(current_app).ca_cert)
    if ca is None:
        raise NoVenueCertificate()
    return ca


@bp.errorhandler(NoVenueCertificate)
def _no_venue(_problem):
    """The install page, saying how the desk makes the certificate (404: nothing to download)."""
    return render("venue/install.html", ca=None, fingerprint="", ca_name=""), 404


def _phone_hosts() -> list[str]:
    """The names and addresses the server certificate covers that a phone can reach."""
    cert = pki.load_cert(venue_files(current_app).server_cert)
    return [h for h in pki.cert_hosts(cert) if h not in LOCAL_HOSTS] if cert else []


def _port() -> int:
    if request.is_secure and ":" in request.host.rsplit("]", 1)[-1]:
        return int(request.host.rsplit(":", 1)[1])
    return int(os.environ.get("TAIKAI_VENUE_PORT", "8443"))


def _base_url(hosts: list[str]) -> tuple[str, str | None]:
    """The address phones should open (chosen with ?host=), and which host that is."""
    if not hosts:
        return request.host_url.rstrip("/"), None  # a public host: the address the desk used
    host = request.args.get("host") if request.args.get("host") in hosts else hosts[0]
    return f"https://{host}:{_port()}", host


def https_address() -> str:
    """This page at https: the venue laptop's TLS port when it has a venue certificate."""
    host = request.host.rsplit(":", 1)[0] if not request.host.endswith("]") else request.host
    has_venue = pki.load_cert(venue_files(current_app).server_cert) is not None
    port = f":{venue_port(current_app)}" if has_venue else ""  # where `venue serve` really listens
    return f"https://{host}{port}{request.full_path.rstrip('?')}"


@bp.route("/")
@desk_required
def desk():
    """QR codes: trust the venue certificate, then the staff sign-in of each event."""
    hosts = _phone_hosts()
    base, host = _base_url(hosts)
    files = venue_files(current_app)
    ca, server = pki.load_cert(files.ca_cert), pki.load_cert(files.server_cert)
    install_url = base + url_for("venue.install")
    events = db.session.query(Event).order_by(Event.id.desc()).limit(12).all()
    # DHCP may have moved the laptop since `venue serve` made the certificate.
    uncovered = [ip for ip in addresses.lan_ips() if ip not in hosts] if hosts else []
    sign_ins = [(event, base + url_for("auth.staff_pin", slug=event.slug)) for event in events]
    return render("desk/venue.html", hosts=hosts, host=host, base=base, ca=ca, server=server,
                  fingerprint=pki.fingerprint(ca) if ca else "", ca_name=pki.common_name(ca) if ca else "",
                  install_url=install_url,
                  install_qr=qr_svg(install_url, _("Install the venue certificate")),
                  sign_ins=[(e, url, qr_svg(url, _("Staff sign-in: %(event)s", event=e.name)))
                            for e, url in sign_ins],
                  staff_url=base + url_for("staff.home"), uncovered=uncovered, phones=phone_sync.phones())


@bp.route("/install")
def install():
    """Step by step on the phone: download and trust the venue certificate (iPhone, Android)."""
    ca = pki.load_cert(venue_files(current_app).ca_cert)
    return render("venue/install.html", ca=ca, fingerprint=pki.fingerprint(ca) if ca else "",
                  ca_name=pki.common_name(ca) if ca else "")


def _download(body: bytes, mimetype: str, filename: str) -> Response:
    response = Response(body, mimetype=mimetype)
    response.headers["Content-Disposition"] = f'attachment; filename="{filename}"'
    return response


@bp.route("/taikai-venue-ca.pem")
def ca_pem():
    """The CA certificate, PEM."""
    return _download(pki.pem(_ca_or_404()), "application/x-pem-file", "taikai-venue-ca.pem")


@bp.route("/taikai-venue-ca.crt")
def ca_crt():
    """The CA certificate, DER (Android: Install a certificate > CA certificate)."""
    return _download(pki.der(_ca_or_404()), "application/x-x509-ca-cert", "taikai-venue-ca.crt")


@bp.route("/taikai-venue.mobileconfig")
def ca_mobileconfig():
    """The CA in an iOS configuration profile (Safari downloads it to Settings)."""
    return _download(mobileconfig(_ca_or_404()), "application/x-apple-aspen-config",
                     "taikai-venue.mobileconfig")
