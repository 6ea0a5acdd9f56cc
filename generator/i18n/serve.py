"""The preview's web server (`dojo i18n watch`): static files of one folder on 127.0.0.1, hardened for a translator's
machine. The port is checked and bound before anything renders; only requests naming a loopback host are answered
(a page on a DNS-rebinding domain cannot read the preview); malformed requests and clients that go away are
answered or dropped without a traceback.

Slow clients cannot lock the translator out. One thread reads every connection's request head without blocking
(a selector), and a connection whose whole head has not arrived TIMEOUT_S after it connected is dropped (a
deadline for the head, not for each line: a client sending a header line every few seconds is dropped as surely
as a silent one). Up to MAX_PENDING connections may be reading their heads at once; beyond that the oldest is
dropped, never the newcomer (a browser sends its head in one packet, so it is never the oldest). Only complete
heads reach the MAX_CONNECTIONS handler threads, which write each answer within TIMEOUT_S (a client that does not
read is dropped).

The page learns of a change by a long poll: GET /wait?since=N is answered as soon as the preview publishes a state
newer than N (Notifier), at the latest after WAIT_S with the current one: the browser hears of a new image the moment
it is written, without polling a file.
"""

from __future__ import annotations

import errno
import functools
import http.server
import io
import queue
import selectors
import socket
import threading
import time
import urllib.parse
from pathlib import Path

from ..problems import CheckFailed, Problem

LOOPBACK_NAMES = ("127.0.0.1", "localhost", "[::1]")
MAX_CONNECTIONS = 16  # requests handled at once (a browser opens about six); complete requests beyond wait in turn
MAX_PENDING = 256  # connections still sending their request head; beyond it the oldest is dropped
MAX_WAITING = 256  # complete requests waiting for a handler; beyond it a new one is closed
MAX_HEAD = 65536  # a request head longer than this is answered as it is (an error): a browser's is a few kB
TIMEOUT_S = 5.0  # for the whole request head after connecting, and for writing the whole answer
WAIT_S = 20.0  # a long poll (/wait) is answered after this at the latest, changed or not


class Notifier:
    """The preview's current state (JSON bytes) and its version, for the long polls waiting for a newer one."""

    def __init__(self) -> None:
        self.version, self.state = 0, b"{}"
        self.changed = threading.Condition()

    def publish(self, version: int, state: bytes) -> None:
        """A new state: every waiting poll is answered with it."""
        with self.changed:
            self.version, self.state = version, state
            self.changed.notify_all()

    def wait(self, since: int, timeout: float = WAIT_S) -> bytes:
        """The first state newer than `since` (the current one after timeout)."""
        with self.changed:
            self.changed.wait_for(lambda: self.version > since, timeout)
            return self.state


def port_problem(port: object) -> Problem | None:
    """Why `port` cannot be a TCP port to listen on (None when it can: 0 means any free port)."""
    if isinstance(port, int) and not isinstance(port, bool) and 0 <= port <= 65535:
        return None
    return Problem("error", "port", f"--port {port} is not a TCP port",
                   hint="give a number from 1024 to 65535 (e.g. --port 8765), or --port 0 for any free port")


class Handler(http.server.SimpleHTTPRequestHandler):
    """GET and HEAD of the folder's files (no listing), for loopback Host headers only, silently. It is given the
    connection and its complete request head (Server); HTTP/1.0: one request per connection."""

    timeout = TIMEOUT_S  # Server reads it at each connection: the head's deadline, and the answer's
    server_version = "dojo-preview"
    sys_version = ""

    def setup(self) -> None:
        """The head already read (self.request is (socket, head)); the answer is written within `timeout`."""
        self.connection, head = self.request
        self.rfile = io.BytesIO(head)
        self.wfile = _DeadlineWriter(self.connection, time.monotonic() + self.timeout)

    def finish(self) -> None:  # noqa: D102 - the server closes the connection
        pass

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

    def do_GET(self) -> None:  # noqa: D102 - /wait: the long poll; everything else: a file
        path = self.path.split("#", 1)[0]
        notifier = getattr(self.server, "notifier", None)
        if notifier is None or path.split("?", 1)[0] != "/wait":
            return super().do_GET()
        query = urllib.parse.parse_qs(path.partition("?")[2])
        try:
            since = int(query.get("since", ["0"])[0])
        except ValueError:
            since = 0
        body = notifier.wait(since, WAIT_S)
        self.wfile.deadline = time.monotonic() + self.timeout  # the answer's deadline starts when it is ready
        self.send_response(200)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(body)
        return None

    def list_directory(self, path):  # noqa: D102 - no listings: the page links every file it shows
        self.send_error(404, "not found")
        return None

    def log_message(self, *args) -> None:
        """No access or error log on the terminal: it shows the rebuilds."""


class _DeadlineWriter(io.RawIOBase):
    """The answer's bytes to a socket, all of them before a deadline (socket.timeout after it)."""

    def __init__(self, sock: socket.socket, deadline: float):
        self.sock, self.deadline = sock, deadline

    def writable(self) -> bool:  # noqa: D102
        return True

    def write(self, data) -> int:  # noqa: D102
        view = memoryview(data)
        while view:
            left = self.deadline - time.monotonic()
            if left <= 0:
                raise TimeoutError("the client did not read the answer in time")
            self.sock.settimeout(left)
            view = view[self.sock.send(view):]
        return len(data)


def _loopback(host: str, port: int) -> bool:
    """Whether a Host header names this server on a loopback name (with or without its port)."""
    host = host.strip().lower()
    return any(host in (name, f"{name}:{port}") for name in LOOPBACK_NAMES)


class Server:
    """127.0.0.1:port serving one folder as the module says: serve_forever() in one thread, shutdown() from another,
    server_close() at the end (the interface of socketserver's servers)."""

    def __init__(self, address: tuple[str, int], handler, notifier: Notifier | None = None):
        self.handler, self.notifier = handler, notifier
        self.socket = socket.create_server(address, backlog=64)  # a page's pictures ask at once
        self.socket.setblocking(False)
        self.server_address = self.socket.getsockname()[:2]
        self.pending: dict[socket.socket, tuple[float, bytearray]] = {}  # insertion order: oldest first
        self.ready: queue.Queue = queue.Queue(MAX_WAITING)
        self.stopping = threading.Event()
        self.stopped = threading.Event()
        self.stopped.set()

    def serve_forever(self, poll_interval: float = 0.5) -> None:
        """Accept connections and read their heads until shutdown(); hand complete heads to the handler threads."""
        self.stopping.clear()
        self.stopped.clear()
        workers = [threading.Thread(target=self._work, daemon=True) for _ in range(MAX_CONNECTIONS)]
        for worker in workers:
            worker.start()
        sel = selectors.DefaultSelector()
        sel.register(self.socket, selectors.EVENT_READ)
        try:
            while not self.stopping.is_set():
                for key, _ in sel.select(poll_interval):
                    if key.fileobj is self.socket:
                        self._accept(sel)
                    else:
                        self._read(sel, key.fileobj)
                now = time.monotonic()
                for conn in [c for c, (deadline, _) in self.pending.items() if deadline <= now]:
                    self._drop(sel, conn)
        finally:
            self.stopping.set()
            for conn in list(self.pending):
                self._drop(sel, conn)
            sel.close()
            self.stopped.set()  # the handler threads end after their current answer (at most TIMEOUT_S)

    def _accept(self, sel: selectors.BaseSelector) -> None:
        try:
            conn, _ = self.socket.accept()
        except OSError:  # the client gave up at once, or no descriptors left: the next one may fare better
            return
        conn.setblocking(False)
        if len(self.pending) >= MAX_PENDING:
            self._drop(sel, next(iter(self.pending)))  # the oldest: a browser's request is never it
        self.pending[conn] = (time.monotonic() + Handler.timeout, bytearray())
        sel.register(conn, selectors.EVENT_READ)

    def _read(self, sel: selectors.BaseSelector, conn: socket.socket) -> None:
        try:
            chunk = conn.recv(65536)
        except (BlockingIOError, InterruptedError):
            return
        except OSError:
            chunk = b""
        head = self.pending[conn][1]
        start = max(0, len(head) - 3)  # the blank line may straddle two chunks; the rest was searched before
        head += chunk
        if chunk and head.find(b"\r\n\r\n", start) < 0 and head.find(b"\n\n", start) < 0 and len(head) <= MAX_HEAD:
            return  # more to come before the deadline
        sel.unregister(conn)
        del self.pending[conn]
        if not head:  # went away without a word
            conn.close()
            return
        self._dispatch(conn, bytes(head))

    def _drop(self, sel: selectors.BaseSelector, conn: socket.socket) -> None:
        sel.unregister(conn)
        del self.pending[conn]
        conn.close()

    def _dispatch(self, conn: socket.socket, head: bytes) -> None:
        """Queue a complete request for the handler threads (a new one is closed when MAX_WAITING wait already)."""
        try:
            self.ready.put_nowait((conn, head))
        except queue.Full:
            conn.close()

    def _work(self) -> None:
        """A handler thread: answer queued requests until shutdown()."""
        while not self.stopping.is_set():
            try:
                conn, head = self.ready.get(timeout=0.1)
            except queue.Empty:
                continue
            try:
                conn.setblocking(True)
                self.handler((conn, head), conn.getpeername(), self)
            except Exception:  # noqa: BLE001 - a client that went away, a timeout, a path the OS refuses: that
                pass  # request ends, nothing is printed
            finally:
                conn.close()

    def shutdown(self) -> None:
        """Stop serve_forever (from another thread) and wait until it has."""
        self.stopping.set()
        self.stopped.wait()

    def server_close(self) -> None:
        """Close the listening socket."""
        self.socket.close()


def bind(folder: Path, port: int, notifier: Notifier | None = None) -> Server:
    """A server for the folder bound to 127.0.0.1:port (with a notifier: answering /wait too), not yet serving;
    CheckFailed with one problem naming the port and what to do when it is not a port or is taken."""
    problem = port_problem(port)
    if problem is None:
        try:
            return Server(("127.0.0.1", port), functools.partial(Handler, directory=str(folder)), notifier)
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
