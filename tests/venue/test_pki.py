"""The venue CA and server certificate: made once, renewed in time, the key kept private."""
import datetime as dt
import ipaddress
import os
import stat

from cryptography import x509
from cryptography.x509.oid import ExtendedKeyUsageOID

from webapp.venue import addresses, pki

HOSTS = ["192.168.1.20", "desk-laptop", "desk-laptop.local", "localhost", "127.0.0.1"]


def files(tmp_path) -> pki.VenueFiles:
    return pki.VenueFiles(str(tmp_path / "venue"))


def test_ca_is_made_once_and_signs_a_server_certificate_for_every_lan_name(tmp_path):
    venue = files(tmp_path)
    assert pki.ensure_certificates(venue, HOSTS, "desk-laptop") == "missing"
    ca, server = pki.load_cert(venue.ca_cert), pki.load_cert(venue.server_cert)
    assert ca.extensions.get_extension_for_class(x509.BasicConstraints).value.ca is True
    assert server.issuer == ca.subject
    server.verify_directly_issued_by(ca)
    san = server.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    assert san.get_values_for_type(x509.IPAddress) == [ipaddress.ip_address("192.168.1.20"),
                                                       ipaddress.ip_address("127.0.0.1")]
    assert san.get_values_for_type(x509.DNSName) == ["desk-laptop", "desk-laptop.local", "localhost"]
    eku = server.extensions.get_extension_for_class(x509.ExtendedKeyUsage).value
    assert list(eku) == [ExtendedKeyUsageOID.SERVER_AUTH]
    # Phones check the validity limit of server certificates (Apple: at most 398 days).
    assert (server.not_valid_after_utc - server.not_valid_before_utc).days <= 398
    assert pki.ensure_certificates(venue, HOSTS, "desk-laptop") is None  # nothing to do the second time
    assert pki.load_cert(venue.ca_cert) == ca and pki.load_cert(venue.server_cert) == server


def test_server_certificate_is_renewed_before_it_expires(tmp_path):
    venue = files(tmp_path)
    pki.ensure_certificates(venue, HOSTS, "desk-laptop")
    ca, first = pki.load_cert(venue.ca_cert), pki.load_cert(venue.server_cert)
    later = first.not_valid_after_utc - dt.timedelta(days=pki.RENEW_DAYS + 1)
    assert pki.ensure_certificates(venue, HOSTS, "desk-laptop", now=later) is None
    soon = first.not_valid_after_utc - dt.timedelta(days=pki.RENEW_DAYS - 1)
    assert pki.ensure_certificates(venue, HOSTS, "desk-laptop", now=soon) == "expiring"
    renewed = pki.load_cert(venue.server_cert)
    assert renewed.serial_number != first.serial_number
    assert pki.load_cert(venue.ca_cert) == ca  # phones keep trusting: the CA stays


def test_server_certificate_follows_a_changed_address(tmp_path):
    venue = files(tmp_path)
    pki.ensure_certificates(venue, HOSTS, "desk-laptop")
    moved = ["10.0.0.7"] + HOSTS[1:]
    assert pki.ensure_certificates(venue, moved, "desk-laptop") == "addresses changed"
    assert pki.cert_hosts(pki.load_cert(venue.server_cert)) == moved


def test_keys_are_readable_by_their_owner_only(tmp_path):
    venue = files(tmp_path)
    pki.ensure_certificates(venue, HOSTS, "desk-laptop")
    for key in (venue.ca_key, venue.server_key):
        assert stat.S_IMODE(os.stat(key).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(venue.folder).st_mode) == 0o700


def test_venue_hosts_put_configured_names_first_and_always_cover_localhost():
    hosts = addresses.venue_hosts("Taikai.lan, 192.168.0.9")
    assert hosts[:2] == ["taikai.lan", "192.168.0.9"]
    assert {"localhost", "127.0.0.1"} <= set(hosts) and len(hosts) == len(set(hosts))
    assert all(not ipaddress.ip_address(ip).is_loopback for ip in addresses.lan_ips())
