"""The kit version: package version plus the short commit, and the commit time for reproducible dates."""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

from . import __version__


def _git(root: Path, *args: str) -> str | None:
    try:
        out = subprocess.run(["git", *args], cwd=root, capture_output=True, text=True, timeout=10)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip() or None if out.returncode == 0 else None


def kit_version(root: Path) -> str:
    """'0.9.0+abc1234' in a git checkout, the bare package version elsewhere."""
    commit = _git(root, "rev-parse", "--short=7", "HEAD")
    return f"{__version__}+{commit}" if commit else __version__


def source_date_epoch(root: Path) -> int:
    """SOURCE_DATE_EPOCH if set, else the last commit's time, else a fixed date (2026-01-01)."""
    env = os.environ.get("SOURCE_DATE_EPOCH")
    if env and env.isdigit():
        return int(env)
    stamp = _git(root, "log", "-1", "--format=%ct")
    return int(stamp) if stamp and stamp.isdigit() else 1767225600
