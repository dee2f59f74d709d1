"""Slow clients cannot stall `make serve` behind the shipped deploy/nginx.conf and deploy/Caddyfile.

The issue asks the guarantee in every documented way of running: a small version of
bench/slow_clients.py (40 connections that drip their headers or bodies) in front of each
shipped proxy config, run as shipped but on loopback ports with a throwaway certificate, while
ordinary requests through the proxy are answered in under a second. `make test` installs nginx
and Caddy first (scripts/ensure-proxies.sh).
"""
import importlib.util
import pathlib
import shutil

import pytest
from page_wait import run_async  # noqa: E402
from serving import GunicornProcess

_BENCH = pathlib.Path(__file__).resolve().parents[2] / "bench" / "slow_clients.py"
_spec = importlib.util.spec_from_file_location("bench_slow_clients_proxies", _BENCH)
slow_clients = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(slow_clients)

pytestmark = pytest.mark.timeout(180)


@pytest.fixture
def public_server(app):
    server = GunicornProcess(app, ["serve"], TAIKAI_PROXIES="1").start()
    yield server
    server.stop()


@pytest.mark.parametrize("kind", ["nginx", "caddy"])
def test_serve_behind_the_shipped_proxy_answers_while_40_clients_drip(public_server, tmp_path, kind):
    assert shutil.which(kind), f"{kind} is installed by scripts/ensure-proxies.sh (make test)"
    tmp_path.chmod(0o755)  # nginx's workers (not root) write request bodies under it
    with slow_clients.Proxy(kind, public_server.port, str(tmp_path)) as proxy:
        tls = slow_clients.client_tls()
        run_async(slow_clients.measure(proxy.port, tls, 0, 1))  # the first page render is not measured
        timings = run_async(slow_clients.measure(proxy.port, tls, 40, 8, gap=0.2, pause=0.5))
    assert len(timings) == 8 and max(timings) < 1.0, timings
