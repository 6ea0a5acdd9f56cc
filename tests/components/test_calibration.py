"""The duplex calibration page as printed: three crosses on each side, their labels apart, player words only."""

import re

import pytest

from generator.pageqa.check import overlaps
from generator.pageqa.read import read_pdf

SHIFT = {"it": "retro stampato spostato di (+0.0, +0.0) mm", "en": "back printed shifted by (+0.0, +0.0) mm",
         "ru": "оборот напечатан со сдвигом (+0.0, +0.0) мм"}


@pytest.mark.parametrize("paper", ["A4", "Letter"])
def test_calibration_has_three_crosses_a_side_labels_apart_and_the_shift_in_words(kit, paper):
    pages = read_pdf((kit.out / f"duplex-calibration-{paper}.pdf").read_bytes())
    assert len(pages) == 2
    for page in pages:
        runs = page.runs
        letters = sorted(t.strip() for t, *_ in runs if t.strip() in ("A", "B", "C"))
        assert letters == ["A", "B", "C"]  # three places: drift, rotation and scale can be read
        assert overlaps(runs) == []
    back = " ".join(" ".join(t for t, *_ in pages[1].runs).split())
    assert SHIFT[kit.lang] in back
    if kit.lang != "en":
        assert not re.search(r"\bmm\)|\bback\b|--|dojo ", back.replace(SHIFT[kit.lang], ""))
