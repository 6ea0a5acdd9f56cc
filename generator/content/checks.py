"""Rules-level checks on the loaded model: counts the rules fix (pure functions returning problems)."""

from __future__ import annotations

from collections import Counter

from ..problems import Problem
from .dojo import NebbiaDeck

# DR-N01 (the Italian rules, seed 000; docs/specs/dojo-rules-spec.md): card id -> (type, copies); 22 cards.
NEBBIA_RULES = {
    "kiai": ("technique", 3), "uke": ("technique", 2), "kaeshi": ("technique", 2),
    "tsugi-ashi": ("movement", 2), "secret-tunnel": ("movement", 1), "irimi": ("movement", 2),
    "challenge": ("interaction", 2),
    "sensei-watches": ("event", 1), "weight-of-the-belt": ("event", 1), "intensive-training": ("event", 2),
    "forbidden-strike": ("event", 1), "misstep": ("event", 2), "meditation": ("event", 1),
}
NEBBIA_SIZE = 22
RULE = "rules-count"


def check_nebbia(deck: NebbiaDeck) -> list[Problem]:
    """The Nebbia deck must be the rules' 22 cards: every card of DR-N01 with its type and copies, no other."""
    problems = []

    def err(message: str, line: int | None, where: str | None, hint: str) -> None:
        problems.append(Problem("error", RULE, message, deck.file, line, None, where, hint))

    for card in deck.cards:
        want = NEBBIA_RULES.get(card.id)
        where = f"card {card.id}"
        if want is None:
            err(f"card {card.id!r} is not in the rules' Nebbia deck (DR-N01)", card.line, where,
                f"use one of the rules' cards: {', '.join(NEBBIA_RULES)}")
        elif card.type != want[0]:
            err(f"card {card.id!r} has type {card.type!r}; the rules make it a {want[0]!r} card", card.line, where,
                f"set type = \"{want[0]}\"")
        elif card.copies != want[1]:
            err(f"field 'copies' = {card.copies}: the rules have {want[1]} {card.id!r} card(s) (DR-N01)", card.line,
                where, f"set copies = {want[1]}")
    missing = [c for c in NEBBIA_RULES if c not in {card.id for card in deck.cards}]
    if missing:
        err(f"the rules' card(s) {', '.join(missing)} are missing from the deck (DR-N01)", deck.line, None,
            "add a [[card]] for each")
    total = sum(c.copies for c in deck.cards)
    if total != NEBBIA_SIZE and not problems:
        per_type = Counter()
        for c in deck.cards:
            per_type[c.type] += c.copies
        shown = ", ".join(f"{t} {n}" for t, n in per_type.items())
        err(f"the deck has {total} cards ({shown}); the rules' Nebbia deck has {NEBBIA_SIZE}", deck.line, None,
            "set each card's copies as in the rules (DR-N01)")
    return problems
