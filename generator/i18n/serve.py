"""The preview's web server (`dojo i18n watch`): static files of one folder on 127.0.0.1, hardened for a translator's
machine. The port is checked and bound before anything renders; only requests naming a loopback host are answered
(a page on a DNS-rebinding domain cannot read the preview); malformed requests and clients that go away are
answered or dropped without a traceback; connections are bounded in number and time out.
"""

from __future__ import annotations

import errno
import functools
import http.server
import threading
import urllib.parse
from pathlib import Path

from ..problems import CheckFailed, Problem

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
MAX_CONNECTIONS = 16  # at once; more are closed at once (a browser opens about six)
TIMEOUT_S = 5.0  # a client silent this long is dropped


def port_problem(port: object) -> Problem | None:
    """Why `port` cannot be a TCP port to listen on (None when it can: 0 means any free port)."""
    if isinstance(port, int) and not isinstance(port, bool) and 0 <= port <= 65535:
        return None
    return Problem("error", "port", f"--port {port} is not a TCP port",
                   hint="give a number from 1024 to 65535 (e.g. --port 8765), or --port 0 for any free port")


class Handler(http.server.SimpleHTTPRequestHandler):
    """GET and HEAD of the folder's files (no listing), for loopback Host headers only, silently."""

    timeout = TIMEOUT_S
    server_version = "dojo-preview"
    sys_version = ""

    def parse_request(self) -> bool:  # noqa: D102
        if not super().parse_request():
            return False  # the base class answered 400 (malformed request line or headers)
        if not _loopback(self.headers.get("Host", ""), self.server.server_address[1]):
            self.send_error(403, "only 127.0.0.1 and localhost are answered")
            return False
        path = urllib.parse.unquote(self.path.split("?", 1)[0].split("#", 1)[0])
        if any(ord(c) < 32 or c == "\x7f" for c in path) or "\\" in path:
            self.send_error(400, "control characters in the path")
            return False
        return True

    def list_directory(self, path):  # noqa: D102 - no listings: the page links every file it shows
        self.send_error(404, "not found")
        return None

    def log_message(self, *args) -> None:
        """No access or error log on the terminal: it shows the rebuilds."""


def _loopback(host: str, port: int) -> bool:
    """Whether a Host header names this server on a loopback name (with or without its port)."""
    host = host.strip().lower()
    return any(host in (name, f"{name}:{port}") for name in LOOPBACK_NAMES)


class Server(http.server.ThreadingHTTPServer):
    """At most MAX_CONNECTIONS requests at once (the rest closed at once); handler failures are never printed."""

    daemon_threads = True
    block_on_close = False
    request_queue_size = 64  # the listen backlog: a page's pictures ask at once (socketserver's 5 made a client
    # beyond it wait a second for the kernel to retry its connection)

    def __init__(self, address, handler):
        self.slots = threading.BoundedSemaphore(MAX_CONNECTIONS)
        super().__init__(address, handler)

    def process_request(self, request, client_address) -> None:  # noqa: D102
        if not self.slots.acquire(blocking=False):
            self.shutdown_request(request)
            return
        try:
            super().process_request(request, client_address)
        except BaseException:
            self.slots.release()
            raise

    def process_request_thread(self, request, client_address) -> None:  # noqa: D102
        try:
            super().process_request_thread(request, client_address)
        finally:
            self.slots.release()

    def handle_error(self, request, client_address) -> None:
        """A client that went away, a timeout, a path the OS refuses: that request ends, nothing is printed."""


def bind(folder: Path, port: int) -> Server:
    """A server for the folder bound to 127.0.0.1:port, not yet serving; CheckFailed with one problem naming the
    port and what to do when it is not a port or is taken."""
    problem = port_problem(port)
    if problem is None:
        try:
            return Server(("127.0.0.1", port), functools.partial(Handler, directory=str(folder)))
        except OSError as exc:
            taken = exc.errno in (errno.EADDRINUSE, errno.EACCES)
            problem = Problem("error", "port", f"port {port} on 127.0.0.1 " + (
                "is taken (another preview or program listens on it)" if exc.errno == errno.EADDRINUSE else
                "may not be used by this user" if taken else f"cannot be opened: {exc.strerror}"),
                hint=f"choose another one, e.g. --port {port + 1 if 1024 <= port < 65535 else 8766}, "
                     "or --port 0 for any free port")
    raise CheckFailed([problem])


def start(server: Server) -> Server:
    """Serve in a background thread (checking for a shutdown every 0.1 s: the watcher stops at once)."""
    threading.Thread(target=server.serve_forever, kwargs={"poll_interval": 0.1}, daemon=True).start()
    return server
