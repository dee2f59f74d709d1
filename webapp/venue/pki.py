"""The venue laptop's own certificate authority and its server certificate (pure `cryptography`).

The CA is made once and kept in the venue folder (phones trust it once); the server
certificate is re-issued whenever it nears its end or the laptop's addresses change.
The CA key stays in that folder: nothing here serves it.
"""
import datetime as dt
import ipaddress
import os
from dataclasses import dataclass

from cryptography import x509
from cryptography.hazmat.primitives import hashes, serialization
from cryptography.hazmat.primitives.asymmetric import ec
from cryptography.x509.oid import ExtendedKeyUsageOID, NameOID

CA_YEARS = 10
SERVER_DAYS = 397    # under Apple's limit for TLS server certificates
RENEW_DAYS = 30      # re-issued when fewer days than this remain


@dataclass(frozen=True)
class VenueFiles:
    """Where the venue's certificate files live (the instance folder's venue/)."""

    folder: str

    def path(self, name: str) -> str:
        """The full path of one of the files."""
        return os.path.join(self.folder, name)

    @property
    def ca_cert(self) -> str:
        return self.path("ca.pem")

    @property
    def ca_key(self) -> str:
        return self.path("ca-key.pem")

    @property
    def server_cert(self) -> str:
        return self.path("server.pem")

    @property
    def server_key(self) -> str:
        return self.path("server-key.pem")


def _now() -> dt.datetime:
    return dt.datetime.now(dt.timezone.utc)


def _write_private(path: str, data: bytes) -> None:
    """A key file readable by its owner only, replaced atomically."""
    tmp = path + ".tmp"
    with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o600), "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def _write_public(path: str, data: bytes) -> None:
    tmp = path + ".tmp"
    with open(tmp, "wb") as handle:
        handle.write(data)
    os.replace(tmp, path)


def _key_pem(key) -> bytes:
    return key.private_bytes(serialization.Encoding.PEM, serialization.PrivateFormat.PKCS8,
                             serialization.NoEncryption())


def load_cert(path: str) -> x509.Certificate | None:
    """The certificate in a PEM file, or None when there is none."""
    try:
        with open(path, "rb") as handle:
            return x509.load_pem_x509_certificate(handle.read())
    except FileNotFoundError:
        return None


def ensure_ca(files: VenueFiles, label: str) -> x509.Certificate:
    """The venue CA, made on first use (named after the laptop so phones can tell it apart)."""
    existing = load_cert(files.ca_cert)
    if existing is not None and os.path.exists(files.ca_key):
        return existing
    os.makedirs(files.folder, mode=0o700, exist_ok=True)
    key = ec.generate_private_key(ec.SECP256R1())
    name = x509.Name([x509.NameAttribute(NameOID.ORGANIZATION_NAME, "taikai venue"),
                      x509.NameAttribute(NameOID.COMMON_NAME, f"taikai venue CA {label}"[:64])])
    now = _now()
    cert = (x509.CertificateBuilder().subject_name(name).issuer_name(name).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(hours=1))
            .not_valid_after(now + dt.timedelta(days=365 * CA_YEARS))
            .add_extension(x509.BasicConstraints(ca=True, path_length=0), critical=True)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=True, crl_sign=True,
                                         content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .sign(key, hashes.SHA256()))
    _write_private(files.ca_key, _key_pem(key))
    _write_public(files.ca_cert, cert.public_bytes(serialization.Encoding.PEM))
    return cert


def _san_entries(hosts: list[str]) -> list[x509.GeneralName]:
    entries = []
    for host in hosts:
        try:
            entries.append(x509.IPAddress(ipaddress.ip_address(host)))
        except ValueError:
            entries.append(x509.DNSName(host))
    return entries


def cert_hosts(cert: x509.Certificate) -> list[str]:
    """The names and addresses a certificate is valid for, in its own order."""
    try:
        san = cert.extensions.get_extension_for_class(x509.SubjectAlternativeName).value
    except x509.ExtensionNotFound:
        return []
    return [str(entry.value) for entry in san]


def needs_new_server_cert(files: VenueFiles, hosts: list[str], now: dt.datetime | None = None) -> str | None:
    """Why the server certificate must be (re-)issued, or None when it is still good."""
    cert, ca = load_cert(files.server_cert), load_cert(files.ca_cert)
    if cert is None or not os.path.exists(files.server_key):
        return "missing"
    if ca is None or cert.issuer != ca.subject:
        return "other CA"
    if cert.not_valid_after_utc - (now or _now()) < dt.timedelta(days=RENEW_DAYS):
        return "expiring"
    if set(cert_hosts(cert)) != set(hosts):
        return "addresses changed"
    return None


def issue_server_cert(files: VenueFiles, hosts: list[str]) -> x509.Certificate:
    """A new server certificate for these names and addresses, signed by the venue CA."""
    with open(files.ca_key, "rb") as handle:
        ca_key = serialization.load_pem_private_key(handle.read(), password=None)
    ca = load_cert(files.ca_cert)
    key = ec.generate_private_key(ec.SECP256R1())
    now = _now()
    cert = (x509.CertificateBuilder()
            .subject_name(x509.Name([x509.NameAttribute(NameOID.COMMON_NAME, hosts[0][:64])]))
            .issuer_name(ca.subject).public_key(key.public_key())
            .serial_number(x509.random_serial_number())
            .not_valid_before(now - dt.timedelta(hours=1))
            .not_valid_after(now + dt.timedelta(days=SERVER_DAYS))
            .add_extension(x509.SubjectAlternativeName(_san_entries(hosts)), critical=False)
            .add_extension(x509.BasicConstraints(ca=False, path_length=None), critical=True)
            .add_extension(x509.ExtendedKeyUsage([ExtendedKeyUsageOID.SERVER_AUTH]), critical=False)
            .add_extension(x509.KeyUsage(digital_signature=True, key_cert_sign=False, crl_sign=False,
                                         content_commitment=False, key_encipherment=False,
                                         data_encipherment=False, key_agreement=False,
                                         encipher_only=False, decipher_only=False), critical=True)
            .add_extension(x509.SubjectKeyIdentifier.from_public_key(key.public_key()), critical=False)
            .add_extension(x509.AuthorityKeyIdentifier.from_issuer_public_key(ca_key.public_key()),
                           critical=False)
            .sign(ca_key, hashes.SHA256()))
    _write_private(files.server_key, _key_pem(key))
    _write_public(files.server_cert, cert.public_bytes(serialization.Encoding.PEM))
    return cert


def ensure_certificates(files: VenueFiles, hosts: list[str], label: str,
                        now: dt.datetime | None = None) -> str | None:
    """CA made once, server certificate renewed if needed; returns why it was (re-)issued."""
    ensure_ca(files, label)
    reason = needs_new_server_cert(files, hosts, now)
    if reason:
        issue_server_cert(files, hosts)
    return reason


def pem(cert: x509.Certificate) -> bytes:
    """A certificate in PEM."""
    return cert.public_bytes(serialization.Encoding.PEM)


def der(cert: x509.Certificate) -> bytes:
    """A certificate in DER (what Android's "CA certificate" installer takes)."""
    return cert.public_bytes(serialization.Encoding.DER)


def common_name(cert: x509.Certificate) -> str:
    """The certificate's CN (the name a phone's settings show)."""
    return cert.subject.get_attributes_for_oid(NameOID.COMMON_NAME)[0].value


def fingerprint(cert: x509.Certificate) -> str:
    """SHA-256 fingerprint as colon-separated hex (to compare on the phone's settings page)."""
    return cert.fingerprint(hashes.SHA256()).hex(":").upper()
