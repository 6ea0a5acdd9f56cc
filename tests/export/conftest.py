"""Fixtures shared by the print-shop export tests."""

import pytest

from generator.export.products import export_all
from generator.export.vendors import VENDORS, kit_decks
from tests.conftest import session_shared

DECKS = ("duel/strikes", "duel/reference")  # two small decks: one with differing backs, one with a shared back


@pytest.fixture(scope="module")
def small_kit(pristine_it):
    """The pristine Italian kit's manifest and two of its decks."""
    manifest, decks = kit_decks(pristine_it / "build" / "pnp" / "it")
    return manifest, [d for d in decks if d[0].slug in DECKS]


@pytest.fixture(scope="module")
def exports(small_kit):
    """Every vendor's files of the two decks (tests/export/test_print.py reads them all, test_pdfx_independent.py
    the PDF/X ones): exported once per test session, by the first xdist worker to ask."""
    return session_shared("vendor-exports", lambda: {name: export_all(vendor, small_kit[1])
                                                     for name, vendor in VENDORS.items()})
