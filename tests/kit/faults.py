"""Fault injection helpers: run `dojo` in a subprocess, interrupt it, and check what the kit folder holds."""

from __future__ import annotations

import hashlib
import io
import json
import os
import signal
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

from pypdf import PdfReader

ROOT = Path(__file__).resolve().parents[2]


@dataclass(frozen=True)
class Outcome:
    """How an interrupted run ended."""

    code: int
    err: str


def dojo(*args: str | Path, env: dict | None = None) -> subprocess.Popen:
    """Start `dojo ARGS` in its own process (the worktree's package, this interpreter)."""
    full_env = {**os.environ, "PYTHONPATH": str(ROOT), **(env or {})}
    return subprocess.Popen([sys.executable, "-m", "generator.cli", *map(str, args)], cwd=ROOT, env=full_env,
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True)


def interrupt_after(proc: subprocess.Popen, delay: float, signum: int) -> Outcome:
    """Send signum after delay seconds (unless the run ended first) and wait for the run to end."""
    try:
        proc.wait(timeout=delay)
    except subprocess.TimeoutExpired:
        proc.send_signal(signum)
    _out, err = proc.communicate(timeout=120)
    return Outcome(proc.returncode, err)


def run_script(code: str, *args: str) -> subprocess.CompletedProcess:
    """Run a Python snippet in a fresh interpreter (for faults that kill the process at a chosen step)."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.run([sys.executable, "-c", code, *args], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=300)


def kit_state(kit: Path) -> str:
    """The kit's manifest inputs digest after checking it is complete: every file listed, no other, hashes and
    PDFs sound. Raises AssertionError describing the damage otherwise."""
    record = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    listed = {e["path"]: e for e in record["files"]}
    on_disk = {p.relative_to(kit).as_posix() for p in kit.rglob("*") if p.is_file()} - {"manifest.json"}
    assert on_disk == set(listed), f"files differ from the manifest: {sorted(on_disk ^ set(listed))[:5]}"
    for path, entry in listed.items():
        data = (kit / path).read_bytes()
        assert hashlib.sha256(data).hexdigest() == entry["sha256"], f"{path}: hash differs from the manifest"
        if path.endswith(".pdf"):
            assert len(PdfReader(io.BytesIO(data), strict=True).pages) == entry["pages"], path
    return record["inputs"] + ":" + hashlib.sha256((kit / "manifest.json").read_bytes()).hexdigest()


def leftovers(folder: Path) -> list[str]:
    """Hidden staging/old folders beside the kits."""
    return sorted(p.name for p in folder.iterdir() if p.name.startswith(".") and p.is_dir())


def wait_for(predicate, timeout: float = 60.0) -> bool:
    """Poll until predicate() is true."""
    end = time.monotonic() + timeout
    while time.monotonic() < end:
        if predicate():
            return True
        time.sleep(0.02)
    return False


SIGNALS = (signal.SIGINT, signal.SIGTERM)
