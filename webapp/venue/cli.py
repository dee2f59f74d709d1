"""`flask serve` (public host, behind an HTTPS proxy) and `flask venue serve` (the desk laptop, TLS)."""
import os
import socket
import subprocess
import sys
from pathlib import Path

import click
from flask import Flask, current_app
from flask.cli import with_appcontext

from . import addresses, pki, server
from .files import remember_port, venue_files


def init_app(app: Flask) -> None:
    """Register the commands."""
    app.cli.add_command(serve)
    app.cli.add_command(venue)


def _upgrade() -> None:
    from flask_migrate import upgrade

    from ..extensions import db
    from ..models import User

    upgrade()  # the schema is current before the first worker answers
    if not db.session.query(User.id).filter_by(role="desk").first():
        click.echo("no desk account yet: create one with  .venv/bin/flask --app wsgi create-desk USERNAME")
    db.session.remove()


@click.command("serve")
@with_appcontext
def serve() -> None:
    """Production server: gunicorn on TAIKAI_BIND (default 127.0.0.1:8000), migrations first."""
    _upgrade()
    bind = os.environ.get("TAIKAI_BIND", "127.0.0.1:8000")
    click.echo(f"taikai on http://{bind} (put an HTTPS proxy in front; TAIKAI_PROXIES=1)")
    server.run(current_app._get_current_object(), server.server_options(bind))


@click.group("venue")
def venue() -> None:
    """The desk laptop as the venue server, over https on the LAN."""


def prepare_certificates() -> tuple[pki.VenueFiles, list[str]]:
    """Make the CA once and (re-)issue the server certificate when needed; say what happened."""
    files = venue_files(current_app)
    hosts = addresses.venue_hosts()
    reason = pki.ensure_certificates(files, hosts, socket.gethostname().split(".")[0])
    cert = pki.load_cert(files.server_cert)
    if reason:
        click.echo(f"server certificate issued ({reason}) for {', '.join(hosts)}")
    click.echo(f"server certificate valid until {cert.not_valid_after_utc:%Y-%m-%d}; "
               f"CA SHA-256 {pki.fingerprint(pki.load_cert(files.ca_cert))}")
    return files, hosts


@venue.command("certs")
@with_appcontext
def certs() -> None:
    """Only make or renew the certificates (kept in the instance folder's venue/)."""
    prepare_certificates()


@venue.command("serve")
@with_appcontext
def venue_serve() -> None:
    """HTTPS on the LAN: certificates, migrations, then gunicorn over TLS on TAIKAI_VENUE_PORT (8443)."""
    files, hosts = prepare_certificates()
    _upgrade()
    bind = os.environ.get("TAIKAI_BIND") or f"0.0.0.0:{os.environ.get('TAIKAI_VENUE_PORT', '8443')}"
    port = int(bind.rsplit(":", 1)[1])
    remember_port(current_app, port)  # the http banner links here, whatever TAIKAI_BIND said
    for host in hosts:
        click.echo(f"  https://{host if ':' not in host else f'[{host}]'}:{port}/")
    click.echo(f"desk: open https://localhost:{port}/venue for the phones' QR codes")
    pusher = _start_pusher()
    try:
        server.run(current_app._get_current_object(),
                   server.server_options(bind, files.server_cert, files.server_key))
    finally:
        if pusher is not None:
            pusher.terminate()


def _start_pusher() -> subprocess.Popen | None:
    """`flask mirror run` beside the server: events linked to a public site are pushed with no second terminal."""
    if os.environ.get("TAIKAI_MIRROR_PUSH") == "0" or current_app.config.get("MIRROR_PUSH"):
        return None  # switched off, or already pushing inside this process
    click.echo("mirror: events linked to a public site are pushed whenever it can be reached")
    env = {**os.environ, "TAIKAI_MIRROR_PUSH": "0", "TAIKAI_MIRROR_PARENT": str(os.getpid())}
    return subprocess.Popen([sys.executable, "-m", "flask", "--app", "wsgi", "mirror", "run"], env=env,
                            cwd=Path(__file__).resolve().parents[2])  # where wsgi.py is
