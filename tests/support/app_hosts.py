"""App hosts as separate processes (gunicorn serving wsgi:app) for tests of what crosses processes."""
import socket
import subprocess
import time

import httpx


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


def wait_until_up(url: str, process: subprocess.Popen) -> None:
    """Until the host answers at `url` (it must not exit meanwhile)."""
    for _ in range(200):
        assert process.poll() is None, f"{url} exited"
        try:
            httpx.get(url, timeout=1)
            return
        except httpx.HTTPError:
            time.sleep(0.1)
    raise AssertionError(f"{url} did not answer")
