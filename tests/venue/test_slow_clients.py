"""Slow clients cannot stall `make serve` or `make venue` (real gunicorn processes on loopback).

A small version of bench/slow_clients.py: 40 connections that drip their headers or their
bodies (today's threaded server answered nobody with 16 of them), while ordinary requests
are answered in under a second; plus the server's deadlines, size limits and http → https.
"""
import importlib.util
import pathlib
import socket
import time

import pytest
from page_wait import run_async  # noqa: E402
from serving import GunicornProcess

# The bench's own code, loaded by path (bench/ also holds a sync.py that must not shadow sync/).
_BENCH = pathlib.Path(__file__).resolve().parents[2] / "bench" / "slow_clients.py"
_spec = importlib.util.spec_from_file_location("bench_slow_clients", _BENCH)
slow_clients = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(slow_clients)
client_tls, measure = slow_clients.client_tls, slow_clients.measure

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def public_server(app):
    server = GunicornProcess(app, ["serve"], TAIKAI_HEADER_TIMEOUT="2", TAIKAI_BODY_TIMEOUT="3").start()
    yield server
    server.stop()


@pytest.fixture
def venue_server(app, tmp_path):
    server = GunicornProcess(app, ["venue", "serve"], TAIKAI_VENUE_DIR=str(tmp_path), TAIKAI_MIRROR_PUSH="0",
                             TAIKAI_HEADER_TIMEOUT="2", TAIKAI_BODY_TIMEOUT="3").start()
    yield server
    server.stop()


def _answers_under_a_second(port: int, tls) -> list[float]:
    run_async(measure(port, tls, 0, 1))  # the first page render is not what is measured
    # Dripping a byte every 0.2 s: the 2 s header and 3 s body deadlines cut them while measured.
    return run_async(measure(port, tls, 40, 8, gap=0.2, pause=0.5))


def test_serve_answers_while_40_clients_drip_headers_and_bodies(public_server):
    timings = _answers_under_a_second(public_server.port, None)
    assert len(timings) == 8 and max(timings) < 1.0, timings


def test_venue_answers_while_40_clients_drip_headers_and_bodies(venue_server):
    timings = _answers_under_a_second(venue_server.port, client_tls())
    assert len(timings) == 8 and max(timings) < 1.0, timings


def _exchange(port: int, data: bytes, wait: float = 10, tls=None) -> bytes:
    """Send data, read until the server closes or `wait` seconds pass."""
    raw = socket.create_connection(("127.0.0.1", port), timeout=wait)
    conn = tls.wrap_socket(raw, server_hostname="localhost") if tls else raw
    with conn:
        conn.sendall(data)
        answer = b""
        try:
            while chunk := conn.recv(65536):
                answer += chunk
        except (TimeoutError, ConnectionResetError):
            pass
    return answer


def test_headers_that_never_end_are_cut_at_the_deadline(public_server):
    started = time.monotonic()
    answer = _exchange(public_server.port, b"GET / HTTP/1.1\r\nHost: x\r\n", wait=20)
    assert answer == b"" and time.monotonic() - started < 6  # closed at the 2 s deadline, not held


def test_a_body_that_never_ends_is_cut_at_the_deadline(public_server):
    started = time.monotonic()
    answer = _exchange(public_server.port, b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Length: 300\r\n\r\nname=", wait=20)
    assert answer.startswith(b"HTTP/1.1 408") and time.monotonic() - started < 8


def test_a_body_larger_than_the_route_takes_is_refused_unread(public_server):
    # 100 MB declared and never sent: the answer comes at once, from the declared length.
    head = b"POST /login HTTP/1.1\r\nHost: x\r\nContent-Type: application/x-www-form-urlencoded\r\n"
    answer = _exchange(public_server.port, head + b"Content-Length: 100000000\r\n\r\n", wait=5)
    assert answer.startswith(b"HTTP/1.1 413")
    assert "8 KB".encode() in answer  # the page names the limit
    sync = b"POST /sync/ops HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 5000000\r\n\r\n"
    answer = _exchange(public_server.port, sync, wait=5)
    assert answer.startswith(b"HTTP/1.1 413") and b'"too_large"' in answer


def test_a_chunked_body_past_the_limit_is_refused(public_server):
    head = b"POST /login HTTP/1.1\r\nHost: x\r\nTransfer-Encoding: chunked\r\n\r\n"
    chunk = b"%x\r\n%s\r\n" % (4096, b"a" * 4096)
    answer = _exchange(public_server.port, head + chunk * 3, wait=5)  # 12 KB, never terminated
    assert answer.startswith(b"HTTP/1.1 413")


def test_request_line_and_headers_have_size_limits(public_server):
    long_line = b"GET /" + b"a" * 5000 + b" HTTP/1.1\r\nHost: x\r\n\r\n"
    assert _exchange(public_server.port, long_line, wait=5)[:12] in (b"HTTP/1.1 414", b"HTTP/1.1 400")
    big_header = b"GET / HTTP/1.1\r\nHost: x\r\nX-Big: " + b"b" * 9000 + b"\r\n\r\n"
    assert _exchange(public_server.port, big_header, wait=5)[:12] in (b"HTTP/1.1 431", b"HTTP/1.1 400")
    many = b"GET / HTTP/1.1\r\nHost: x\r\n" + b"".join(b"X-%d: 1\r\n" % n for n in range(80)) + b"\r\n"
    assert _exchange(public_server.port, many, wait=5)[:12] in (b"HTTP/1.1 431", b"HTTP/1.1 400")


def test_plain_http_to_the_venue_port_is_redirected_to_https(venue_server):
    port = venue_server.port
    answer = _exchange(port, f"GET /e/abc?x=1 HTTP/1.1\r\nHost: 192.168.1.20:{port}\r\n\r\n".encode(), wait=5)
    assert answer.startswith(b"HTTP/1.1 301")
    assert f"Location: https://192.168.1.20:{port}/e/abc?x=1\r\n".encode() in answer
    no_port = _exchange(port, b"GET / HTTP/1.1\r\nHost: venue.local\r\n\r\n", wait=5)
    assert f"Location: https://venue.local:{port}/\r\n".encode() in no_port
    # https on the same port still works after the first byte was looked at.
    https = _exchange(port, b"GET /venue/install HTTP/1.1\r\nHost: localhost\r\nConnection: close\r\n\r\n",
                      wait=10, tls=client_tls())
    assert https.startswith(b"HTTP/1.1 200")


def test_a_silent_connection_to_the_venue_port_is_cut(venue_server):
    started = time.monotonic()
    raw = socket.create_connection(("127.0.0.1", venue_server.port), timeout=20)
    with raw:
        assert raw.recv(10) == b""
    assert time.monotonic() - started < 6


def test_venue_serve_remembers_its_port_for_the_http_banner(venue_server, app, tmp_path):
    from webapp.venue.files import venue_port

    app.config["TAIKAI_VENUE_DIR"] = str(tmp_path)
    try:
        assert venue_port(app) == venue_server.port
    finally:
        app.config["TAIKAI_VENUE_DIR"] = None
