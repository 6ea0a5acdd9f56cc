"""Benchmark: render time of every GROUND, duel and rules-booklet builder per language (prints figures)."""

from __future__ import annotations

import time
from pathlib import Path

from generator.booklet import builders as booklets
from generator.components import duel_cards, ground_cards, ground_mats
from generator.kit.build import prepare
from generator.kit.model import BuildOptions

ROOT = Path(__file__).resolve().parents[1]
BUILDERS = (ground_cards.solution_deck, ground_cards.problem_cards, ground_cards.scenario_cards,
            ground_cards.mode_cards, ground_cards.action_cards, ground_mats.player_mats, ground_mats.tokens,
            ground_cards.reference_card, duel_cards.track, duel_cards.stance_cards, duel_cards.strike_cards,
            duel_cards.reference_card, booklets.dojo_rules, booklets.ground_rules, booklets.duel_rules)


def main() -> int:
    """One line per builder and language: seconds, files, pages, bytes."""
    for lang in ("it", "en", "ru"):
        ctx = prepare(ROOT, BuildOptions(lang))
        total = 0.0
        for build in BUILDERS:
            t0 = time.perf_counter()
            arts = build(ctx)
            secs = time.perf_counter() - t0
            total += secs
            pages = sum(a.pages or 0 for a in arts)
            size = sum(len(a.data) for a in arts)
            print(f"{lang} {build.__module__.split('.')[-1]}.{build.__name__:<16} {secs:6.2f} s "
                  f"{len(arts):3d} files {pages:4d} pages {size / 1e6:6.2f} MB")
        print(f"{lang} total {total:6.2f} s")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
