"""The `dojo` console command: each subsystem registers its own subcommands."""

from __future__ import annotations

import argparse
import importlib
import os
import sys

from . import interrupts
from .problems import CheckFailed

# Modules that provide `register(subparsers)`; each adds its own subcommands.
COMMAND_MODULES = (
    "generator.commands.board",
    "generator.commands.build",
    "generator.commands.i18n",
    "generator.commands.release",
    "generator.commands.export",
    "generator.sim.cli",
    "generator.sim.sweep.cli",  # registered here, not by sim.cli: it uses sim.cli's helpers (layers point one way)
)


# Each command's module (tests/kit/test_cli.py checks it against what the modules register): a command line naming
# one imports that module only, not every command's libraries (a no-op build, `dojo board validate`, each test's
# subprocess start sooner).
COMMANDS = {"board": "generator.commands.board", "build": "generator.commands.build",
            "clean": "generator.commands.build", "i18n": "generator.commands.i18n",
            "release": "generator.commands.release", "export": "generator.commands.export", "sim": "generator.sim.cli",
            "sweep": "generator.sim.sweep.cli"}


def build_parser(argv: list[str] | None = None) -> argparse.ArgumentParser:
    """The argument parser with every registered subcommand, or only the one argv names (its first argument)."""
    parser = argparse.ArgumentParser(prog="dojo", description="Print-and-play kit generator: boards, cards, rules, releases.")
    sub = parser.add_subparsers(dest="command", metavar="COMMAND")
    sub.required = True
    named = COMMANDS.get(argv[0]) if argv else None
    for name in (named,) if named else COMMAND_MODULES:
        importlib.import_module(name).register(sub)
    return parser


def main(argv: list[str] | None = None) -> int:
    """Entry point: parse arguments, run the chosen command, return its exit code (130/143 when interrupted)."""
    with interrupts.watch():  # from the start: a signal while the commands are imported is one line too
        parser = None
        try:
            with interrupts.deferred():  # held back until the imports are done: an exception raised inside a
                parser = build_parser(sys.argv[1:] if argv is None else argv)  # native module's start-up
            args = parser.parse_args(argv)  # (pikepdf's nanobind enums) aborts the process
            code = int(args.run(args) or 0)
        except interrupts.Interrupted:
            code = -1
        except BrokenPipeError:
            return 0
        except CheckFailed as exc:  # a table every command reads at import (content/games.toml) is wrong
            if parser is not None:  # a command's own: it reports its problems itself
                raise
            for problem in exc.problems:
                print(problem.render(), file=sys.stderr)
            code = 2
        stopped = interrupts.received()
        if stopped is None:
            return code
        if code != stopped.exit_code:  # (build and release print their own line: what is installed)
            print(f"interrupted by {stopped.name}", file=sys.stderr)
        return stopped.exit_code


def run() -> None:
    """The console script: main(), then leave at once. Every file is written and closed by then; tearing down the
    interpreter (thousands of modules' objects, cairo and qpdf handles) would add ~0.1 s to every command."""
    code = main()
    for stream in (sys.stdout, sys.stderr):
        try:
            stream.flush()
        except (BrokenPipeError, ValueError):  # a reader that went away, or a stream already closed
            pass
    os._exit(code)


if __name__ == "__main__":
    run()
