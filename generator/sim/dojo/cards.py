"""The Nebbia cards the engine plays (DR-N01): effects as small integers, the deck built from the loaded content.

The engine knows each card's *effect*; which cards and how many copies come from content/dojo/nebbia.toml
(the same data the printed deck comes from): deck_from_nebbia() turns the loaded deck into the shuffled pile's
cards. A content card whose id has no effect here is an error, never a silently skipped card.
"""

from __future__ import annotations

from pathlib import Path

KIAI, UKE, KAESHI, TSUGI, SEGRETO, IRIMI, SFIDA, SENSEI, PESO, INTENSIVO, PROIBITO, PASSO, MEDITAZIONE = range(13)

CARD_IDS = (  # effect names as reports print them (the Italian rules' card names)
    "kiai", "uke", "kaeshi", "tsugi-ashi", "tunnel-segreto", "irimi", "sfida", "sensei-osserva",
    "peso-della-cintura", "allenamento-intensivo", "colpo-proibito", "passo-falso", "meditazione",
)
TECHNIQUES = frozenset((KIAI, UKE, KAESHI))
EFFECTS = {  # content card id (content/dojo/nebbia.toml) -> the effect the engine applies
    "kiai": KIAI, "uke": UKE, "kaeshi": KAESHI, "tsugi-ashi": TSUGI, "secret-tunnel": SEGRETO, "irimi": IRIMI,
    "challenge": SFIDA, "sensei-watches": SENSEI, "weight-of-the-belt": PESO, "intensive-training": INTENSIVO,
    "forbidden-strike": PROIBITO, "misstep": PASSO, "meditation": MEDITAZIONE,
}


def deck_from_nebbia(nebbia) -> tuple[int, ...]:
    """The cards of a loaded NebbiaDeck (generator/content/dojo.py), each id's copies, in a fixed order."""
    unknown = [c.id for c in nebbia.cards if c.id not in EFFECTS]
    if unknown:
        raise ValueError(f"Nebbia card(s) {', '.join(unknown)} have no effect in the simulator "
                         f"(generator/sim/dojo/cards.py EFFECTS); known: {', '.join(EFFECTS)}")
    return tuple(sorted(EFFECTS[c.id] for c in nebbia.cards for _ in range(c.copies)))


def load_deck(root: Path) -> tuple[int, ...]:
    """The simulator's deck from the project's content/dojo/nebbia.toml (CheckFailed when it does not load)."""
    from ...content.dojo import DIR, load_nebbia
    from ...content.toml_source import load_toml
    from ...problems import CheckFailed, blocking

    src = load_toml(root / DIR / "nebbia.toml", root)
    deck = load_nebbia(src) if src.parsed else None
    if deck is None or blocking(src.problems):
        raise CheckFailed(blocking(src.problems))
    return deck_from_nebbia(deck)


def card_id(card: int) -> str:
    """The effect's name, e.g. 'tsugi-ashi'."""
    return CARD_IDS[card]
