"""Warm and no-op build times beside another commit, alternated in one run (issue 41: the checks on read, the seals
of every cache entry and of installed kits must keep warm builds as fast).

`python benchmarks/bench_warm.py --against REV [--runs N]` exports REV (git archive) and a copy of this tree into
a temporary folder, builds each one's Italian kit once (filling its caches; a key of its own in the temporary
folder, DOJO_KEY_DIR), then alternates, N times each (which tree goes first alternating too):

- warm: `dojo build --lang it` with the kit folder removed (every component from the component cache, the kit
  verified and installed again);
- no-op: `dojo build --lang it` with the kit up to date (nothing rendered, nothing written).

It prints each one's median wall seconds, the ratio (this tree over REV, with the range of the ratios of the runs
paired in time), and whether both trees' kits are byte-identical.
"""

from __future__ import annotations

import argparse
import json
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from bench_speed import ENV, ROOT, against_tree  # this folder's scripts

PARTS = ("generator", "content", "locales", "templates", "pyproject.toml")


def this_tree(tmp: Path) -> tuple[Path, dict[str, str]]:
    """A copy of this tree's code and inputs, and the environment running it."""
    tree = tmp / "this"
    tree.mkdir()
    for name in PARTS:
        src = ROOT / name
        if src.is_dir():
            shutil.copytree(src, tree / name, ignore=shutil.ignore_patterns("__pycache__", "*.mo"))
        else:
            shutil.copy(src, tree / name)
    env = {**ENV, "PYTHONPATH": str(tree)}
    subprocess.run([sys.executable, "-c", "from generator.cairo_abi import generate; generate()"], cwd=tree, env=env,
                   check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "generator")], check=True)
    return tree, env


def build(tree: Path, env: dict[str, str], cold_kit: bool) -> float:
    """Wall seconds of `dojo build --lang it` in tree (cold_kit: its kit folder removed first)."""
    if cold_kit:
        shutil.rmtree(tree / "build" / "pnp", ignore_errors=True)
    t0 = time.perf_counter()
    subprocess.run([sys.executable, "-m", "generator.cli", "build", "--lang", "it"], cwd=tree, env=env, check=True,
                   stdout=subprocess.DEVNULL)
    return time.perf_counter() - t0


def hashes(tree: Path) -> dict[str, str]:
    kit = tree / "build" / "pnp" / "it"
    return {e["path"]: e["sha256"] for e in json.loads((kit / "manifest.json").read_text())["files"]}


def main() -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--against", default="HEAD", metavar="REV", help="the commit to compare with (default HEAD)")
    ap.add_argument("--runs", type=int, default=5)
    args = ap.parse_args()
    with tempfile.TemporaryDirectory() as tmp:
        base, base_env = against_tree(args.against, Path(tmp))
        mine, mine_env = this_tree(Path(tmp))
        for env, name in ((base_env, "key-base"), (mine_env, "key-this")):
            env["DOJO_KEY_DIR"] = str(Path(tmp) / name)
        for tree, env in ((base, base_env), (mine, mine_env)):
            build(tree, env, cold_kit=True)  # caches filled, proofs proved
        rows = []
        for label, cold_kit in (("warm build (kit removed, every component cached)", True),
                                ("no-op build (kit up to date)", False)):
            pairs = []
            for i in range(args.runs):  # which tree goes first alternates too
                if i % 2:
                    new = build(mine, mine_env, cold_kit)
                    pairs.append((build(base, base_env, cold_kit), new))
                else:
                    pairs.append((build(base, base_env, cold_kit), build(mine, mine_env, cold_kit)))
            old, new = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
            ratios = sorted(n / o for o, n in pairs)
            rows.append((label, old, new, new / old, ratios[0], ratios[-1]))
        same = hashes(base) == hashes(mine)
    print(f"dojo build --lang it, median of {args.runs} alternated runs each")
    print(f"{'':52s}{args.against:>10s}{'this tree':>11s}{'ratio':>8s}  paired ratios")
    for label, old, new, ratio, low, high in rows:
        print(f"{label:52s}{old:9.2f}s{new:10.2f}s{ratio:8.2f}  {low:.2f}-{high:.2f}")
    print(f"kits byte-identical: {'yes' if same else 'NO'}")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
