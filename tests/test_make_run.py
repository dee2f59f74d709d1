"""`make run` serves on PORT/HOST, and says so (with the command to use) when the port is taken."""
import socket
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def test_make_run_takes_port_and_host():
    dry = subprocess.run(["make", "-n", "-o", "db", "run", "PORT=5050", "HOST=0.0.0.0"], cwd=ROOT,
                         capture_output=True, text=True, check=True).stdout
    assert "--host 0.0.0.0 --port 5050" in dry
    assert "check-port.py 0.0.0.0 5050" in dry


def test_a_taken_port_is_named_with_the_command_to_use():
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        port = holder.getsockname()[1]
        said = subprocess.run([sys.executable, "scripts/check-port.py", "127.0.0.1", str(port)], cwd=ROOT,
                              capture_output=True, text=True)
    assert said.returncode == 1
    assert f"Port {port} on 127.0.0.1 is already in use" in said.stderr
    assert "make run PORT=" in said.stderr


def test_a_free_port_passes():
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]
    said = subprocess.run([sys.executable, "scripts/check-port.py", "127.0.0.1", str(port)], cwd=ROOT,
                          capture_output=True, text=True)
    assert said.returncode == 0, said.stderr
