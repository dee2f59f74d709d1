"""The desk links a stream station to a TournamentStreamHelper (TSH) on the venue's LAN.

TSH's web server (port 5000 by default) takes a match through its own endpoints; taikai pushes
the station's match there (services/stream/tsh_plan.py says which calls, webapp/stream/ sends them after
the commit). The address must be http(s) to a private LAN or loopback IP address as TSH shows it
("http://192.168.1.20:5000"): a host name could be made to point anywhere, and the server must never
be turned into a way to reach the internet, a public address for someone else, or a link-local one
(169.254.169.254 and fd00:ec2::254 are where cloud hosts answer with their credentials).
The push's state is kept on the station: failing since when, and why, for the desk's row.
"""
import ipaddress
from urllib.parse import urlsplit

from ...database import utcnow
from ...models import Station
from ...tournament.errors import N_
from .. import ServiceError
from ..accounts import audit
from ..entries import access

LANGUAGES = ("ja", "en")
_URL_MAX = 200
_SCOREBOARDS_MAX = 20
_HOLD_MAX = 600


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


_LAN = tuple(ipaddress.ip_network(n) for n in ("10.0.0.0/8", "172.16.0.0/12", "192.168.0.0/16", "127.0.0.0/8",
                                                "::1/128", "fc00::/7"))
_NEVER = tuple(ipaddress.ip_network(n) for n in ("169.254.0.0/16", "fe80::/10", "fd00:ec2::/32", "100.64.0.0/10"))


def _on_the_lan(address) -> bool:
    """Only the private ranges a venue LAN has, and loopback; never link-local or a cloud's metadata."""
    mapped = getattr(address, "ipv4_mapped", None)
    address = mapped or address
    if any(address in net for net in _NEVER if net.version == address.version):
        return False
    return any(address in net for net in _LAN if net.version == address.version)


def check_scoreboard(raw) -> int:
    """TSH's scoreboard number for the station (1 when blank), or a ServiceError naming the rule."""
    text = str(raw if raw is not None else "").strip() or "1"
    if not text.isdigit() or not 1 <= int(text) <= _SCOREBOARDS_MAX:
        raise ServiceError("tsh.scoreboard", N_("The scoreboard number is the one TournamentStreamHelper shows on "
                                                "its tab: 1, 2, 3… (1 when it has one)."))
    return int(text)


def link(station: Station, raw_url: str, language: str = "ja", user=None, scoreboard=1) -> None:
    """Link (or, with an empty address, unlink) the station's TSH; a stream station only."""
    access.check_desk(user)
    url = check_url(raw_url)
    number = check_scoreboard(scoreboard)
    if url and not station.stream:
        raise ServiceError("tsh.stream_only", N_("Only a stream station sends its match to TournamentStreamHelper."))
    station.tsh_url, station.tsh_scoreboard, station.tsh_api = url, number, ""
    station.tsh_language = language if language in LANGUAGES else "ja"
    station.tsh_failed_at, station.tsh_error = None, ""
    audit.record("station.tsh", user, station.event_id, name=station.name, url=url, language=station.tsh_language,
                 scoreboard=number)


# What the desk's badge says for each reason the push failed (webapp/stream/tsh_http.py's codes).
PROBLEMS = {
    "unreachable": N_("TournamentStreamHelper cannot be reached: check that the stream PC is on the venue "
                      "network and its address is right."),
    "refused": N_("The stream PC refuses the connection: start TournamentStreamHelper (its web server, port "
                  "5000) or allow it through the stream PC's firewall."),
    "slow": N_("TournamentStreamHelper answers too slowly: check the stream PC's network; other stations "
               "are not held up."),
    "http500": N_("TournamentStreamHelper answers 500: probably a different TSH version, or its scoreboard "
                  "number does not exist. Check the scoreboard number, or update TSH."),
    "notsh": N_("Something answers at that address, but not as TournamentStreamHelper: check the address "
                "and the port TSH shows."),
}
OTHER_PROBLEM = N_("TournamentStreamHelper answers with an error: update TSH or check its address.")
# A TSH from 2022 has no way to take players from outside.
NO_PLAYERS = N_("This TournamentStreamHelper (2022) takes the round and the score but not the players: "
                "update TSH to show names and characters.")


def problem_words(station: Station) -> str:
    """The badge's words for the station's failing push (a msgid: the page translates it)."""
    return PROBLEMS.get(station.tsh_error, OTHER_PROBLEM)


def set_hold(station: Station, raw, user=None) -> None:
    """How long (seconds) the stream station keeps a finished match's final score before auto-call
    takes it again: 0 to 600."""
    access.check_desk(user)
    text = str(raw if raw is not None else "").strip() or "0"
    if not text.isdigit() or int(text) > _HOLD_MAX:
        raise ServiceError("stream.hold", N_("Give the seconds the final score stays on the stream: 0 to 600."))
    station.stream_hold = int(text)
    audit.record("station.stream_hold", user, station.event_id, name=station.name, seconds=station.stream_hold)


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
