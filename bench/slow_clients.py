"""Benchmark: slow clients cannot stall the server, run as `make serve` and as `make venue`.

For each way of running it, this starts the real command (`flask serve`, `flask venue serve`
over TLS) on a loopback port with a fresh SQLite database, opens N slow connections (half
drip their request headers a byte at a time, half send a sign-in request's headers and then
drip its declared body), keeps N open (a connection the server cuts at its deadline is opened
again, as an attacker would), and meanwhile times ordinary requests for the front page.
With --behind nginx,caddy it also measures `make serve` behind deploy/nginx.conf and
deploy/Caddyfile as shipped, only their addresses, ports and certificate changed for loopback
(needs the nginx and caddy commands: apt-get install nginx-light caddy).
The last line gives the figure:
    slow clients: N open; normal request answered in ≤ N ms (make serve), ≤ N ms (make venue); target < 1000 ms
Run from the repo root:
    .venv/bin/python bench/slow_clients.py [--connections 500] [--requests 20] [--behind nginx,caddy]
"""
import argparse
import asyncio
import os
import signal
import socket
import ssl
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class Server:
    """`flask --app wsgi serve` or `flask --app wsgi venue serve`, started as `make` would."""

    def __init__(self, venue: bool, workdir: str, **env):
        self.venue = venue
        self.port = free_port()
        command = ["venue", "serve"] if venue else ["serve"]
        self.command = [sys.executable, "-m", "flask", "--app", "wsgi", *command]
        self.env = {**os.environ, "DATABASE_URL": f"sqlite:///{workdir}/slow.sqlite3", "SECRET_KEY": "slow-clients",
                    "TAIKAI_BIND": f"127.0.0.1:{self.port}", "TAIKAI_ACCESS_LOG": "", "TAIKAI_MIRROR_PUSH": "0",
                    "TAIKAI_VENUE_DIR": f"{workdir}/venue", "PYTHONPATH": str(ROOT), **env}
        self.process = None

    def __enter__(self) -> "Server":
        self.log = tempfile.TemporaryFile()
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.output()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"server did not listen: {self.output()}")

    def __exit__(self, *exc) -> None:
        if self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()

    def output(self) -> str:
        self.log.seek(0)
        return self.log.read().decode(errors="replace")


def client_tls() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE  # the venue's own CA: what is measured here is not trust
    return context


def _sni(tls):
    return "localhost" if tls else None  # Caddy picks its certificate by the name asked for


OPEN = {"now": 0}  # slow connections open at this moment


async def _drip(port: int, tls: ssl.SSLContext | None, head: bytes, body_length: int, gap: float) -> None:
    """One slow client: send `head` a byte at a time (or whole, then a body a byte at a time)."""
    _, writer = await asyncio.open_connection("127.0.0.1", port, ssl=tls, server_hostname=_sni(tls))
    OPEN["now"] += 1
    try:
        if body_length:
            writer.write(head)
            slow = b"u" * body_length
        else:
            slow = head
        for byte in range(len(slow)):
            writer.write(slow[byte:byte + 1])
            await writer.drain()
            await asyncio.sleep(gap)
    finally:
        OPEN["now"] -= 1
        writer.close()


async def slow_client(port: int, tls: ssl.SSLContext | None, drip_body: bool, gap: float, stop: asyncio.Event):
    """Keep one slow connection open until stopped, reopening it whenever the server cuts it."""
    if drip_body:
        head = (b"POST /login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/x-www-form-urlencoded\r\n"
                b"Content-Length: 4000\r\n\r\n")
    else:
        head = b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\n" + b"X-Slow: " + b"s" * 4000 + b"\r\n\r\n"
    while not stop.is_set():
        try:
            await _drip(port, tls, head, 4000 if drip_body else 0, gap)
        except (OSError, ssl.SSLError, asyncio.IncompleteReadError):
            await asyncio.sleep(0.05)  # cut off: come back, as an attacker would


async def normal_request(port: int, tls: ssl.SSLContext | None) -> float:
    """Seconds for one ordinary GET / on a new connection, until the whole answer is in."""
    started = time.perf_counter()
    reader, writer = await asyncio.open_connection("127.0.0.1", port, ssl=tls, server_hostname=_sni(tls))
    writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nConnection: close\r\n\r\n")
    answer = await reader.read()
    writer.close()
    if not answer.startswith(b"HTTP/1.1 200"):
        raise RuntimeError(f"normal request answered {answer[:60]!r}")
    return time.perf_counter() - started


async def measure(port: int, tls: ssl.SSLContext | None, connections: int, requests: int,
                  gap: float = 0.5, pause: float = 0.2) -> list[float]:
    """Open `connections` slow clients, wait until they are all in, then time `requests` GETs.

    A request is timed only while every slow connection is open (it waits for them first).
    """
    stop = asyncio.Event()
    clients = [asyncio.create_task(slow_client(port, tls, n % 2 == 1, gap, stop)) for n in range(connections)]
    timings = []
    try:
        for _ in range(requests):
            while OPEN["now"] < connections:
                await asyncio.sleep(0.05)
            timings.append(await asyncio.wait_for(normal_request(port, tls), 30))
            await asyncio.sleep(pause)
    finally:
        stop.set()
        for client in clients:
            client.cancel()
        await asyncio.gather(*clients, return_exceptions=True)
    return timings


class Proxy:
    """nginx or Caddy with the shipped deploy/ config in front of a `make serve` port, on loopback."""

    def __init__(self, kind: str, upstream: int, workdir: str):
        self.kind, self.port, self.workdir = kind, free_port(), Path(workdir)
        self.http_port = free_port()
        text = (ROOT / "deploy" / ("nginx.conf" if kind == "nginx" else "Caddyfile")).read_text()
        text = text.replace("127.0.0.1:8000", f"127.0.0.1:{upstream}")
        if kind == "nginx":
            self.command = ["nginx", "-g", "daemon off;", "-c", str(self._nginx(text))]
        else:
            self.command = ["caddy", "run", "--adapter", "caddyfile", "--config", str(self._caddy(text))]

    def _nginx(self, site: str) -> Path:
        cert, key = self._certificate()
        site = (site.replace("/etc/letsencrypt/live/taikai.example.jp/fullchain.pem", str(cert))
                .replace("/etc/letsencrypt/live/taikai.example.jp/privkey.pem", str(key))
                .replace("listen 80;", f"listen 127.0.0.1:{self.http_port};").replace("listen [::]:80;", "")
                .replace("listen 443 ssl http2;", f"listen 127.0.0.1:{self.port} ssl http2;")
                .replace("listen [::]:443 ssl http2;", ""))
        (self.workdir / "site.conf").write_text(site)
        main = self.workdir / "nginx.conf"
        main.write_text(f"pid {self.workdir}/nginx.pid;\nerror_log {self.workdir}/error.log;\n"
                        "worker_processes 1;\nevents { worker_connections 4096; }\n"
                        f"http {{ access_log off; client_body_temp_path {self.workdir}/body; "
                        f"proxy_temp_path {self.workdir}/proxy; include {self.workdir}/site.conf; }}\n")
        return main

    def _caddy(self, text: str) -> Path:
        text = text.replace("{\n\temail desk@example.jp", "{\n\tadmin off\n\tlocal_certs\n\tskip_install_trust\n"
                            f"\thttp_port {self.http_port}\n\thttps_port {self.port}\n\temail desk@example.jp")
        text = text.replace("taikai.example.jp {", f"localhost:{self.port} {{")
        path = self.workdir / "Caddyfile"
        path.write_text(text)
        return path

    def _certificate(self) -> tuple[Path, Path]:
        cert, key = self.workdir / "cert.pem", self.workdir / "key.pem"
        subprocess.run(["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-keyout", str(key),
                        "-out", str(cert), "-days", "1", "-subj", "/CN=localhost"], check=True, capture_output=True)
        return cert, key

    def __enter__(self) -> "Proxy":
        env = {**os.environ, "HOME": str(self.workdir), "XDG_DATA_HOME": str(self.workdir)}
        self.process = subprocess.Popen(self.command, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL,
                                        env=env, start_new_session=True)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                time.sleep(1)  # Caddy makes its local certificate after it listens
                return self
            except OSError:
                time.sleep(0.2)
        raise RuntimeError(f"{self.kind} did not listen")

    def __exit__(self, *exc) -> None:
        os.killpg(self.process.pid, signal.SIGTERM)
        self.process.wait(timeout=20)


def run_behind(kind: str, connections: int, requests: int) -> list[float]:
    with tempfile.TemporaryDirectory() as workdir, Server(False, workdir, TAIKAI_PROXIES="1") as server, \
            Proxy(kind, server.port, workdir) as proxy:
        asyncio.run(measure(proxy.port, client_tls(), 0, 1))
        return asyncio.run(measure(proxy.port, client_tls(), connections, requests, pause=0.75))


def run(venue: bool, connections: int, requests: int) -> list[float]:
    with tempfile.TemporaryDirectory() as workdir, Server(venue, workdir) as server:
        tls = client_tls() if venue else None
        asyncio.run(measure(server.port, tls, 0, 1))  # warm up: first page render
        return asyncio.run(measure(server.port, tls, connections, requests, pause=0.75))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--connections", type=int, default=500)
    parser.add_argument("--requests", type=int, default=20)
    parser.add_argument("--behind", default="", help="also behind these deploy/ proxies: nginx,caddy")
    args = parser.parse_args()
    sys.path[:0] = [str(ROOT)]
    from bench.record import command_line, record
    worst = {}
    for kind in filter(None, args.behind.split(",")):
        timings = sorted(run_behind(kind, args.connections, args.requests))
        worst[f"behind {kind}"] = timings[-1] * 1000
        print(f"make serve behind deploy/ {kind}: {args.connections} slow connections; {len(timings)} normal "
              f"requests, median {timings[len(timings) // 2] * 1000:.0f} ms, slowest {timings[-1] * 1000:.0f} ms",
              flush=True)
    for name, venue in (("make serve", False), ("make venue", True)):
        timings = sorted(run(venue, args.connections, args.requests))
        worst[name] = timings[-1] * 1000
        print(f"{name}: {args.connections} slow connections; {len(timings)} normal requests, "
              f"median {timings[len(timings) // 2] * 1000:.0f} ms, slowest {worst[name]:.0f} ms", flush=True)
    print(f"slow clients: {args.connections} open; normal request answered in ≤ {worst['make serve']:.0f} ms "
          f"(make serve), ≤ {worst['make venue']:.0f} ms (make venue); target < 1000 ms")
    record("slow_clients", command_line("slow_clients.py"),
           "slowest normal request " + ", ".join(f"{name} {ms:.0f} ms" for name, ms in worst.items()),
           f"< 1,000 ms with {args.connections} slow connections", max(worst.values()) < 1000)


if __name__ == "__main__":
    main()
