"""Who a request comes from, as the throttles count it: the sign-in throttle and the read API's."""
import hashlib
import hmac
import ipaddress

from flask_limiter.util import get_remote_address


def client_key() -> str:
    """The client's address (after ProxyFix); IPv6 by its /64."""
    address = get_remote_address() or ""
    try:
        parsed = ipaddress.ip_address(address)
    except ValueError:
        return address[:64]
    if parsed.version == 4:
        return str(parsed)
    if parsed.ipv4_mapped:
        return str(parsed.ipv4_mapped)
    return str(ipaddress.ip_network(f"{parsed}/64", strict=False))


def keyed_client(purpose: str) -> str:
    """The client's address keyed with the server's secret (HMAC-SHA256), for what is stored to count a
    sender (a sign-up's): without the key nobody can run through the 2^32 IPv4 addresses to find it."""
    from flask import current_app

    key = hashlib.sha256(b"taikai-sender:" + str(current_app.config["SECRET_KEY"]).encode()).digest()
    return hmac.new(key, f"{purpose}:{client_key()}".encode(), hashlib.sha256).hexdigest()
