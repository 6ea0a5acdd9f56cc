"""Soak test of build integrity: many builds interrupted at seeded random times (SIGINT, SIGTERM, SIGKILL).

`python benchmarks/soak_integrity.py [RUNS] [SEED]` builds the Italian kit in a temporary project copy, then
interrupts RUNS forced rebuilds and after each checks: exit code (130/143, 0 when the build finished first;
-9 for SIGKILL), a one-line message and no traceback, the kit complete and sound (every file listed with its
hash, every PDF parses), no staging or old folder left behind (after a SIGKILL: none after the next start).
Prints one line per run and a summary; exits 1 if any run broke a rule.
"""

from __future__ import annotations

import os
import random
import shutil
import signal
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from tests.kit.faults import dojo, interrupt_after, kit_state, leftovers  # noqa: E402

ENV = {"SOURCE_DATE_EPOCH": "1767225600"}
KINDS = (signal.SIGINT, signal.SIGTERM, signal.SIGKILL)


def project(tmp: Path) -> Path:
    """A copy of the project's inputs."""
    for name in ("content", "locales", "templates"):
        shutil.copytree(ROOT / name, tmp / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", tmp)
    return tmp


def check(kit: Path, signum: int, code: int, err: str, expected: str) -> list[str]:
    """Every rule an interrupted build must keep; returns what was broken."""
    broken = []
    allowed = {0, 128 + signum} if signum != signal.SIGKILL else {0, -signal.SIGKILL}
    if code not in allowed:
        broken.append(f"exit {code}")
    if "Traceback" in err or (code > 128 and len(err.strip().splitlines()) != 1):
        broken.append(f"message: {err.strip()[:300]!r}")
    try:
        if kit_state(kit) != expected:
            broken.append("kit differs from the previous and the new one")
    except (AssertionError, OSError, ValueError) as exc:
        broken.append(f"kit damaged: {exc}")
    if signum != signal.SIGKILL and leftovers(kit.parent):
        broken.append(f"left {leftovers(kit.parent)}")
    return broken


def full_disk(root: Path, kit: Path, expected: str) -> int:
    """A forced build whose files may not grow past 200 KB (RLIMIT_FSIZE, as a full disk): exit 2, kit kept."""
    code = ("import resource, signal, subprocess, sys; signal.signal(signal.SIGXFSZ, signal.SIG_IGN);"
            "resource.setrlimit(resource.RLIMIT_FSIZE, (200_000, 200_000));"
            "sys.exit(subprocess.run(sys.argv[1:], stdout=subprocess.DEVNULL, stderr=subprocess.PIPE).returncode)")
    run = subprocess.run([sys.executable, "-c", code, sys.executable, "-m", "generator.cli", "build", "--lang", "it",
                          "--root", str(root), "--force"], cwd=ROOT, env={**os.environ, **ENV, "PYTHONPATH": str(ROOT)})
    broken = check(kit, signal.SIGINT, 0 if run.returncode == 2 else run.returncode, "", expected)
    verdict = "OK" if not broken else "BROKEN: " + "; ".join(broken)
    print(f"full disk (files capped at 200 KB): exit {run.returncode} {verdict}")
    return int(bool(broken))


def main(runs: int = 30, seed: int = 15) -> int:
    """Run the soak; print one line per run and a summary."""
    rng = random.Random(seed)
    with tempfile.TemporaryDirectory() as tmp:
        root = project(Path(tmp))
        kit = root / "build" / "pnp" / "it"
        assert dojo("build", "--lang", "it", "--root", root, env=ENV).wait() == 0
        t0 = time.monotonic()
        assert dojo("build", "--lang", "it", "--root", root, "--force", env=ENV).wait() == 0
        duration = time.monotonic() - t0
        expected = kit_state(kit)
        failures = 0
        for n in range(runs):
            signum = rng.choice(KINDS)
            delay = rng.uniform(0.0, 1.1) * duration
            done = interrupt_after(dojo("build", "--lang", "it", "--root", root, "--force", env=ENV), delay, signum)
            broken = check(kit, signum, done.code, done.err, expected)
            failures += bool(broken)
            print(f"run {n:3d} {signal.Signals(signum).name:7s} at {delay:5.2f} s: exit {done.code:4d} "
                  f"{'OK' if not broken else 'BROKEN: ' + '; '.join(broken)}")
        failures += full_disk(root, kit, expected)
        ok = dojo("build", "--lang", "it", "--root", root, env=ENV).wait() == 0 and kit_state(kit) == expected
        print(f"{runs} interrupted builds (forced build {duration:.1f} s), {failures} broke a rule; "
              f"next build {'succeeded' if ok else 'FAILED'}; leftovers after it: {leftovers(kit.parent) or 'none'}")
        return 0 if failures == 0 and ok and not leftovers(kit.parent) else 1


if __name__ == "__main__":
    sys.exit(main(*(int(a) for a in sys.argv[1:3])))
