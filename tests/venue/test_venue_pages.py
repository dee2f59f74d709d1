"""The desk's /venue page, the phone's install steps and the CA downloads; the CA key is never served."""
import plistlib

import pytest
from cryptography import x509
from play_support import team_event

from webapp.extensions import db
from webapp.services.accounts import users as accounts
from webapp.venue import pki

HOSTS = ["192.168.1.20", "desk-laptop.local", "localhost", "127.0.0.1"]


@pytest.fixture
def venue(app, tmp_path):
    """Certificates made as `venue serve` makes them, in a folder of this test."""
    files = pki.VenueFiles(str(tmp_path / "venue"))
    pki.ensure_certificates(files, HOSTS, "desk-laptop")
    app.config["TAIKAI_VENUE_DIR"] = files.folder
    yield files
    app.config["TAIKAI_VENUE_DIR"] = None


@pytest.fixture
def no_venue(app, tmp_path):
    app.config["TAIKAI_VENUE_DIR"] = str(tmp_path / "none")
    yield
    app.config["TAIKAI_VENUE_DIR"] = None


def test_desk_home_links_to_the_venue_page(desk_client):
    assert 'href="/venue/"' in desk_client.get("/desk/").get_data(as_text=True)


def test_venue_page_needs_a_desk_sign_in(client, venue):
    assert client.get("/venue/").status_code == 302
    event, _ = team_event()
    accounts.set_staff_pin(event, "135790")
    db.session.commit()
    client.post(f"/e/{event.slug}/staff-login", data={"name": "審判", "pin": "135790"})
    assert client.get("/venue/").status_code == 403


def test_venue_page_shows_qr_codes_for_installing_and_for_staff_sign_in(desk_client, venue):
    event, _ = team_event()
    page = desk_client.get("/venue/", headers={"Accept-Language": "ja"}).get_data(as_text=True)
    install = "https://192.168.1.20:8443/venue/install"
    sign_in = f"https://192.168.1.20:8443/e/{event.slug}/staff-login"
    assert install in page and sign_in in page and "https://192.168.1.20:8443/staff/" in page
    assert page.count('<svg role="img"') == 2  # install + the one event's sign-in
    assert "<script" not in page.split("</head>")[1]  # QR codes are plain SVG
    for step in ("VPN とデバイス管理", "証明書信頼設定", "暗号化と認証情報", "CA 証明書"):
        assert step in page
    assert pki.fingerprint(pki.load_cert(venue.ca_cert)) in page
    other = desk_client.get("/venue/?host=desk-laptop.local").get_data(as_text=True)
    assert "https://desk-laptop.local:8443/venue/install" in other
    # Only names phones can reach are offered: never localhost.
    assert "https://localhost:8443/venue/install" not in desk_client.get("/venue/?host=localhost").get_data(as_text=True)


def test_venue_page_warns_when_the_laptops_address_changed(desk_client, venue, monkeypatch):
    from webapp.venue import addresses

    monkeypatch.setattr(addresses, "lan_ips", lambda: ["192.168.1.20"])
    assert "address-changed" not in desk_client.get("/venue/").get_data(as_text=True)
    monkeypatch.setattr(addresses, "lan_ips", lambda: ["192.168.1.20", "10.0.0.5"])
    page = desk_client.get("/venue/?lang=en").get_data(as_text=True)
    assert 'data-testid="address-changed"' in page and "10.0.0.5" in page and "make venue" in page


def test_install_page_is_open_to_phones_in_both_languages(client, venue):
    ja = client.get("/venue/install?lang=ja").get_data(as_text=True)
    en = client.get("/venue/install?lang=en").get_data(as_text=True)
    assert "設定 → 一般 → 情報 → 証明書信頼設定" in ja
    assert "Settings → General → About → Certificate Trust Settings" in en
    assert "Encryption & credentials → Install a certificate → CA certificate" in en
    for html in (ja, en):
        for href in ("/venue/taikai-venue.mobileconfig", "/venue/taikai-venue-ca.crt", "/venue/taikai-venue-ca.pem"):
            assert href in html


def test_ca_downloads_in_every_format_phones_need(client, venue):
    ca = pki.load_cert(venue.ca_cert)
    pem = client.get("/venue/taikai-venue-ca.pem")
    assert x509.load_pem_x509_certificate(pem.data) == ca
    der = client.get("/venue/taikai-venue-ca.crt")
    assert der.mimetype == "application/x-x509-ca-cert"
    assert x509.load_der_x509_certificate(der.data) == ca
    profile = client.get("/venue/taikai-venue.mobileconfig")
    assert profile.mimetype == "application/x-apple-aspen-config"
    plist = plistlib.loads(profile.data)
    assert plist["PayloadType"] == "Configuration"
    (payload,) = plist["PayloadContent"]
    assert payload["PayloadType"] == "com.apple.security.root"
    assert x509.load_der_x509_certificate(payload["PayloadContent"]) == ca
    assert client.get("/venue/taikai-venue.mobileconfig").data == profile.data  # same CA, same profile


def test_without_a_venue_certificate_the_page_says_how_to_make_one(desk_client, no_venue):
    event, _ = team_event()
    page = desk_client.get("/venue/?lang=en").get_data(as_text=True)
    assert "make venue" in page
    assert f"http://localhost/e/{event.slug}/staff-login" in page  # the address the desk itself used
    answer = desk_client.get("/venue/taikai-venue-ca.crt?lang=en")
    assert answer.status_code == 404 and "make venue" in answer.get_data(as_text=True)


def _plausible(rule, arg: str) -> str:
    """A value the route's converter takes: a file's name, one of an ``any(...)``'s words, else 1."""
    if arg == "filename":
        return "ca-key.pem"
    words = getattr(rule._converters.get(arg), "items", None)
    return sorted(words)[0] if words else "1"


def _get_urls(app):
    """Every GET route, its arguments filled with something plausible."""
    for rule in app.url_map.iter_rules():
        if "GET" not in rule.methods:
            continue
        values = {arg: _plausible(rule, arg) for arg in rule.arguments}
        yield rule.build(values)[1] if values else rule.rule


def test_no_route_serves_the_ca_key(app, desk_client, venue):
    with open(venue.ca_key, "rb") as handle:
        secret = b"".join(handle.read().splitlines()[1:-1])  # the base64 body of the key
    served = []
    for url in list(_get_urls(app)) + ["/static/../instance/venue/ca-key.pem", "/venue/ca-key.pem",
                                       "/static/%2e%2e/instance/venue/ca-key.pem"]:
        body = b"".join(desk_client.get(url).data.splitlines())
        if secret[:40] in body:
            served.append(url)
    assert served == []


def test_the_http_banner_links_to_the_port_venue_serve_listens_on(app, desk_client, venue):
    from webapp.venue.files import remember_port

    page = desk_client.get("/desk/", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert 'href="https://192.168.1.20:8443/desk/"' in page  # never run yet: TAIKAI_VENUE_PORT's default
    remember_port(app, 9443)  # `venue serve` with TAIKAI_BIND=0.0.0.0:9443
    page = desk_client.get("/desk/", base_url="http://192.168.1.20:5000").get_data(as_text=True)
    assert 'href="https://192.168.1.20:9443/desk/"' in page
