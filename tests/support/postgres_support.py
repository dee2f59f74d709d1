"""A PostgreSQL server of the test's own (initdb in a temporary folder, a port of its own) that the
test stops and starts again — never the machine's shared one. As root, the server runs as the
``postgres`` user (PostgreSQL refuses root); scripts/ensure-servers.sh installs the binaries."""
import glob
import os
import shutil
import socket
import subprocess
import tempfile
import time

import psycopg


def _bin(name: str) -> str:
    found = shutil.which(name) or next(iter(sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)),
                                       None)
    assert found, f"PostgreSQL's {name} is not installed (scripts/ensure-servers.sh installs it)"
    return found


def _free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return sock.getsockname()[1]


class PrivatePostgres:
    """initdb once; start, stop (fast: the connections are cut as a restart cuts them) and start again."""

    def __init__(self):
        self.folder = tempfile.mkdtemp(prefix="taikai-pg-")
        self.port = _free_port()
        self.data = os.path.join(self.folder, "data")
        self._as_postgres = os.geteuid() == 0
        if self._as_postgres:
            shutil.chown(self.folder, "postgres")
        self._run(_bin("initdb"), "-D", self.data, "-A", "trust", "-U", "postgres", "--no-sync")
        self.url = f"postgresql://postgres@127.0.0.1:{self.port}/taikai"

    def _run(self, *command: str) -> None:
        prefix = ["runuser", "-u", "postgres", "--"] if self._as_postgres else []
        subprocess.run([*prefix, *command], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE)

    def start(self) -> None:
        options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c fsync=off"
        self._run(_bin("pg_ctl"), "-D", self.data, "-o", options, "-l", os.path.join(self.folder, "log"),
                  "-w", "start")
        for _ in range(100):
            try:
                psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", connect_timeout=1).close()
                return
            except psycopg.OperationalError:
                time.sleep(0.05)
        raise AssertionError("the private PostgreSQL did not start")

    def create_database(self) -> None:
        with psycopg.connect(self.url.rsplit("/", 1)[0] + "/postgres", autocommit=True) as conn:
            conn.execute('CREATE DATABASE "taikai"')

    def stop(self) -> None:
        self._run(_bin("pg_ctl"), "-D", self.data, "-m", "fast", "-w", "stop")

    def remove(self) -> None:
        subprocess.run([_bin("pg_ctl"), "-D", self.data, "-m", "immediate", "stop"], capture_output=True,
                       user="postgres" if self._as_postgres else None)
        shutil.rmtree(self.folder, ignore_errors=True)
