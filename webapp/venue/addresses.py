"""The laptop's LAN addresses and names: what the server certificate must cover."""
import ipaddress
import os
import socket

# Connecting a UDP socket sends nothing; it only picks the interface a packet would leave by.
_PROBES = ("10.255.255.255", "192.168.255.255", "172.31.255.255", "192.0.2.1")


def _outgoing_ips() -> set[str]:
    found = set()
    for probe in _PROBES:
        try:
            with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as sock:
                sock.connect((probe, 9))
                found.add(sock.getsockname()[0])
        except OSError:
            continue  # no route that way (a laptop on one network only)
    return found


def _hostname_ips(hostname: str) -> set[str]:
    try:
        return {info[4][0] for info in socket.getaddrinfo(hostname, None, socket.AF_INET)}
    except OSError:
        return set()


def _usable(ip: str) -> bool:
    address = ipaddress.ip_address(ip)
    return not (address.is_loopback or address.is_unspecified or address.is_link_local)


def lan_ips() -> list[str]:
    """IPv4 addresses other machines on the venue network can reach this laptop by."""
    ips = _outgoing_ips() | _hostname_ips(socket.gethostname())
    return sorted((ip for ip in ips if _usable(ip)), key=ipaddress.ip_address)


def host_names() -> list[str]:
    """The laptop's host name and its mDNS form (name.local, what iPhones resolve)."""
    name = socket.gethostname().split(".")[0].lower()
    if not name or name == "localhost":
        return []
    return [name, f"{name}.local"]


def venue_hosts(extra: str | None = None) -> list[str]:
    """Every name and address for the certificate: LAN IPs first (for QR codes), then names,
    extra ones from TAIKAI_VENUE_HOSTS (comma-separated), and localhost for the desk itself."""
    extra_hosts = [h.strip().lower() for h in (extra if extra is not None
                                               else os.environ.get("TAIKAI_VENUE_HOSTS", "")).split(",")]
    hosts = [h for h in extra_hosts if h] + lan_ips() + host_names() + ["localhost", "127.0.0.1"]
    return list(dict.fromkeys(hosts))  # first one wins, order kept
