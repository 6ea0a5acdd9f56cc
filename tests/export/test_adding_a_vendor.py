"""docs/RECIPES.md "Adding a print vendor", followed in a temporary copy of the whole project (its generator/ too: the
vendors table is read when the modules are imported): a fifth print shop of one row of content/vendors.toml and no
code, whose files `dojo export print --vendor` writes from a built kit, preflighted, and read back here."""

from __future__ import annotations

import json
import shutil

import pytest
from PIL import Image

from generator.content import toml_source
from generator.content.vendors import TABLE, vendor_rows
from generator.problems import CheckFailed
from tests.kit.test_adding_a_game import whole_copy
from tests.sim.test_adding_a_policy import dojo_session

ROW = """
[[vendor]]
code = "pcs"
title = "Print Club Shop"
size = [850, 1150]
format = "png"
"""
DECKS = ("duel-reference", "ground-reference")  # two small decks of the built kit: the export stays quick
PX_PER_MM = 300 / 25.4
CARD_H = 88.9


def add_vendor(root) -> None:
    """The recipe's step: a row in content/vendors.toml."""
    with (root / TABLE).open("a", encoding="utf-8") as table:
        table.write(ROW)


def _kit_of(pristine, root) -> list[str]:
    """The pristine Italian kit copied into root, its manifest holding only DECKS' files: their single-card paths."""
    kit, out = pristine / "build/pnp/it", root / "build/pnp/it"
    manifest = json.loads((kit / "manifest.json").read_text(encoding="utf-8"))
    manifest["files"] = [f for f in manifest["files"] if f["component"] in DECKS]
    for f in manifest["files"]:
        (out / f["path"]).parent.mkdir(parents=True, exist_ok=True)
        shutil.copy(kit / f["path"], out / f["path"])
    (out / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    return [f["path"] for f in manifest["files"] if f.get("layout") == "single"]


def test_a_print_vendor_added_by_the_recipe_exports_a_built_kit(pristine_it, tmp_path):
    root = whole_copy(tmp_path / "project")
    singles = _kit_of(pristine_it, root)
    assert len(singles) == len(DECKS)
    add_vendor(root)
    offered, run = dojo_session(root, ["export", "print", "--help", "--root", str(root)],
                                ["export", "print", "--vendor", "pcs", "--lang", "it", "--root", str(root)])
    assert offered.returncode == 0 and "pcs" in offered.stdout  # the command offers it
    assert run.returncode == 0 and "Traceback" not in run.stderr, run.stderr[-3000:]
    assert "Print Club Shop" in run.stdout and "preflight passed" in run.stdout
    out = root / "build/print/pcs/it"
    report = json.loads((out / "preflight.json").read_text(encoding="utf-8"))
    bleed = (1150 / PX_PER_MM - CARD_H) / 2  # the card centred in the face: the bleed follows from the height
    assert report["vendor"] == "Print Club Shop" and report["face_px"] == [850, 1150]
    assert report["bleed_mm"] == pytest.approx(bleed, abs=1e-3) and len(report["decks"]) == len(DECKS)
    pngs = sorted(out.rglob("*.png"))
    cards = sum(d["cards"] for d in report["decks"])
    fronts = [p for p in pngs if p.name.startswith("front-")]
    assert len(fronts) == cards and len(pngs) > cards  # every card's front, and the backs (once when they agree)
    for png in pngs:
        with Image.open(png) as image:  # a second reader: the files as the shop opens them
            assert image.size == (850, 1150) and image.mode == "RGB" and image.info.get("icc_profile")


def test_a_wrong_vendor_row_names_the_file_line_and_field(project):
    text = (project / TABLE).read_text(encoding="utf-8") if (project / TABLE).exists() else ""
    (project / TABLE).write_text(text + ROW.replace('format = "png"', 'format = "jpeg"'), encoding="utf-8")
    toml_source._table_rows.cache_clear()  # the table is read again even within one mtime tick
    with pytest.raises(CheckFailed) as caught:
        vendor_rows(project)
    (problem,) = caught.value.problems
    line = len((text + ROW).splitlines())  # the new row's last line: its format
    assert (problem.file, problem.line) == (TABLE.as_posix(), line) and "'format'" in problem.message
    assert "png" in problem.hint
