"""An iOS configuration profile (.mobileconfig) that installs the venue CA."""
import plistlib
import uuid

from cryptography import x509
from cryptography.hazmat.primitives import serialization

_NAMESPACE = uuid.UUID("8f3c5c8e-0d4e-4b8a-9d1e-7a2b5c6d7e8f")


def mobileconfig(ca: x509.Certificate) -> bytes:
    """An unsigned profile with one root-certificate payload; the same CA gives the same profile."""
    der = ca.public_bytes(serialization.Encoding.DER)
    ident = uuid.uuid5(_NAMESPACE, der.hex())
    name = ca.subject.get_attributes_for_oid(x509.NameOID.COMMON_NAME)[0].value
    payload = {
        "PayloadType": "com.apple.security.root",
        "PayloadVersion": 1,
        "PayloadIdentifier": f"taikai.venue.ca.{ident}",
        "PayloadUUID": str(uuid.uuid5(ident, "certificate")).upper(),
        "PayloadDisplayName": name,
        "PayloadCertificateFileName": "taikai-venue-ca.cer",
        "PayloadContent": der,
    }
    profile = {
        "PayloadType": "Configuration",
        "PayloadVersion": 1,
        "PayloadIdentifier": f"taikai.venue.{ident}",
        "PayloadUUID": str(ident).upper(),
        "PayloadDisplayName": "taikai venue",
        "PayloadDescription": "taikai の会場サーバー証明書 / The taikai venue server's certificate",
        "PayloadRemovalDisallowed": False,
        "PayloadContent": [payload],
    }
    return plistlib.dumps(profile, fmt=plistlib.FMT_XML)
