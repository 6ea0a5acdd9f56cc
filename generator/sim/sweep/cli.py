"""`dojo sweep --game CODE`: a grid of rule values, player counts, policies and each game's own axes (its lab's
options, generator/sim/lab.py), `--games` seeded games per cell, on local processes or a Dask cluster; JSON, HTML
and a summary table.

Output folder (--out, default build/sweep/<game>): sweep.json (the grid), slices/ (one file per finished slice),
report.json and report.html. `--resume DIR` plays the slices missing from a stopped sweep and writes the report.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
from pathlib import Path

from ... import interrupts
from ...output.userfile import OutputError, write_output
from ..cli import fail
from ..lab import lab, labs
from .spec import DEFAULT_GAMES, GAME_OPTIONS, changes, define, namespace, stored_options


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `sweep` command."""
    s = sub.add_parser("sweep", allow_abbrev=False, help="seeded games over a grid of rules, player counts, boards "
                       "and policies: seat balance with 95%% intervals, length, decisiveness, rule coverage")
    first = next(iter(labs()))
    s.add_argument("--game", choices=tuple(labs()), default=first, help=f"which game (default {first})")
    s.add_argument("--rule", action="append", default=[], metavar="ID=V1,V2",
                   help="a rule's values to sweep (several --rule: every combination), e.g. RULE=true,false")
    s.add_argument("--players", default=None, help="player counts: a list or range, e.g. 3,4 or 3-6")
    for o in (o for _, o in GAME_OPTIONS.values()):  # each game's own axes
        s.add_argument(f"--{o.name}", action="append", default=[], metavar=o.metavar, help=o.help)
    s.add_argument("--policy", action="append", default=[], help="policy or policies (comma list allowed)")
    s.add_argument("--games", type=int, default=None,
                   help=f"games per cell (default {DEFAULT_GAMES}; with --resume: extend a finished sweep to this many)")
    s.add_argument("--ladder", action="store_true",
                   help="a round robin of the policies (--policy, default every one): each pairing A/B, seats "
                        "rotated, rated with OpenSkill (and Elo for two seats)")
    s.add_argument("--until-halfwidth", type=float, default=None, metavar="H",
                   help="stop each cell once its widest 95%% interval is +/- H (e.g. 0.01); --games is then the most")
    s.add_argument("--seed", type=int, default=1, help="sweep seed; game i of every cell uses a seed from (seed, i)")
    s.add_argument("--jobs", type=int, default=None, help="local worker processes (default: the CPU cores)")
    s.add_argument("--cluster", choices=("local", "dask"), default="local",
                   help="local processes (default) or Dask distributed (pip install '.[cluster]')")
    s.add_argument("--scheduler", default=None, metavar="tcp://HOST:8786",
                   help="the Dask scheduler (default: a local Dask cluster)")
    s.add_argument("--out", type=Path, default=None, help="output folder (default build/sweep/<game>)")
    s.add_argument("--resume", type=Path, default=None, metavar="DIR", help="continue the stopped sweep in DIR")
    s.add_argument("--sample", type=Path, default=None, metavar="DIR",
                   help="print one game of the sweep in DIR turn by turn, the rules by id (with --cell, --index)")
    s.add_argument("--cell", type=int, default=0, help="with --sample: the cell's number (report.json's order)")
    s.add_argument("--index", type=int, default=0, help="with --sample: the game's index in the cell (0 ...)")
    s.set_defaults(run=run_sweep)


def run_sweep(args: argparse.Namespace) -> int:
    """Check the grid, play the missing slices, write report.json and report.html, print the table."""
    from . import run
    from .games import load

    if args.sample is not None:
        return _sample(args)
    spec = _resumed(args) if args.resume is not None else _started(args)
    if isinstance(spec, str):
        return fail(spec)
    out = args.resume if args.resume is not None else args.out or Path("build/sweep") / args.game
    cores = os.cpu_count() or 1
    jobs = args.jobs or cores
    if not 1 <= jobs <= cores:
        return fail(f"--jobs {jobs}: use 1 to {cores} (the CPU cores of this machine)")
    if args.cluster == "dask":
        try:
            import dask.distributed  # noqa: F401
        except ImportError:
            return fail("--cluster dask: Dask is not installed; pip install '.[cluster]'")
    try:
        ctx = load(spec["game"], Path.cwd(), lab(spec["game"]).inputs(spec["cells"]))
    except ValueError as exc:
        return fail(str(exc))
    run.write_spec(out, spec)
    code = 0
    try:
        _execute(spec, ctx, out, jobs, args)
    except interrupts.Interrupted as stop:
        code = stop.exit_code
    return _finish(spec, out, code)


def _sample(args: argparse.Namespace) -> int:
    """Game --index of cell --cell of the sweep in --sample DIR, played again from its seed and printed."""
    from .games import load
    from .sample import sample

    spec = _resumed(argparse.Namespace(**{**vars(args), "resume": args.sample, "games": None,
                                          "until_halfwidth": None}))
    if isinstance(spec, str):
        return fail(spec)
    if not 0 <= args.cell < len(spec["cells"]):
        return fail(f"--cell {args.cell}: the sweep in {args.sample} has cells 0 to {len(spec['cells']) - 1}")
    if not 0 <= args.index < spec["games"]:
        return fail(f"--index {args.index}: the sweep in {args.sample} plays games 0 to {spec['games'] - 1} a cell")
    try:
        ctx = load(spec["game"], Path.cwd(), lab(spec["game"]).inputs([spec["cells"][args.cell]]))
    except ValueError as exc:
        return fail(str(exc))
    for line in sample(ctx, spec, args.cell, args.index):
        print(line)
    return 0


def _started(args: argparse.Namespace) -> dict | str:
    """A new sweep's definition; refused when --out holds another sweep (naming what differs)."""
    from . import run

    spec = define(args)
    if isinstance(spec, str):
        return spec
    out = args.out or Path("build/sweep") / args.game
    if out.exists() and not out.is_dir():
        return f"--out {out}: is not a folder; name a folder for the sweep's files"
    if (out / run.SPEC).exists():
        try:
            before = run.read_spec(out)
        except ValueError as exc:
            return str(exc)
        differ = changes(before if isinstance(before, dict) else {}, spec)
        if differ:
            return (f"{out} holds another sweep ({'; '.join(differ[:5])}); choose another --out, or --resume {out} "
                    "to continue it")
    return spec


def _resumed(args: argparse.Namespace) -> dict | str:
    """A stopped sweep's definition, checked as a new sweep's options are (same messages), its grid rebuilt from
    them; refused when its games were played by other code or content (naming what changed). --games extends it;
    --until-halfwidth sets a new precision (the slices played are reused either way)."""
    from . import run

    where = args.resume / run.SPEC
    try:
        raw = run.read_spec(args.resume)
    except ValueError as exc:
        return str(exc)
    opts = stored_options(raw, where)
    if isinstance(opts, str):
        return opts
    given = {k for k in ("rule", "players", *GAME_OPTIONS, "policy") if getattr(args, k)}
    if given:
        return (f"--resume {args.resume}: the sweep keeps its own grid; --{sorted(given)[0]} cannot change it "
                f"(start a new sweep with --out NEWDIR)")
    extend = args.games is not None and args.games != opts["games"]
    if extend and args.games < opts["games"]:
        return f"--games {args.games}: the sweep in {args.resume} has {opts['games']} games per cell; extend only"
    over = {"games": args.games} if extend else {}
    if args.until_halfwidth is not None:
        over["until_halfwidth"] = args.until_halfwidth
    spec = define(namespace({**opts, **over}))
    if isinstance(spec, str):
        return f"{spec} (the options recorded in {where})"
    recorded = {**raw, "options": {**opts, "games": spec["games"]}, "games": spec["games"]}
    if json.loads(json.dumps({k: recorded.get(k) for k in ("cells", "grid", "game", "seed")}, sort_keys=True)) != \
            json.loads(json.dumps({k: spec[k] for k in ("cells", "grid", "game", "seed")}, sort_keys=True)):
        return (f"{where}: its cells and grid do not follow from its options (the file was edited); start a new "
                "sweep with --out NEWDIR")
    differ = changes(raw, {**spec, "options": {**spec["options"], **{k: opts[k] for k in over}}})
    if differ:
        return (f"--resume {args.resume}: the sweep's games were played with other code or content, and mixing them "
                f"would report two rule sets as one ({'; '.join(differ[:8])}"
                f"{f'; {len(differ) - 8} more' if len(differ) > 8 else ''}). Restore what changed, or start a new "
                "sweep with --out NEWDIR")
    return spec


def _execute(spec: dict, ctx: object, out: Path, jobs: int, args: argparse.Namespace) -> None:
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn

    from . import run

    have = run.done(out, spec)
    total = sum(sl[2] - sl[1] for sl in run.slices(spec) if sl not in have)
    rate = run.Rate(total)
    columns = (TextColumn("sweep"), BarColumn(), MofNCompleteColumn(), TextColumn("{task.fields[rate]}"))
    with Progress(*columns, console=Console(stderr=True), transient=True, disable=not sys.stderr.isatty()) as bar:
        task = bar.add_task("sweep", total=total, rate="")
        run.execute(spec, ctx, out, jobs, args.cluster if args.cluster == "dask" else None, args.scheduler,
                    progress=lambda k: bar.update(task, advance=k, rate=rate.add(k)))


def _replace(path: Path, text: str) -> None:
    """Write a report file as every user-named output is written (a link's target, a FIFO in place...), also after
    an interrupt arrived (write_output's interruptible=False)."""
    write_output(path, text, "--out", interruptible=False)


def _finish(spec: dict, out: Path, code: int) -> int:
    """Write the report of what is complete (saying when it is partial) and print the table."""
    from . import run
    from .html import page
    from .report import build, print_table

    report = build(spec, run.done(out, spec))
    try:
        with interrupts.deferred():  # written after an interrupt too (what is complete, as partial)
            _replace(out / "report.json", json.dumps(report, indent=1, sort_keys=True) + "\n")
            _replace(out / "report.html", page([report]))
    except OutputError as exc:
        return fail(str(exc))
    print_table(report)
    print(f"wrote {out / 'report.json'} and {out / 'report.html'}")
    if not report["complete"]:
        print(f"partial: {report['slices']['done']} of {report['slices']['total']} slices complete; continue with "
              f"dojo sweep --resume {out}", file=sys.stderr)
    return code
