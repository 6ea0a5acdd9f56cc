"""Stress benchmark (not a timed test): N cold builds of every language, each in a fresh copy of the project (no
build/, no component or proof cache) with an empty font cache folder (XDG_CACHE_HOME), while busy-loop processes
keep every core loaded. Prints each build's result, the failures (target: 0 of at least 20) and whether every
build of a language wrote the same bytes.

Before issue 41 a loaded machine's cold fontconfig could resolve the kit's families to a system font (DejaVu Sans):
the page QA then stopped the build. The kit now draws from a private configuration holding only its own files.

    .venv/bin/python benchmarks/bench_fonts_stress.py                 # 21 builds: 7 rounds of it, en, ru
    .venv/bin/python benchmarks/bench_fonts_stress.py --rounds 1 --load 2
"""

from __future__ import annotations

import argparse
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from generator.content.languages import language_codes  # noqa: E402

EPOCH = "1767225600"


def copy_project(folder: Path) -> Path:
    """content/, locales/, templates/ and pyproject.toml: a project with nothing built and nothing cached."""
    for name in ("content", "locales", "templates"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder


def tree_digest(folder: Path) -> str:
    """sha256 over every file's relative path and bytes."""
    h = hashlib.sha256()
    for p in sorted(folder.rglob("*")):
        if p.is_file():
            h.update(str(p.relative_to(folder)).encode() + b"\0" + hashlib.sha256(p.read_bytes()).digest())
    return h.hexdigest()


def build(lang: str, scratch: Path) -> tuple[bool, float, str, str]:
    """One cold build of lang in a fresh project copy: (succeeded, seconds, digest of the kit, last error lines)."""
    project = copy_project(Path(tempfile.mkdtemp(dir=scratch, prefix=f"{lang}-")))
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH, "XDG_CACHE_HOME": str(project / ".cache"), "PYTHONUTF8": "1"}
    started = time.perf_counter()
    run = subprocess.run([sys.executable, "-m", "generator.cli", "build", "--lang", lang, "--root", str(project)],
                         cwd=ROOT, env=env, capture_output=True, text=True)
    took = time.perf_counter() - started
    kit = project / "build" / "pnp" / lang
    ok = run.returncode == 0 and kit.is_dir()
    digest = tree_digest(kit) if ok else ""
    tail = "" if ok else " | ".join((run.stderr or run.stdout).strip().splitlines()[-4:])
    shutil.rmtree(project, ignore_errors=True)
    return ok, took, digest, tail


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("--rounds", type=int, default=7, help="builds of each language (default 7: 21 builds)")
    parser.add_argument("--load", type=int, default=os.cpu_count() or 1,
                        help="busy-loop processes running meanwhile (default: one per core)")
    parser.add_argument("--lang", action="append", help="a language (default: every one of languages.toml)")
    args = parser.parse_args()
    langs = args.lang or [code for code in language_codes() if code != "xx"]
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.load)]
    results: dict[str, list[tuple[bool, float, str, str]]] = {lang: [] for lang in langs}
    try:
        with tempfile.TemporaryDirectory(prefix="fonts-stress-") as scratch:
            for r in range(args.rounds):
                for lang in langs:
                    ok, took, digest, tail = build(lang, Path(scratch))
                    results[lang].append((ok, took, digest, tail))
                    print(f"round {r + 1} {lang}: {'ok' if ok else 'FAILED'} in {took:.1f} s"
                          + (f" {digest[:12]}" if ok else f": {tail}"), flush=True)
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()
    total = sum(len(v) for v in results.values())
    failures = sum(not ok for v in results.values() for ok, *_ in v)
    print(f"\n{failures} failure(s) of {total} cold builds under {args.load} busy-loop process(es)")
    identical = True
    for lang, runs in results.items():
        digests = {d for ok, _t, d, _e in runs if ok}
        same = len(digests) <= 1
        identical &= same
        print(f"{lang}: {sum(ok for ok, *_ in runs)} built, "
              f"{'every build byte-identical' if same else f'{len(digests)} different results'}"
              + (f" ({next(iter(digests))[:16]})" if len(digests) == 1 else ""))
    print("every build's bytes identical" if identical else "builds DIFFER")
    return 0 if failures == 0 and identical else 1


if __name__ == "__main__":
    sys.exit(main())
