"""Speed and memory figures of issue 16, side by side with protograf in the same run (prints figures).

`python benchmarks/bench_speed.py [--suite] [--no-protograf] [--against REV] [--only-against]` works in a temporary
copy of the project, so build/ is never touched, and prints:

- cold one-language build (`dojo build --lang it --force`, proof cached, kept art removed) on one core and on every core;
- the kit's cost per printed page (the cold build over every page it prints and reads back), and protograf's cost
  per extra page of two decks (a 220-card deck less a 22-card one; protograf installed from PyPI into a
  virtualenv the benchmark creates in its temporary folder: never a project dependency), and their ratios: a plain
  text deck (a band and two texts a card) and a card-like one (what a kit card carries: frame, header band,
  title, cost disc, icon picture, wrapped body, imprint);
- incremental rebuild after editing one card string in one catalog (only that card's component renders);
- `dojo i18n check --render` for all languages with nothing cached but the proofs, then again
  (components cached);
- cold release (empty build/, proof not cached);
- with --against REV, the incremental rebuild, the no-op build and the cold release of REV and of this tree too,
  alternated (wall and CPU seconds of all processes), and protograf's CPU per page over each tree's;
- peak resident memory of a one-language build (largest process);
- one cold build's `--timings` table: each phase, and each component's process, start, render and page-QA seconds;
- one cold release's stages (the kits, the Tabletop Simulator export, the designer's page, packing), wall and CPU;
- with --suite, the whole test suite (`pytest -n auto`);
- with --against REV (a git revision, e.g. 592e0c2, the commit issue 27 measures against), that commit's cold
  `dojo build --lang it --force` side by side with this tree's, alternating AGAINST_RUNS times (each built in its
  own tree from its own content; the revision's code runs on this virtualenv, plus any dependency it declares that
  this one lacks or holds at another version, installed into the benchmark's temporary folder), and the ratio;
  --only-against prints just that.

It also checks that builds on one core and on all cores, and the incremental build and a cold --force build of
the edited tree, write byte-identical files (SOURCE_DATE_EPOCH fixed). Per-phase and per-component figures:
benchmarks/bench_render.py.
"""

from __future__ import annotations

import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
ENV = {**os.environ, "SOURCE_DATE_EPOCH": "1767225600", "PYTHONPATH": str(ROOT)}
DOJO = [sys.executable, "-m", "generator.cli"]
PROTOGRAF_DECK = '''
import sys
cards = int(sys.argv.pop(1))  # protograf's Create() parses the command line itself and refuses anything it does not know
from protograf import Create, Deck, Card, Save, rectangle, text
Create(filename="deck.pdf", paper="A4", margin=1, units="cm")
Deck(cards=cards, card_size="poker")
for i in range(1, cards + 1):
    Card(str(i), rectangle(x=0.3, y=0.3, width=5.7, height=1.2, fill="#e6d7b8"),
         text(text=f"Card {i}", x=3.15, y=1.1, font_size=12),
         text(text=f"Move {i % 3 + 1} squares forward or back; strike if the rival is near.", x=3.15, y=4,
              font_size=8, wrap=True, width=5, height=3))
Save()
'''
PROTOGRAF_CARDS = '''
import sys
cards = int(sys.argv.pop(1))
from protograf import Create, Deck, Card, Save, rectangle, text, circle, image
Create(filename="deck.pdf", paper="A4", margin=1, units="cm")
Deck(cards=cards, card_size="poker")
BODY = ("Move {n} squares forward or back; strike if the rival is near. When you land on a tunnel, "
        "you may swap places with any pawn on its other end; then draw a card and keep it hidden.")
for i in range(1, cards + 1):
    Card(str(i),
         rectangle(x=0.3, y=0.3, width=5.75, height=8.29, stroke="#5a4632", stroke_width=1.5, fill=None, rounding=0.3),
         rectangle(x=0.3, y=0.3, width=5.75, height=1.3, fill="#e6d7b8", stroke=None),
         text(text=f"Card {i}", x=3.15, y=1.1, font_size=12),
         circle(cx=5.3, cy=0.95, radius=0.45, fill="#8a82bd", stroke="#222222"),
         text(text=str(i % 9 + 1), x=5.3, y=1.1, font_size=10),
         image("icon.png", x=2.15, y=2.0, width=2, height=2),
         text(text=BODY.format(n=i % 3 + 1), x=0.65, y=4.6, font_size=8, wrap=True, width=5, height=3.2),
         text(text=f"{i}/{cards}", x=3.15, y=8.3, font_size=6))
Save()
'''  # cards carrying what a kit card does: frame, header band, title, cost disc, icon, wrapped body, imprint



def timed(cmd: list[str], runs: int, cwd: Path = ROOT, before=lambda: None) -> float:
    """Median wall seconds of a command (fails loudly when the command fails)."""
    return statistics.median(wall for wall, _ in measured(cmd, runs, cwd, before))


def run_measured(cmd: list[str], cwd: Path = ROOT, env: dict | None = None) -> tuple[float, float]:
    """(wall seconds, CPU seconds) of one run of a command: the CPU is user + system time of the command and every
    process it waited for (its workers), from the children's resource usage before and after."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    t0 = time.perf_counter()
    subprocess.run(cmd, cwd=cwd, env=env or ENV, check=True, stdout=subprocess.DEVNULL)
    wall = time.perf_counter() - t0
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    return wall, (after.ru_utime - before.ru_utime) + (after.ru_stime - before.ru_stime)


def measured(cmd: list[str], runs: int, cwd: Path = ROOT, before=lambda: None) -> list[tuple[float, float]]:
    """(wall, CPU) seconds of each of runs runs of a command."""
    out = []
    for _ in range(runs):
        before()
        out.append(run_measured(cmd, cwd))
    return out


def peak_rss_mb(cmd: list[str]) -> float:
    """Peak resident memory (MB) of the largest process a command ran (parent or one worker)."""
    code = ("import resource, subprocess, sys; subprocess.run(sys.argv[1:], check=True, stdout=subprocess.DEVNULL);"
            "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss)")
    out = subprocess.run([sys.executable, "-c", code, *cmd], env=ENV, check=True, capture_output=True, text=True)
    return int(out.stdout.strip()) / 1024


def hashes(kit: Path) -> dict[str, str]:
    """path -> sha256 of a built kit."""
    return {e["path"]: e["sha256"] for e in json.loads((kit / "manifest.json").read_text())["files"]}


def edit_one_card_string(proj: Path, n: int) -> None:
    """Change the Italian translation of one stance card's text (duel/seigan 'Free stance')."""
    po = proj / "locales/it/LC_MESSAGES/duel.po"
    text = po.read_text(encoding="utf-8")
    edited, found = re.subn(r'(msgctxt "duel/seigan"\nmsgid "Free stance"\nmsgstr ")([^"]*)', rf"\g<1>\g<2>{n}", text,
                            count=1)
    if not found:  # a tree without that entry would time a no-op build as the incremental rebuild
        raise SystemExit(f"{po}: no duel/seigan 'Free stance' entry to edit")
    po.write_text(edited, encoding="utf-8")


def protograf_seconds(tmp: Path, runs: int) -> dict[str, tuple[float, float]] | None:
    """For each protograf deck (the plain text deck, and the card-like one): its median wall seconds for 22 cards
    and its cost per extra page in wall and in CPU seconds (a 220-card deck's time less the 22-card one's, over the
    pages added); None when protograf cannot be installed."""
    venv = tmp / "protograf-venv"
    try:
        subprocess.run([sys.executable, "-m", "venv", str(venv)], check=True, capture_output=True)
        subprocess.run([str(venv / "bin/python"), "-m", "pip", "install", "--quiet", "protograf"], check=True,
                       capture_output=True, timeout=900)
    except (subprocess.CalledProcessError, subprocess.TimeoutExpired) as exc:
        print(f"protograf could not be installed: {exc}", file=sys.stderr)
        return None
    import pypdfium2 as pdfium
    from PIL import Image, ImageDraw

    out = {}
    for name, script in (("plain text deck", PROTOGRAF_DECK), ("card-like deck", PROTOGRAF_CARDS)):
        work = tmp / f"protograf-{name.split()[0]}"
        work.mkdir()
        (work / "deck.py").write_text(script, encoding="utf-8")
        icon = Image.new("RGBA", (128, 128), (0, 0, 0, 0))  # the card-like deck's icon picture
        ImageDraw.Draw(icon).ellipse((8, 8, 120, 120), fill=(90, 70, 50, 255))
        icon.save(work / "icon.png")
        seconds, cpu, pages = {}, {}, {}
        for cards in (22, 220):
            runs_of = measured([str(venv / "bin/python"), "deck.py", str(cards)], runs, cwd=work)
            seconds[cards] = statistics.median(w for w, _ in runs_of)
            cpu[cards] = statistics.median(c for _, c in runs_of)
            pages[cards] = len(pdfium.PdfDocument((work / "deck.pdf").read_bytes()))
        out[name] = (seconds[22], (seconds[220] - seconds[22]) / (pages[220] - pages[22]),
                     (cpu[220] - cpu[22]) / (pages[220] - pages[22]))
    return out


AGAINST_RUNS = 5


def against_tree(rev: str, tmp: Path) -> tuple[Path, dict[str, str]]:
    """The files of git revision rev (git archive) with their bytecode compiled, and the environment running its
    code: this virtualenv, ahead of it the dependencies rev declares that this one lacks or holds at a version
    outside rev's range (pip install --target)."""
    import tomllib
    from importlib import metadata

    from packaging.requirements import Requirement

    from bench_sweep import export  # this folder's scripts: git archive of a revision into a folder

    tree = tmp / "against"
    tree.mkdir()
    export(rev, tree)
    wanted = []
    for line in tomllib.loads((tree / "pyproject.toml").read_text(encoding="utf-8"))["project"]["dependencies"]:
        req = Requirement(line)
        try:
            if req.specifier.contains(metadata.version(req.name), prereleases=True):
                continue
        except metadata.PackageNotFoundError:
            pass
        wanted.append(line)
    site = tmp / "against-site"
    if wanted:
        subprocess.run([sys.executable, "-m", "pip", "install", "--quiet", "--target", str(site), *wanted], check=True,
                       capture_output=True, timeout=900)
    env = {**ENV, "PYTHONPATH": os.pathsep.join([str(tree), str(site)])}
    if (tree / "generator/cairo_abi.py").exists():  # as its Makefile's bytecode target does
        subprocess.run([sys.executable, "-c", "from generator.cairo_abi import generate; generate()"], cwd=tree,
                       env=env, check=True)
    subprocess.run([sys.executable, "-m", "compileall", "-q", str(tree / "generator")], check=True)
    return tree, env


def drop_art(proj: Path) -> None:
    """A cold build draws its art anew: the art kept by earlier builds (build/cache/components/art, kit/artcache.py)
    is removed before each cold build this benchmark times, as the proofs and extraction stay cached."""
    shutil.rmtree(proj / "build/cache/components/art", ignore_errors=True)


def side_by_side(rev: str, tmp: Path, build: list[str]) -> list[tuple[str, float, str]]:
    """A cold one-language build of revision rev and of this tree, alternated AGAINST_RUNS times: each one's median
    wall seconds and their ratio (with the range of the ratios of the runs paired in time)."""
    tree, env = against_tree(rev, tmp)
    theirs = [sys.executable, "-m", "generator.cli", "build", "--lang", "it", "--force", "--out", str(tmp / "rev-out")]
    subprocess.run(theirs, cwd=tree, env=env, check=True, stdout=subprocess.DEVNULL)  # its proofs cached too
    pairs, cpus = [], []
    for _ in range(AGAINST_RUNS):
        old_run = run_measured(theirs, cwd=tree, env=env)
        drop_art(Path(build[build.index("--root") + 1]))
        new_run = run_measured([*build, "--out", str(tmp / "this-out")])
        pairs.append((old_run[0], new_run[0]))
        cpus.append((old_run[1], new_run[1]))
    old, new = statistics.median(p[0] for p in pairs), statistics.median(p[1] for p in pairs)
    ratios = sorted(n / o for o, n in pairs)
    old_pages, new_pages = kit_pages(tmp / "rev-out/it"), kit_pages(tmp / "this-out/it")
    old_cpu, new_cpu = statistics.median(c[0] for c in cpus), statistics.median(c[1] for c in cpus)
    return [(f"cold dojo build --lang it --force at {rev} (median of {AGAINST_RUNS}, alternated)", old, "s"),
            ("the same build of this tree, alternated with it", new, "s"),
            (f"this tree / {rev} (median; paired runs {ratios[0]:.2f}-{ratios[-1]:.2f}; issue 27: at most 1.1)",
             new / old, "x"),
            (f"CPU of a cold kit per printed page at {rev} ({old_pages} pages, read back)", old_cpu / old_pages * 1000,
             "ms"),
            (f"CPU of a cold kit per printed page, this tree ({new_pages} pages; issue 46: at most 4)",
             new_cpu / new_pages * 1000, "ms")]


RELEASE_RUNS = 2  # a cold release takes 10-30 s: two alternated pairs
INCREMENTAL_RUNS = 3


def side_by_side_more(rev: str, tmp: Path, proj: Path) -> list[tuple[str, float, str]]:
    """The one-string incremental rebuild, the no-op build after it and the cold release of revision rev (its tree from
    side_by_side) and of this tree (proj), alternated: each one's median wall and CPU seconds (all processes)."""
    tree, env = tmp / "against", {**ENV, "PYTHONPATH": os.pathsep.join([str(tmp / "against"), str(tmp / "against-site")])}
    sides = ((tree, env), (proj, ENV))
    incremental = [sys.executable, "-m", "generator.cli", "build", "--lang", "it"]
    for root, side_env in sides:  # the component caches filled
        subprocess.run([*incremental, "--root", str(root)], cwd=root, env=side_env, check=True,
                       stdout=subprocess.DEVNULL)
    runs: dict[str, list[list[tuple[float, float]]]] = {"incremental": [[], []], "no-op": [[], []], "release": [[], []]}
    for n in range(1, INCREMENTAL_RUNS + 1):
        for k, (root, side_env) in enumerate(sides):
            edit_one_card_string(root, n)
            runs["incremental"][k].append(run_measured([*incremental, "--root", str(root)], cwd=root, env=side_env))
        for k, (root, side_env) in enumerate(sides):  # nothing changed since: the kit is up to date
            runs["no-op"][k].append(run_measured([*incremental, "--root", str(root)], cwd=root, env=side_env))
    release = [sys.executable, "-m", "generator.cli", "release"]
    for _ in range(RELEASE_RUNS):
        for k, (root, side_env) in enumerate(sides):
            shutil.rmtree(root / "build", ignore_errors=True)
            runs["release"][k].append(run_measured([*release, "--root", str(root)], cwd=root, env=side_env))
    subprocess.run([*incremental, "--root", str(proj)], env=ENV, check=True, stdout=subprocess.DEVNULL)  # proofs again
    rows = []
    for name, what, target in (("incremental", "incremental build after editing one card string", "issue 46: at most 1 s"),
                               ("no-op", "no-op build (the kit up to date)", "no target"),
                               ("release", "cold dojo release (empty build/, 3 languages)", "issue 46: at most 15 s idle")):
        old, new = runs[name]
        med = lambda side, i: statistics.median(r[i] for r in side)  # noqa: E731
        rows += [(f"{what} at {rev}, wall (median of {len(old)}, alternated)", med(old, 0), "s"),
                 (f"{what}, this tree, wall ({target})", med(new, 0), "s"),
                 (f"{what} at {rev}, CPU in all processes", med(old, 1), "s"),
                 (f"{what}, this tree, CPU in all processes", med(new, 1), "s")]
    return rows


RELEASE_STAGES = '''
import contextlib, resource, sys, time
from pathlib import Path
import generator.release.build as rb

def cpu():
    a, b = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return a.ru_utime + a.ru_stime + b.ru_utime + b.ru_stime

spent = {}
def timed(name, fn):
    def run(*args, **kwargs):
        t, c = time.perf_counter(), cpu()
        try:
            return fn(*args, **kwargs)
        finally:
            w, u = spent.get(name, (0.0, 0.0))
            spent[name] = (w + time.perf_counter() - t, u + cpu() - c)
    return run

for name, what in (("build_languages", "the languages' kits (phase one with the proofs, components, page QA, install)"),
                   ("export_tts", "Tabletop Simulator tables and card pictures"),
                   ("_packed", "the kits' zips and index, packed and read back by a thread during the export"),
                   ("assemble", "the TTS zips and the manifest, after the export"),
                   ("verify", "reading the release back (the thread's part counted above too)"),
                   ("replace_tree", "writing the release folder")):
    setattr(rb, name, timed(what, getattr(rb, name)))
beside = rb.made_beside  # the designer's page: one worker plays its games from the start, beside the stages above


@contextlib.contextmanager
def made_beside(*args, **kwargs):
    inner = beside(*args, **kwargs)
    made = inner.__enter__()
    try:
        yield timed("the designer's page: left to wait for once the export is done", made)
    except BaseException:
        if not inner.__exit__(*sys.exc_info()):
            raise
        return
    t, c = time.perf_counter(), cpu()
    inner.__exit__(None, None, None)  # its worker reaped: its CPU (its games and page) counted here
    spent["the designer's page: its worker's CPU (played beside the kits and the export)"] = (
        time.perf_counter() - t, cpu() - c)


rb.made_beside = made_beside
t, c = time.perf_counter(), cpu()
rb.release(Path(sys.argv[1]), rb.ReleaseOptions())
for what, (w, u) in spent.items():
    print(f"  {what:<78} {w:6.2f} s wall {u:6.2f} s CPU")
print(f"  {'the whole release, start-up (imports) left out':<78} {time.perf_counter() - t:6.2f} s wall "
      f"{cpu() - c:6.2f} s CPU")
'''  # a cold release with each of its stages timed (wall, and CPU of this process and the workers it waited for)


def release_stages(proj: Path) -> str:
    """Where a cold release of proj spends its time: each stage of release.build.release, timed in one run, and how
    much of it the release left a core idle (sampled every 0.1 s: fewer of its processes running or ready to run
    than cores, Linux's /proc; with other work on the machine a ready process waits too, so this is the release's
    own demand, not what it got)."""
    shutil.rmtree(proj / "build", ignore_errors=True)
    run = subprocess.Popen([sys.executable, "-c", RELEASE_STAGES, str(proj)], cwd=proj, env=ENV, text=True,
                           stdout=subprocess.PIPE, stderr=subprocess.DEVNULL)
    cores, samples = len(os.sched_getaffinity(0)), []
    while run.poll() is None and Path("/proc/self/stat").exists():
        samples.append(sum(state == "R" for state in _tree_states(run.pid)))
        time.sleep(0.1)
    out = run.communicate()[0]
    if run.returncode:
        raise subprocess.CalledProcessError(run.returncode, "the release's stages")
    if samples:
        idle = sum(n < cores for n in samples) / len(samples)
        out += (f"  {f'share of the time it left a core idle (fewer than {cores} of its processes running or ready)':<78}"
                f" {idle:6.1%}\n")
    return out


def _tree_states(pid: int) -> list[str]:
    """The state letter (R running or ready, S sleeping...) of pid and of every process descending from it."""
    parent: dict[int, list[tuple[int, str]]] = {}
    for entry in os.listdir("/proc"):
        try:
            fields = Path(f"/proc/{entry}/stat").read_text().rsplit(")", 1)[1].split() if entry.isdigit() else None
        except OSError:
            continue
        if fields:
            parent.setdefault(int(fields[1]), []).append((int(entry), fields[0]))
    states, todo = [], [pid]
    while todo:
        for child, state in parent.get(todo.pop(), []):
            states.append(state)
            todo.append(child)
    try:
        states.append(Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0])
    except OSError:
        pass
    return states


def kit_pages(kit: Path) -> int:
    """Every page the kit prints (the manifest's page counts)."""
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    return sum(e.get("pages") or 0 for e in manifest["files"])


def main(argv: list[str]) -> int:
    """Print the figures."""
    rows: list[tuple[str, float, str]] = []
    checks: list[tuple[str, bool]] = []
    subprocess.run(["make", "-s", "bytecode"], cwd=ROOT, check=True)  # as every make target does first
    with tempfile.TemporaryDirectory() as tmp:
        proj = Path(tmp) / "project"
        for name in ("content", "locales", "templates"):
            shutil.copytree(ROOT / name, proj / name, ignore=shutil.ignore_patterns("*.mo"))
        shutil.copy(ROOT / "pyproject.toml", proj)
        build = [*DOJO, "build", "--lang", "it", "--root", str(proj), "--force"]
        subprocess.run(build, env=ENV, check=True, stdout=subprocess.DEVNULL)  # proof and extraction cached
        rev = argv[argv.index("--against") + 1] if "--against" in argv else None
        if rev:
            against = side_by_side(rev, Path(tmp), build)
            rows += against + side_by_side_more(rev, Path(tmp), proj)
            if "--only-against" in argv:
                kit_cpu = against[-1][1] / 1000  # this tree's CPU a printed page
                rev_cpu = against[-2][1] / 1000
                for name, (_, _, extra_cpu) in ({} if "--no-protograf" in argv else
                                                protograf_seconds(Path(tmp), 3) or {}).items():
                    rows.append((f"protograf, {name}: CPU of each extra page", extra_cpu * 1000, "ms"))
                    rows.append((f"protograf CPU per page / this tree's, {name} (issue 46: 25)", extra_cpu / kit_cpu,
                                 "x"))
                    rows.append((f"protograf CPU per page / {rev}'s, {name}", extra_cpu / rev_cpu, "x"))
                print("where this tree's cold build spends its time (dojo build --timings):")
                drop_art(proj)
                print(subprocess.run([*build, "--out", str(proj / "out-t"), "--timings"], env=ENV, check=True,
                                     capture_output=True, text=True).stderr)
                return _print(rows, [])
        protograf = None if "--no-protograf" in argv else protograf_seconds(Path(tmp), 3)
        for jobs in ("1", "0"):
            out = proj / f"out-{jobs}"
            rows.append((f"cold dojo build --lang it --force --jobs {jobs}",
                         timed([*build, "--jobs", jobs, "--out", str(out)], 3, before=lambda: drop_art(proj)), "s"))
        checks.append(("one core and all cores byte-identical", hashes(proj / "out-1/it") == hashes(proj / "out-0/it")))
        drop_art(proj)
        spent = subprocess.run([*build, "--out", str(proj / "out-t"), "--timings"], env=ENV, check=True,
                               capture_output=True, text=True).stderr  # where a cold build's time goes
        per_page = rows[1][1] / kit_pages(proj / "out-0/it")
        rows.append(("cold one-language build, per printed page (every page read back)", per_page * 1000, "ms"))
        kit_cpu = statistics.median(c for _, c in measured([*build, "--jobs", "0", "--out", str(proj / "out-c")], 3,
                                                           before=lambda: drop_art(proj)))
        kit_cpu /= kit_pages(proj / "out-c/it")
        rows.append(("cold one-language build, CPU per printed page (every page read back)", kit_cpu * 1000, "ms"))
        for name, (small, extra, extra_cpu) in (protograf or {}).items():
            rows.append((f"protograf, {name}: 22 cards on A4", small, "s"))
            rows.append((f"protograf, {name}: each extra page of 220 cards", extra * 1000, "ms"))
            rows.append((f"protograf, {name}: CPU of each extra page", extra_cpu * 1000, "ms"))
            rows.append((f"protograf per page / kit per page, {name} (target 30)", extra / per_page, "x"))
            rows.append((f"protograf CPU per page / kit CPU per page, {name} (issue 46: 25)", extra_cpu / kit_cpu, "x"))
            if rev:  # the same run's figure of the revision, measured alternately with this tree's (side_by_side)
                rows.append((f"protograf CPU per page / {rev}'s (alternated runs), {name}",
                             extra_cpu / (against[-2][1] / 1000), "x"))
                rows.append((f"protograf CPU per page / this tree's (alternated runs), {name}",
                             extra_cpu / (against[-1][1] / 1000), "x"))
        incremental = [*DOJO, "build", "--lang", "it", "--root", str(proj)]
        subprocess.run(incremental, env=ENV, check=True, stdout=subprocess.DEVNULL)  # the component cache filled
        edits = iter(range(1, 100))
        incremental_s = timed(incremental, 1 if rev else 3, before=lambda: edit_one_card_string(proj, next(edits)))
        if not rev:  # with --against, side_by_side_more measured it beside the revision's
            rows.append(("incremental build after editing one card string", incremental_s, "s"))
        drop_art(proj)  # the incremental build against one that draws everything anew
        subprocess.run([*build, "--out", str(proj / "cold-edited")], env=ENV, check=True, stdout=subprocess.DEVNULL)
        checks.append(("incremental build byte-identical to a cold --force build",
                       hashes(proj / "build/pnp/it") == hashes(proj / "cold-edited/it")))
        check = [*DOJO, "i18n", "check", "--render", "--root", str(proj)]
        def no_cache() -> None:  # the proofs stay cached, as in the measurement
            for name in ("components", "catalogs", "extract.json"):
                target = proj / "build/cache" / name
                if target.is_dir():
                    shutil.rmtree(target)
                else:
                    target.unlink(missing_ok=True)

        rows.append(("dojo i18n check --render, all languages, nothing cached but proofs",
                     timed(check, 1, before=no_cache), "s"))
        rows.append(("dojo i18n check --render, all languages, again (all cached)", timed(check, 1), "s"))
        rows.append(("peak RSS of one-language build (largest process)", peak_rss_mb(build), "MB"))
        cold = lambda: shutil.rmtree(proj / "build", ignore_errors=True)  # noqa: E731
        if not rev:  # with --against, side_by_side_more measured it beside the revision's
            rows.append(("cold dojo release (empty build/, proof not cached)",
                         timed([*DOJO, "release", "--root", str(proj)], 1, before=cold), "s"))
        stages = release_stages(proj)
    if "--suite" in argv:
        rows.append(("test suite (pytest -n auto)", timed([sys.executable, "-m", "pytest", "-q", "-n", "auto"], 1), "s"))
    print("a cold build, phase by phase and component by component (dojo build --timings):")
    print(spent)
    print("a cold release, stage by stage:")
    print(stages)
    return _print(rows, checks)


def _print(rows: list[tuple[str, float, str]], checks: list[tuple[str, bool]]) -> int:
    """The figures and checks, and the exit status (1 when a check failed)."""
    for name, value, unit in rows:
        print(f"{name:<60} {value:8.2f} {unit}")
    for name, ok in checks:
        print(f"{name}: {'yes' if ok else 'NO'}")
    print(f"cores: {len(os.sched_getaffinity(0))}, load average: {os.getloadavg()[0]:.1f}")
    return 0 if all(ok for _, ok in checks) else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
