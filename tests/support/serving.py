"""Start `flask serve` / `flask venue serve` (gunicorn) as a real process on a loopback port."""
import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def free_port() -> int:
    """A loopback port nobody listens on."""
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class GunicornProcess:
    """`flask --app wsgi <command>` on 127.0.0.1:<port>, sharing the tests' database."""

    def __init__(self, app, command: list[str], port: int | None = None, **env):
        self.port = port or free_port()
        self.command = [sys.executable, "-m", "flask", "--app", "wsgi", *command]
        self.env = {**os.environ, "DATABASE_URL": str(app.config["SQLALCHEMY_DATABASE_URI"]),
                    "SECRET_KEY": app.config["SECRET_KEY"], "TAIKAI_BIND": f"127.0.0.1:{self.port}",
                    "TAIKAI_WORKERS": "2", "TAIKAI_ACCESS_LOG": "", **env}
        self.process = None
        self.output = ""

    def start(self, timeout: float = 40) -> "GunicornProcess":
        """Start and wait until the port accepts connections."""
        self.log = tempfile.TemporaryFile()  # a file, not a pipe: a chatty server never blocks
        self.process = subprocess.Popen(self.command, cwd=ROOT, env=self.env, stdout=self.log,
                                        stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if self.process.poll() is not None:
                raise RuntimeError(f"server exited: {self.read_output()}")
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.5).close()
                return self
            except OSError:
                time.sleep(0.2)
        self.stop()
        raise RuntimeError(f"server did not listen on {self.port}: {self.output}")

    def read_output(self) -> str:
        """What the server printed so far."""
        self.log.seek(0)
        return self.log.read().decode(errors="replace")

    def stop(self) -> None:
        """Stop the whole process group (arbiter and workers), and keep its output."""
        if self.process and self.process.poll() is None:
            os.killpg(self.process.pid, signal.SIGTERM)
            try:
                self.process.wait(timeout=20)
            except subprocess.TimeoutExpired:
                os.killpg(self.process.pid, signal.SIGKILL)
                self.process.wait()
        if self.process:
            self.output = self.read_output()
        self.process = None
