"""The server's front: slow clients cost an idle socket, never a worker thread.

gunicorn's asyncio worker (gunicorn ≥ 27, `worker_class` "asgi") holds the connections on
one event loop per process; this module's bridge reads each request whole there (refusing,
unread, a body larger than its route takes: webapp/web/limits.py) and only then hands it to the
Flask app on a small thread pool. A client that drips its headers or its body keeps a few
kilobytes of buffer, not a thread, and is cut off at the header and body deadlines.

On the venue port (TLS) the first byte decides: a TLS handshake goes on to https, anything
else is a browser typing http:// and is sent a redirect to the same address over https.
"""
import asyncio
import os
import re
import sys
from asyncio import sslproto
from concurrent.futures import ThreadPoolExecutor
from io import BytesIO

from flask import Flask
from gunicorn import sock as gunicorn_sock
from gunicorn.asgi.protocol import ASGIProtocol
from gunicorn.workers.gasgi import ASGIWorker

from ..web.limits import body_limit


def _env_seconds(name: str, default: float) -> float:
    value = os.environ.get(name, "").strip()
    return float(value) if value else default


HEADER_TIMEOUT = _env_seconds("TAIKAI_HEADER_TIMEOUT", 10)  # request line and headers, from connect
BODY_TIMEOUT = _env_seconds("TAIKAI_BODY_TIMEOUT", 30)  # the whole body, from the end of the headers
TLS_HANDSHAKE = 0x16  # the first byte of every TLS connection (a handshake record)


class BufferingBridge:
    """ASGI in front, the WSGI app behind: whole requests in, whole responses out."""

    def __init__(self, app: Flask, threads: int):
        self.app = app
        self.threads = threads
        self.pool = None  # made in the worker, after the fork

    async def __call__(self, scope, receive, send):
        if scope["type"] != "http":
            return  # no websockets, and no lifespan work (lifespan is switched off)
        try:
            body, length = await self._whole_body(scope, receive)
        except asyncio.TimeoutError:
            await _plain_answer(send, 408, b"request body too slow\n")
            return
        if body is None:
            return  # the client left: nobody to answer
        if self.pool is None:
            self.pool = ThreadPoolExecutor(self.threads, thread_name_prefix="taikai")
        environ = wsgi_environ(scope, body, length)
        status, headers, chunks = await asyncio.get_running_loop().run_in_executor(self.pool, self._call, environ)
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": b"".join(chunks)})

    async def _whole_body(self, scope, receive) -> tuple[bytes | None, int]:
        """(body, its length); a body over the route's limit is left unread and the app answers 413
        from the length alone (declared, or as far as a chunked one was read)."""
        declared = _declared_length(scope["headers"])
        limit = body_limit(self.app, scope["path"], scope["method"])
        if declared is not None and declared > limit:
            return b"", declared
        body = await asyncio.wait_for(_read_body(receive, limit), BODY_TIMEOUT)
        if body is None:
            return None, 0
        return (b"", len(body)) if len(body) > limit else (body, len(body))

    def _call(self, environ: dict):
        """Run the Flask app in a pool thread; the whole response, ready to send."""
        started = {}

        def start_response(status, headers, exc_info=None):
            started["status"] = int(status.split(" ", 1)[0])
            started["headers"] = [(k.lower().encode("latin-1"), v.encode("latin-1")) for k, v in headers]
            return lambda data: chunks.append(data)  # the old write() callable, for completeness

        chunks = []
        result = self.app(environ, start_response)
        try:
            chunks.extend(chunk for chunk in result if chunk)
        finally:
            if hasattr(result, "close"):
                result.close()
        return started["status"], started["headers"], chunks


def _declared_length(headers) -> int | None:
    for name, value in headers:
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None  # gunicorn's parser refuses these before we are called
    return None


async def _read_body(receive, limit: int) -> bytes | None:
    """The body, or its first limit + 1 bytes when it is longer (then left unread); None if the client left."""
    body = bytearray()
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        body += message.get("body", b"")
        if len(body) > limit or not message.get("more_body"):
            return bytes(body)


async def _plain_answer(send, status: int, text: bytes) -> None:
    await send({"type": "http.response.start", "status": status,
                "headers": [(b"content-type", b"text/plain"), (b"connection", b"close")]})
    await send({"type": "http.response.body", "body": text})


def wsgi_environ(scope: dict, body: bytes, length: int) -> dict:
    """PEP 3333 environ for an ASGI HTTP scope whose body has been read."""
    server = scope.get("server") or ("localhost", 80)
    client = scope.get("client") or ("", 0)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode("utf-8").decode("latin-1"),
        "PATH_INFO": scope["path"].encode("utf-8").decode("latin-1"),
        "QUERY_STRING": scope["query_string"].decode("latin-1"),
        "SERVER_NAME": str(server[0]), "SERVER_PORT": str(server[1] or 80),
        "SERVER_PROTOCOL": f"HTTP/{scope['http_version']}",
        "REMOTE_ADDR": client[0], "REMOTE_PORT": str(client[1]),
        "CONTENT_LENGTH": str(length),
        "wsgi.version": (1, 0), "wsgi.url_scheme": scope["scheme"], "wsgi.input": BytesIO(body),
        "wsgi.input_terminated": True, "wsgi.errors": sys.stderr,
        "wsgi.multithread": True, "wsgi.multiprocess": True, "wsgi.run_once": False,
    }
    # X_Forwarded_Host would read as X-Forwarded-Host, past a proxy that clears only the latter
    # (gunicorn's own header_map "drop" does the same): no header of ours has an underscore.
    for name, value in (h for h in scope["headers"] if b"_" not in h[0]):
        key = name.decode("latin-1").upper().replace("-", "_")
        if key in ("CONTENT_LENGTH", "TRANSFER_ENCODING"):
            continue  # the body is whole now: its length is the one above
        key = key if key == "CONTENT_TYPE" else "HTTP_" + key
        text = value.decode("latin-1")
        if key in environ:
            text = environ[key] + ("; " if key == "HTTP_COOKIE" else ",") + text
        environ[key] = text
    return environ


class DeadlineProtocol(ASGIProtocol):
    """gunicorn's HTTP/1 connection, with a deadline for the first request's headers.

    (Later requests on a kept-alive connection are bounded by the keep-alive timeout.)
    """

    _header_deadline = None

    def connection_made(self, transport):
        super().connection_made(transport)
        self._header_deadline = self.worker.loop.call_later(HEADER_TIMEOUT, self._headers_too_slow)

    def _on_headers_complete(self):
        self._cancel_deadline()
        return super()._on_headers_complete()

    def connection_lost(self, exc):
        self._cancel_deadline()
        super().connection_lost(exc)

    def _cancel_deadline(self):
        if self._header_deadline is not None:
            self._header_deadline.cancel()
            self._header_deadline = None

    def _headers_too_slow(self):
        self._header_deadline = None
        self._close_transport()
        if self._request_ready is not None:
            self._request_ready.set()  # the connection loop sees it closed and ends


class HttpsOrRedirect(asyncio.Protocol):
    """The venue port: TLS goes on to https; plain http gets a redirect to https."""

    def __init__(self, worker, tls_context):
        self.worker = worker
        self.tls_context = tls_context
        self.transport = None
        self.received = b""
        self.deadline = None

    def connection_made(self, transport):
        self.transport = transport
        self.deadline = self.worker.loop.call_later(HEADER_TIMEOUT, transport.abort)

    def connection_lost(self, exc):
        self.deadline.cancel()

    def data_received(self, data):
        if not self.received and data[0] == TLS_HANDSHAKE:
            self.deadline.cancel()  # the handshake has its own timeout, then the header deadline
            self._start_tls(data)
            return
        self.received += data
        if b"\r\n\r\n" in self.received or len(self.received) > 8192:
            self.deadline.cancel()
            self.transport.write(redirect_answer(self.received, self.transport.get_extra_info("sockname")))
            self.transport.close()

    def _start_tls(self, first: bytes) -> None:
        """What loop.start_tls does, fed the bytes this protocol already read."""
        tls = sslproto.SSLProtocol(self.worker.loop, DeadlineProtocol(self.worker), self.tls_context, None,
                                   server_side=True, ssl_handshake_timeout=HEADER_TIMEOUT)
        self.transport.set_protocol(tls)
        tls.connection_made(self.transport)
        buffer = tls.get_buffer(len(first))
        buffer[:len(first)] = first
        tls.buffer_updated(len(first))


_HOST = re.compile(r"^(\[[0-9a-fA-F:.]+\]|[A-Za-z0-9.-]+)(:\d{1,5})?$")
_TARGET = re.compile(r"^/[\x21-\x7e]*$")


def redirect_answer(request: bytes, sockname) -> bytes:
    """A 301 to the same host, port and path over https (a sane default when they are odd)."""
    lines = request.split(b"\r\n")
    parts = lines[0].decode("latin-1").split(" ")
    target = parts[1] if len(parts) == 3 and _TARGET.match(parts[1]) else "/"
    host = next((line[5:].decode("latin-1").strip() for line in lines[1:] if line[:5].lower() == b"host:"), "")
    port = sockname[1]
    if not _HOST.match(host):
        host = sockname[0] if ":" not in sockname[0] else f"[{sockname[0]}]"
    if not _HOST.match(host).group(2):
        host += f":{port}"
    location = f"https://{host}{target}"
    body = f"taikai answers on https only: {location}\n".encode("latin-1")
    return (f"HTTP/1.1 301 Moved Permanently\r\nLocation: {location}\r\nContent-Type: text/plain\r\n"
            f"Content-Length: {len(body)}\r\nConnection: close\r\n\r\n").encode("latin-1") + body


class TaikaiWorker(ASGIWorker):
    """gunicorn's asyncio worker, serving through DeadlineProtocol (and HttpsOrRedirect on TLS)."""

    async def _serve(self):
        tls = gunicorn_sock.ssl_context(self.cfg) if self.cfg.is_ssl else None
        for listener in self.sockets:
            factory = (lambda: HttpsOrRedirect(self, tls)) if tls else (lambda: DeadlineProtocol(self))
            self.servers.append(await self.loop.create_server(factory, sock=listener.sock, start_serving=True))
        while self.alive:
            self.notify()  # the arbiter's heartbeat: the loop is never blocked by a request
            if self.ppid != os.getppid():
                self.log.info("Parent changed, shutting down: %s", self)
                break
            await asyncio.sleep(1.0)
        await self._shutdown()
