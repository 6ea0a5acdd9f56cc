"""The Nebbia deck (DR-N01): 22 cards of 13 types, as small integers for speed."""

from __future__ import annotations

KIAI, UKE, KAESHI, TSUGI, SEGRETO, IRIMI, SFIDA, SENSEI, PESO, INTENSIVO, PROIBITO, PASSO, MEDITAZIONE = range(13)

CARD_IDS = (
    "kiai", "uke", "kaeshi", "tsugi-ashi", "tunnel-segreto", "irimi", "sfida", "sensei-osserva",
    "peso-della-cintura", "allenamento-intensivo", "colpo-proibito", "passo-falso", "meditazione",
)
COUNTS = (3, 2, 2, 2, 1, 2, 2, 1, 1, 2, 1, 2, 1)
TECHNIQUES = frozenset((KIAI, UKE, KAESHI))
DECK_SIZE = 22


def new_deck() -> list[int]:
    """The 22 cards in a fixed order (shuffle with the game's RNG)."""
    return [card for card, count in enumerate(COUNTS) for _ in range(count)]


def card_id(card: int) -> str:
    """The card's id, e.g. 'tsugi-ashi'."""
    return CARD_IDS[card]


def card_by_id(name: str) -> int:
    """The card number of an id; raises KeyError for an unknown id."""
    return CARD_IDS.index(name) if name in CARD_IDS else _missing(name)


def _missing(name: str) -> int:
    raise KeyError(f"unknown Nebbia card {name!r}")
