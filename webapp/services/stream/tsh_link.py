"""The desk links a stream station to a TournamentStreamHelper (TSH) on the venue's LAN.

TSH's web server (port 5000 by default) takes a match through its own endpoints; taikai pushes
the station's match there (services/stream/tsh_plan.py says which calls, webapp/stream/ sends them after
the commit). The address must be http(s) to a private, loopback or link-local IP address as TSH
shows it ("http://192.168.1.20:5000"): a host name could be made to point anywhere, and the server
must never be turned into a way to reach the internet or a public address for someone else.
The push's state is kept on the station: failing since when, and why, for the desk's row.
"""
import ipaddress
from urllib.parse import urlsplit

from ...models import Station
from ...models.base import utcnow
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..entries import access

LANGUAGES = ("ja", "en")
_URL_MAX = 200


def check_url(raw: str) -> str:
    """The address as kept ("http://192.168.1.20:5000"), or a ServiceError naming the rule."""
    url = (raw or "").strip().rstrip("/")
    if not url:
        return ""
    if len(url) > _URL_MAX or any(c.isspace() or ord(c) < 32 for c in url):
        raise ServiceError("tsh.url", N_("Give TournamentStreamHelper's address as it shows it, "
                                         "e.g. http://192.168.1.20:5000."))
    try:
        parts = urlsplit(url)
        port = parts.port
        address = ipaddress.ip_address(parts.hostname or "")
    except ValueError:
        raise ServiceError("tsh.url", N_("Give TournamentStreamHelper's address as it shows it, "
                                         "e.g. http://192.168.1.20:5000.")) from None
    if parts.scheme not in ("http", "https") or parts.username or parts.password or parts.path \
            or parts.query or parts.fragment:
        raise ServiceError("tsh.url", N_("Give TournamentStreamHelper's address as it shows it, "
                                         "e.g. http://192.168.1.20:5000."))
    if not _on_the_lan(address):
        raise ServiceError("tsh.lan", N_("TournamentStreamHelper must be on the venue's network: "
                                         "a private address such as 192.168.x.x, 10.x.x.x or 172.16-31.x.x."))
    host = f"[{address}]" if address.version == 6 else str(address)
    return f"{parts.scheme}://{host}" + (f":{port}" if port else "")


def _on_the_lan(address) -> bool:
    if address.is_multicast or address.is_unspecified or address.is_reserved:
        return False
    return address.is_private or address.is_loopback or address.is_link_local


def link(station: Station, raw_url: str, language: str = "ja", user=None) -> None:
    """Link (or, with an empty address, unlink) the station's TSH; a stream station only."""
    access.check_desk(user)
    url = check_url(raw_url)
    if url and not station.stream:
        raise ServiceError("tsh.stream_only", N_("Only a stream station sends its match to TournamentStreamHelper."))
    station.tsh_url = url
    station.tsh_language = language if language in LANGUAGES else "ja"
    station.tsh_failed_at, station.tsh_error = None, ""
    audit.record("station.tsh", user, station.event_id, name=station.name, url=url, language=station.tsh_language)


def note_failure(station: Station, reason: str) -> bool:
    """The push failed; returns True the first time (the desk is told once, the worker retries)."""
    station.tsh_error = reason[:200]
    if station.tsh_failed_at is not None:
        return False
    station.tsh_failed_at = utcnow()
    return True


def note_success(station: Station) -> None:
    """The push went through: the station's row stops saying TSH is unreachable."""
    station.tsh_failed_at, station.tsh_error = None, ""
