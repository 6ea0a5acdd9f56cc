"""Fixtures shared by the print-shop export tests."""

import pytest

from generator.export.vendors import kit_decks

DECKS = ("duel/strikes", "duel/reference")  # two small decks: one with differing backs, one with a shared back


@pytest.fixture(scope="module")
def small_kit(pristine_it):
    """The pristine Italian kit's manifest and two of its decks."""
    manifest, decks = kit_decks(pristine_it / "build" / "pnp" / "it")
    return manifest, [d for d in decks if d[0].slug in DECKS]
