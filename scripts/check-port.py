"""Say whether `make run` can serve on HOST:PORT; if the port is taken, say so with the command to use.

Exit 0 when the port is free, 1 (with the message on stderr) when something already listens there."""
import socket
import sys


def free_port(host: str) -> int:
    """A port nobody listens on now (the one to suggest)."""
    with socket.socket() as probe:
        probe.bind((host, 0))
        return probe.getsockname()[1]


def taken(host: str, port: int) -> bool:
    with socket.socket() as probe:
        probe.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
        try:
            probe.bind((host, port))
        except OSError:
            return True
    return False


def main(host: str, port: str) -> int:
    if not port.isdigit() or not 0 < int(port) < 65536:
        print(f"PORT={port} is not a port number (1-65535): try `make run PORT=5050`.", file=sys.stderr)
        return 1
    if not taken(host, int(port)):
        return 0
    suggestion = free_port(host)
    print(f"Port {port} on {host} is already in use (another server, or AirPlay on a Mac holds 5000).\n"
          f"Serve on another port: make run PORT={suggestion}", file=sys.stderr)
    return 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1], sys.argv[2]))
