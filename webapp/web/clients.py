"""Who a request comes from, as the throttles count it: the sign-in throttle and the read API's."""
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
