"""The preview server holds (issue 32): a bad or taken port is told in one line before anything renders; only
loopback Host headers are answered; hostile request lines and dropped clients print nothing; connections are
bounded and time out; a folder vanishing under the watcher's scan is skipped."""

from __future__ import annotations

import shutil
import socket
import threading
import time

import pytest

from generator.i18n import serve as serve_module
from generator.commands.preview import PREVIEW_DIR, snapshot
from generator.i18n.serve import MAX_CONNECTIONS, bind, start
from tests.board.helpers import run_cli


def _ask(port: int, raw: bytes) -> bytes:
    """Send raw bytes to the server, return everything it answers."""
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:
        s.sendall(raw)
        s.shutdown(socket.SHUT_WR)
        out = b""
        while chunk := s.recv(65536):
            out += chunk
    return out


@pytest.fixture
def server(tmp_path):
    (tmp_path / "index.html").write_text("<p>ok</p>", encoding="utf-8")
    (tmp_path / "sub").mkdir()
    (tmp_path / "sub" / "a.png").write_bytes(b"png")
    srv = start(bind(tmp_path, 0))
    yield srv
    srv.shutdown()
    srv.server_close()


def _status(answer: bytes) -> int:
    """The answer's status (an HTTP/0.9-style request gets the error page alone, its code in the text)."""
    if answer.startswith(b"HTTP/"):
        return int(answer.split(b" ", 2)[1])
    return int(answer.split(b"Error code: ", 1)[1][:3])


def test_only_loopback_hosts_are_answered(server):
    port = server.server_address[1]
    for host in (f"127.0.0.1:{port}", "localhost", f"LOCALHOST:{port}"):
        answer = _ask(port, f"GET /index.html HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        assert _status(answer) == 200 and answer.endswith(b"<p>ok</p>"), host
    for host in ("rebind.example.com", f"rebind.example.com:{port}", "127.0.0.1.nip.io", f"127.0.0.1:{port + 1}"):
        answer = _ask(port, f"GET /index.html HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n".encode())
        assert _status(answer) == 403 and b"<p>ok</p>" not in answer, host
    assert _status(_ask(port, b"GET /index.html HTTP/1.0\r\n\r\n")) == 403  # no Host at all


def test_hostile_requests_and_dropped_clients_print_nothing(server, capfd):
    port = server.server_address[1]
    host = f"Host: 127.0.0.1:{port}\r\n"
    for raw, status in ((f"GET /%00 HTTP/1.1\r\n{host}\r\n", 400), (f"GET /a%00b.png HTTP/1.1\r\n{host}\r\n", 400),
                        (f"GET /%0a HTTP/1.1\r\n{host}\r\n", 400), ("GARBAGE\r\n\r\n", 400),
                        (f"GET /sub/ HTTP/1.1\r\n{host}\r\n", 404),  # no folder listing
                        (f"GET /../../etc/passwd HTTP/1.1\r\n{host}\r\n", 404),
                        ("GET / HTTP/9.9\r\n\r\n", 505), (f"POST /index.html HTTP/1.1\r\n{host}\r\n", 501)):
        assert _status(_ask(port, raw.encode("latin-1"))) == status, raw
    for partial in (b"GET /index.html HTT", b"GET /index.html HTTP/1.1\r\nHost: 127.0", b""):
        with socket.create_connection(("127.0.0.1", port), timeout=5) as s:  # a client that goes away mid-request
            s.sendall(partial)
    with socket.create_connection(("127.0.0.1", port), timeout=5) as s:  # ... or before reading the answer
        s.setsockopt(socket.SOL_SOCKET, socket.SO_LINGER, b"\x01\x00\x00\x00\x00\x00\x00\x00")  # reset on close
        s.sendall(f"GET /index.html HTTP/1.1\r\n{host}\r\n".encode())
    time.sleep(0.3)
    assert _status(_ask(port, f"GET /index.html HTTP/1.1\r\n{host}Connection: close\r\n\r\n".encode())) == 200
    out, err = capfd.readouterr()
    assert "Traceback" not in out + err and err == "" and out == ""


def test_connections_are_bounded_and_time_out(tmp_path, monkeypatch):
    monkeypatch.setattr(serve_module.Handler, "timeout", 0.5)
    (tmp_path / "index.html").write_text("ok", encoding="utf-8")
    srv = start(bind(tmp_path, 0))
    port = srv.server_address[1]
    idle = [socket.create_connection(("127.0.0.1", port), timeout=5) for _ in range(MAX_CONNECTIONS + 8)]
    try:
        time.sleep(0.2)
        handlers = [t for t in threading.enumerate() if t.name.startswith("Thread-") and t.daemon]
        assert len(handlers) <= MAX_CONNECTIONS + 2  # the serving thread and the bounded handlers, not one each
        time.sleep(0.8)  # the silent clients time out and free their slots
        answer = _ask(port, f"GET /index.html HTTP/1.1\r\nHost: localhost:{port}\r\nConnection: close\r\n\r\n".encode())
        assert _status(answer) == 200
    finally:
        for s in idle:
            s.close()
        srv.shutdown()
        srv.server_close()


@pytest.mark.parametrize("port", ["taken", "99999", "-1"])
def test_a_bad_or_taken_port_is_one_line_before_anything_renders(project, port):
    with socket.socket() as holder:
        holder.bind(("127.0.0.1", 0))
        holder.listen()
        number = str(holder.getsockname()[1]) if port == "taken" else port
        started = time.monotonic()
        run = run_cli("i18n", "watch", "--lang", "ru", "--port", number, "--root", project)
        took = time.monotonic() - started
    assert run.code == 2 and took < 1.0, (run.code, took, run.err)
    lines = run.err.strip().splitlines()  # one problem: what is wrong, then the fix
    assert len(lines) == 2 and "Traceback" not in run.err and number in lines[0] and "--port" in lines[1], run.err
    assert ("taken" in lines[0]) == (port == "taken")
    drawn = project / PREVIEW_DIR
    assert not list(drawn.rglob("*.png")) and not (drawn / "ru" / "index.html").exists()  # nothing rendered


def test_folders_vanishing_during_the_scan_are_skipped(project):
    stop = threading.Event()
    churn = project / "content" / "churn"

    def flap():
        while not stop.is_set():
            for i in range(20):
                (churn / f"d{i}" / "deep").mkdir(parents=True, exist_ok=True)
                (churn / f"d{i}" / "deep" / "f.toml").write_text("x")
            shutil.rmtree(churn, ignore_errors=True)

    worker = threading.Thread(target=flap)
    worker.start()
    try:
        scans = [snapshot(project, "ru") for _ in range(60)]
    finally:
        stop.set()
        worker.join()
    stable = {p for p in snapshot(project, "ru") if "churn" not in p.parts}
    assert stable and all(stable <= set(s) for s in scans)  # the stable files are always seen
    assert any(p.name == "f.toml" for s in scans for p in s)  # the churning ones were met while they existed
