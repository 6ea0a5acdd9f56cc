"""`dojo sim --game duel`: seeded duels on the loaded rule data; win rates by seat, first mover, opening stance."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from ...content.duel import load_duel
from ...content.duel_rulings import SCHEMA
from ...output.userfile import OutputError, write_output
from ...problems import blocking
from .play import DUELISTS, rows, run_duels, summarise
from .lab import LAB as LAB  # the balance lab's (sim/lab.py)
from .rules import Duel, never_both_hit

OPTIONS: tuple[str, ...] = ()
PLAYERS = None  # always two
CHUNK = 200
POLICY_NAMES = tuple(DUELISTS) + tuple(f"{a}/{b}" for a in DUELISTS for b in DUELISTS)
DEFAULT_POLICY = "hunter"
DEFAULT_TURNS = 60


def add_arguments(parser: argparse.ArgumentParser) -> None:
    """The duel takes only the shared options (--policy A/B sets each player's policy)."""


def parse_rule(rid: str, value: object) -> tuple[str, object]:
    """`--rule D03=exact`: a ruling of content/duel/rulings.toml with a value the resolver implements."""
    if rid not in SCHEMA:
        raise ValueError(f"unknown ruling {rid}; the duel rulings are {', '.join(SCHEMA)} (content/duel/rulings.toml)")
    name, ok, allowed = SCHEMA[rid]
    if not ok(value):
        raise ValueError(f"{rid} ({name}) {value!r} is not implemented; use {allowed}")
    return rid, value


def run(args: argparse.Namespace) -> int:
    """Play the duels with the rulings as they are and with every --rule variant; print, write JSON."""
    if args.plot:
        print("error: --plot: the duel report has no plots", file=sys.stderr)
        return 2
    data, problems = load_duel(Path.cwd())
    if data is None:
        for p in blocking(problems):
            print(p.render(), file=sys.stderr)
        return 2
    policy = args.policy or DEFAULT_POLICY
    pair = tuple(policy.split("/")) if "/" in policy else (policy, policy)
    meta = {"policies": list(pair), "seed": args.seed, "max_turns": args.max_turns or DEFAULT_TURNS}
    variants = [("rulings as printed", data.rulings)]
    for rid, value in args.rules:
        variants.append((f"{rid}={json.dumps(value)}", data.rulings.replace(rid, value)))
    reports = []
    for label, rulings in variants:
        duel = Duel(data.with_rulings(rulings))
        results = run_duels(duel, pair, args.games, args.seed, args.max_turns or DEFAULT_TURNS)
        reports.append({"variant": label, **summarise(results, meta),
                        "never_both_hit": [f"{a}/{b}" for a, b in never_both_hit(duel)]})
    print_table(reports, args.explain)
    report = reports[0] if len(reports) == 1 else {**reports[0], "variants": reports[1:]}
    if args.json:
        try:
            write_output(args.json, json.dumps(report, indent=1, ensure_ascii=False) + "\n", "--json")
        except OutputError as exc:
            print(f"error: {exc}", file=sys.stderr)
            return 2
        print(f"wrote {args.json}")
    return 0


def print_table(reports: list[dict], explain: bool) -> None:
    """One column per variant (the printed rulings first), one row per measure."""
    from rich.console import Console
    from rich.table import Table

    head = reports[0]
    t = Table(title=f"dojo sim --game duel: {head['duels']} duels, policies {'/'.join(head['policies'])}, "
                    f"seed {head['seed']}, cap {head['max_turns']} turns")
    t.add_column("measure")
    columns = [dict(rows(r, explain)) for r in reports]
    for r in reports:
        t.add_column(r["variant"], overflow="fold")
    for name in columns[0]:
        t.add_row(name, *(c.get(name, "-") for c in columns))
    Console(width=max(100, Console().width)).print(t)
