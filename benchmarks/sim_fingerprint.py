"""A digest of every game the simulators play on fixed seeds: the same digest before and after a speed change
proves the change played the same games (every logged choice, roll, card and counter, not just the winners).

    PYTHONPATH=$PWD python benchmarks/sim_fingerprint.py [--games N]

Run it from two checkouts (e.g. `git archive main | tar -x -C /tmp/base` and this one) and compare the lines.
Dojo: each policy at 2-8 players and under each switchable ruling, with the engine's full event log. GROUND:
each policy, Scenario, Mode and player count, under each alternative ruling: the rules fired, the counters, the
final state and the outcome. Duel: each pairing of policies under ruling variants: every order of every turn.
"""

from __future__ import annotations

import argparse
import dataclasses
import hashlib
import os
import random
import sys
from pathlib import Path

ROOT = Path(os.environ.get("FINGERPRINT_ROOT", Path(__file__).resolve().parents[1]))
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)

DOJO_VARIANTS = ({}, {"u22_sensei_peso_everyone": False}, {"u21_extra_step_repeats": False},
                 {"u12_meditating_blocks_exit": False}, {"u23_exam_skip_meditating": False},
                 {"u03_start_visited": False}, {"u24_tunnel_only_if_closer": False},
                 {"u32_roommates_share_start": False}, {"u16_play_only_to_change_outcome": False},
                 {"u10_start_nearest_dojo": False}, {"u30_tsugi_chain_limit": 1})


def dojo(games: int) -> str:
    """Digest of Dojo games: every policy, player count and ruling variant, with the full event log."""
    from generator.board.load import load_quadrant
    from generator.board.model import build_board
    from generator.sim.dojo.cards import load_deck
    from generator.sim.dojo.defaults import RULINGS
    from generator.sim.dojo.engine import Game, GameConfig
    from generator.sim.dojo.policy import NoTechnique, NoTunnel, P0, RandomPolicy
    from generator.sim.dojo.runner import game_seed
    from generator.sim.dojo.tables import Tables

    tables = Tables(build_board(load_quadrant(ROOT / "content/dojo/board/quadrant.txt").quadrant))
    deck = load_deck(ROOT)
    h = hashlib.sha256()
    policies = {"p0": P0, "random": RandomPolicy, "p0-no-technique": NoTechnique, "p0-no-tunnel": NoTunnel}
    for name, policy in sorted(policies.items()):  # (the policies every tree has: digests stay comparable)
        for variant in DOJO_VARIANTS if name != "random" else ({},):
            rulings = dataclasses.replace(RULINGS, **variant)
            for n in range(2, 9):
                cap = 400 if name == "random" else None
                config = GameConfig(players=n, deck=deck, rulings=rulings, max_turns=cap)
                k = games if name != "random" else max(1, games // 20)
                for i in range(k if variant == {} else max(1, k // 4)):
                    g = Game(tables, config, random.Random(game_seed(11, i)), [policy()], log=True)
                    g.play()
                    h.update(repr((g.log, g.winner, g.turn, g.pos, g.sq, g.tech, g.ladder,
                                   dataclasses.astuple(g.stats), g.rng.random())).encode())
    return h.hexdigest()


def ground(games: int) -> str:
    """Digest of GROUND games: every policy, Scenario, Mode, player count and alternative ruling."""
    from generator.content.ground import load_ground
    from generator.content.ground_rulings import RULING_CHOICES
    from generator.sim.ground.lab import with_ruling
    from generator.sim.ground.engine import MODES, Game, GameConfig
    try:
        from generator.sim.ground.policies import POLICIES
    except ImportError:  # a tree from before the policy registry moved
        from generator.sim.ground.policy import POLICIES
    from generator.sim.ground.runner import game_seed

    data, _ = load_ground(ROOT)
    variants = [data] + [with_ruling(data, rid, v) for rid, vs in sorted(RULING_CHOICES.items()) for v in vs[1:]]
    h = hashlib.sha256()
    for vi, d in enumerate(variants):
        for name in ("heuristic", "heuristic-no-freedom", "random", "rival", "solver"):
            policy = POLICIES[name]
            for scen in d.scenarios:
                for mode in MODES:
                    for n in range(2, 7):
                        config = GameConfig(scen.id, mode, n)
                        for i in range(games if vi == 0 else max(1, games // 8)):
                            g = Game(d, config, random.Random(game_seed(3, i, config)), [policy()])
                            out = g.play()
                            h.update(repr((sorted(g.fired), dataclasses.astuple(g.stats), out, g.stress, g.ready,
                                           g.darvo, g.token, sorted(g.rel.items()), g.hands, g.deck, g.discard,
                                           [(x.id, x.up, x.denied, x.claimed_by) for x in g.problems],
                                           g.rng.random())).encode())
    return h.hexdigest()


def duel(games: int) -> str:
    """Digest of duels: every pairing of policies under ruling variants, every order of every turn."""
    from generator.content.duel import load_duel
    from generator.sim.duel import play
    from generator.sim.duel.rules import Duel

    data, _ = load_duel(ROOT)
    variants = [{}, {"D03": "exact"}, {"D04": True}, {"D05": False}, {"D07": "never"}, {"D10": "next-turn"},
                {"D14": 0}]
    h = hashlib.sha256()
    names = sorted(play.DUELISTS)
    for variant in variants:
        rulings = data.rulings
        for rid, v in variant.items():
            rulings = rulings.replace(rid, v)
        d = Duel(data.with_rulings(rulings))
        orig = d.resolve
        seen: list = []

        def spy(state, orders, orig=orig, seen=seen):
            out = orig(state, orders)
            seen.append((state, orders, out))
            return out

        d.resolve = spy
        for a in names:
            for b in names:
                for i in range(games if variant == {} else max(1, games // 4)):
                    seen.clear()
                    r = play.play_duel(d, (a, b), 9, i, 60)
                    h.update(repr((r, seen)).encode())
    return h.hexdigest()


def main() -> int:
    """Print one digest line per engine."""
    ap = argparse.ArgumentParser(description=__doc__)
    ap.add_argument("--games", type=int, default=40)
    ap.add_argument("--only", choices=("dojo", "ground", "duel"))
    args = ap.parse_args()
    for name, fn in (("dojo", dojo), ("ground", ground), ("duel", duel)):
        if args.only in (None, name):
            print(f"{name:7s} {fn(args.games)}", flush=True)
    return 0


if __name__ == "__main__":
    sys.exit(main())
