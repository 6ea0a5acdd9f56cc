"""`dojo board validate` and `dojo board render`: exit 0 OK, 1 design errors, 2 format errors."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ..output.userfile import OutputError, write_output
from ..problems import Problem
from ..board.ascii import render_ascii
from ..board.check import Report, design_problems, report
from ..board.load import load_quadrant
from ..board.model import KIND_NAMES, build_board

DEFAULT_QUADRANT = Path("content/dojo/board/quadrant.txt")


def register(sub: argparse._SubParsersAction) -> None:
    """Add the `board` command group."""
    board = sub.add_parser("board", help="validate or render the Dojo board")
    bsub = board.add_subparsers(dest="board_command", metavar="ACTION")
    bsub.required = True
    v = bsub.add_parser("validate", help="check a quadrant against the board format and design rules")
    v.add_argument("quadrant", nargs="?", type=Path, default=DEFAULT_QUADRANT)
    v.add_argument("--legend", type=Path, help="legend.toml (default: beside the quadrant)")
    v.set_defaults(run=run_validate)
    r = bsub.add_parser("render", help="write the full 16x16 board in the same notation")
    r.add_argument("quadrant", nargs="?", type=Path, default=DEFAULT_QUADRANT)
    r.add_argument("--legend", type=Path, help="legend.toml (default: beside the quadrant)")
    r.add_argument("-o", "--output", type=Path, required=True, help="output file ('-' for standard output)")
    r.set_defaults(run=run_render)


def _print_problems(problems: list[Problem]) -> None:
    for p in problems:
        print(p.render(), file=sys.stderr)


def exit_code(problems: list[Problem]) -> int:
    """Seed exit codes: 2 format, 1 design error, 0 otherwise."""
    if any(p.severity == "format" for p in problems):
        return 2
    return 1 if any(p.severity == "error" for p in problems) else 0


def format_report(rep: Report) -> str:
    """The validator report as readable text."""
    mix = ", ".join(f"{KIND_NAMES[k]} {n}" for k, n in sorted(rep.mix.items(), key=lambda kv: -kv[1]))
    links = sorted({(d, o) for d, o, _a, _b in rep.tunnel_links})
    lines = [
        f"square mix (16x16): {mix}",
        f"tatami share: {rep.tatami_share:.0%} of playable squares",
        f"tunnel pairs: {rep.tunnel_pairs} ({', '.join(f'{d}: offset {o}' for d, o in links) or 'none'})",
        f"dojo entrances: {rep.entrances}",
        "shortest walk into the Dojo: " + ", ".join(
            f"Safe Room {k}: {'unreachable' if s is None else f'{s} steps'}" for k, s in enumerate(rep.room_to_dojo)),
    ]
    return "\n".join(lines)


def _board(args: argparse.Namespace):
    """The full board of args.quadrant, or None after printing its format errors."""
    loaded = load_quadrant(args.quadrant, args.legend)
    if loaded.quadrant is None:
        _print_problems(list(loaded.problems))
        print(f"{args.quadrant}: format errors, the board cannot be built (exit 2)", file=sys.stderr)
        return None
    return build_board(loaded.quadrant)


def run_validate(args: argparse.Namespace) -> int:
    """Validate a quadrant and print problems and the report."""
    board = _board(args)
    if board is None:
        return 2
    problems = design_problems(board)
    _print_problems(problems)
    print(format_report(report(board)))
    code = exit_code(problems)
    errors = sum(p.severity == "error" for p in problems)
    warnings = sum(p.severity == "warning" for p in problems)
    print(f"{args.quadrant}: {'OK' if code == 0 else 'design errors'} ({errors} errors, {warnings} warnings)")
    return code


def run_render(args: argparse.Namespace) -> int:
    """Render the full board; exit 2 (nothing written) on format errors, 1 (written) on design errors."""
    board = _board(args)
    if board is None:
        return 2
    problems = [p for p in design_problems(board) if p.severity == "error"]
    _print_problems(problems)
    text = render_ascii(board)
    if str(args.output) == "-":
        sys.stdout.write(text)
    else:
        try:
            write_output(args.output, text, "--output")
        except OutputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {args.output}")
    if problems:
        print(f"{args.quadrant}: rendered, but the board has {len(problems)} design error(s) (exit 1)", file=sys.stderr)
        return 1
    return 0
