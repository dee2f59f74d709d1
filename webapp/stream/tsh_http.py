"""One request to a TSH on the LAN, bounded as a whole: connect, send and the whole answer by one deadline.

An HTTP client's timeout counts per read, so a TSH answering one byte a second never times out;
here every wait is cut to what is left of the call's deadline. HTTP/1.1 with ``Connection:
close``, a small JSON body or query, and only the status is kept (TSH answers "OK"); the answer
is read to its end (at most 64 KB) so TSH is not cut off while writing. Problems come back as a
TshProblem with a reason code the desk's badge turns into words (services/stream/tsh_link.py).
"""
import errno
import json
import socket
import ssl
import time
from urllib.parse import urlencode, urlsplit

MAX_ANSWER = 64 * 1024


class TshProblem(Exception):
    """Why a call failed: unreachable, refused, slow, http<status>, notsh."""

    def __init__(self, reason: str):
        super().__init__(reason)
        self.reason = reason


def _left(deadline: float) -> float:
    left = deadline - time.monotonic()
    if left <= 0:
        raise TshProblem("slow")
    return left


def _connect(base: str, deadline: float) -> socket.socket:
    parts = urlsplit(base)
    port = parts.port or (443 if parts.scheme == "https" else 80)
    try:
        sock = socket.create_connection((parts.hostname, port), timeout=min(1.5, _left(deadline)))
    except ConnectionRefusedError:
        raise TshProblem("refused") from None
    except OSError as problem:
        raise TshProblem("refused" if problem.errno == errno.ECONNREFUSED else "unreachable") from None
    if parts.scheme == "https":
        context = ssl.create_default_context()
        context.check_hostname, context.verify_mode = False, ssl.CERT_NONE  # a LAN address, no name to check
        sock = context.wrap_socket(sock)
    return sock


def _request_bytes(base: str, method: str, path: str, query, body) -> bytes:
    target = path + ("?" + urlencode(list(query)) if query else "")
    data = json.dumps(body, ensure_ascii=False).encode() if body is not None else b""
    head = [f"{method} {target} HTTP/1.1", f"Host: {urlsplit(base).netloc}", "Connection: close",
            f"Content-Length: {len(data)}"]
    if body is not None:
        head.append("Content-Type: application/json")
    return ("\r\n".join(head) + "\r\n\r\n").encode() + data


def _read_answer(sock: socket.socket, deadline: float) -> int:
    answer = b""
    while len(answer) < MAX_ANSWER:
        sock.settimeout(_left(deadline))
        try:
            chunk = sock.recv(4096)
        except TimeoutError:
            raise TshProblem("slow") from None
        if not chunk or _complete(answer + chunk):
            answer += chunk
            break
        answer += chunk
    try:
        return int(answer.split(b" ", 2)[1])
    except (IndexError, ValueError):
        raise TshProblem("notsh") from None


def _complete(answer: bytes) -> bool:
    head, found, rest = answer.partition(b"\r\n\r\n")
    if not found:
        return False
    for line in head.split(b"\r\n")[1:]:
        name, _colon, value = line.partition(b":")
        if name.strip().lower() == b"content-length" and value.strip().isdigit():
            return len(rest) >= int(value.strip())
    return False


def call(base: str, method: str, path: str, deadline: float, query=(), body=None) -> int:
    """The status TSH answered, within the deadline (time.monotonic()), or TshProblem."""
    sock = _connect(base, deadline)
    try:
        sock.settimeout(_left(deadline))
        sock.sendall(_request_bytes(base, method, path, query, body))
        return _read_answer(sock, deadline)
    except TimeoutError:
        raise TshProblem("slow") from None
    except OSError:
        raise TshProblem("unreachable") from None
    finally:
        sock.close()
