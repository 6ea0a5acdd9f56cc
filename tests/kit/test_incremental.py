"""Incremental builds: a component comes from the cache only while everything it read is unchanged, and an
incremental kit is byte-identical to a cold --force build of the same tree."""

from __future__ import annotations

import dataclasses
import gc
import json
import re
import shutil
from pathlib import Path

import pytest

from generator.plan import registry
from generator.kit.build import build_kit, prepare, render_all
from generator.kit.cache import ComponentCache, canonical, digest
from generator.plan.model import BuildOptions
from generator.output.cache import entry_path
from tests.conftest import LANGS

CHEAP = tuple(registry.by_id(i) for i in ("kit-calibration", "duel-track", "duel-stance-cards"))


def edit_msgstr(po: Path, context: str, msgid: str, suffix: str) -> str:
    """Append suffix to one entry's msgstr (found by msgctxt and msgid); the new translation."""
    text = po.read_text(encoding="utf-8")
    pattern = re.compile(rf'(msgctxt "{re.escape(context)}"\nmsgid "{re.escape(msgid)}"\nmsgstr ")(.*)(")')
    match = pattern.search(text)
    assert match, f"no entry {context}/{msgid} in {po}"
    po.write_text(text[:match.end(2)] + suffix + text[match.end(2):], encoding="utf-8")
    return match.group(2) + suffix


def hashes(kit: Path) -> dict[str, str]:
    """path -> sha256 of every file of a built kit."""
    return {e["path"]: e["sha256"] for e in json.loads((kit / "manifest.json").read_text(encoding="utf-8"))["files"]}


def test_one_string_rebuild_renders_only_its_component_and_matches_a_cold_build(proved_project, pristine_it):
    """Built kit, edit one card string of one catalog, incremental build == cold --force build of the edited tree.

    The first build comes from the component cache of the session's cold Italian build (pristine_it), and is
    checked to equal it."""
    shutil.copytree(pristine_it / "build/cache/components", proved_project / "build/cache/components")
    options = BuildOptions(lang="it")
    first = hashes(build_kit(proved_project, options, proved_project / "out", jobs=2).out_dir)
    assert first == hashes(pristine_it / "build/pnp/it")
    edit_msgstr(proved_project / "locales/it/LC_MESSAGES/duel.po", "duel/seigan", "Free stance", " (mod.)")
    incremental = build_kit(proved_project, options, proved_project / "out", jobs=2)
    cold = build_kit(proved_project, options, proved_project / "cold", force=True, jobs=2)
    assert hashes(incremental.out_dir) == hashes(cold.out_dir)
    changed = {p for p, h in first.items() if hashes(incremental.out_dir)[p] != h}
    assert changed and all(p.startswith(("duel/stances", "previews/duel/stances")) for p in changed), changed


def test_the_printing_guide_is_keyed_on_the_entries_before_it_and_the_contact_sheet_on_their_bytes(proved_project):
    """A card string edited changes a deck's bytes, not its manifest entry: the printing guide, which reads only the
    entries, keeps its cache key (it is not drawn again); a changed page count changes it. The contact sheet draws
    the files' pages: its key follows their bytes."""
    from generator.artifact import Artifact

    cache = ComponentCache(prepare(proved_project, BuildOptions(lang="it")))
    guide, contact = registry.by_id("kit-printing-guide"), registry.by_id("contact-sheet")
    deck = Artifact("duel/stances-A4.pdf", "duel-stance-cards", "cards", b"%PDF one", "A4", "sheet", 2)
    edited, longer = dataclasses.replace(deck, data=b"%PDF two"), dataclasses.replace(deck, pages=3)
    assert guide.entries_only and not contact.entries_only
    assert cache.key(guide, [deck]) == cache.key(guide, [edited]) != cache.key(guide, [longer])
    assert cache.key(contact, [deck]) != cache.key(contact, [edited])


@pytest.mark.parametrize("lang", LANGS)
def test_cache_hits_while_unchanged_and_misses_on_a_changed_lookup(proved_project, lang):
    """A second render takes every component from the cache; a changed translation re-renders only its user."""
    ctx = prepare(proved_project, BuildOptions(lang=lang))
    first = render_all(ctx, CHEAP, jobs=1, cache=ComponentCache(ctx))
    again = ComponentCache(ctx)
    assert render_all(ctx, CHEAP, jobs=1, cache=again) == first  # every field, bytes included
    assert again.hits == [c.id for c in CHEAP]
    po = proved_project / f"locales/{lang}/LC_MESSAGES/duel.po"
    edit_msgstr(po, "duel/seigan", "Free stance", " X")
    ctx2 = prepare(proved_project, BuildOptions(lang=lang))
    after = ComponentCache(ctx2)
    made = render_all(ctx2, CHEAP, jobs=1, cache=after)
    assert after.hits == ["kit-calibration", "duel-track"]
    assert [a.data for a in made] == [a.data for a in render_all(ctx2, CHEAP, jobs=1)]
    assert gc.get_freeze_count() == 0  # what a render froze for its workers is released (a preview server lives on)


def test_a_changed_model_part_re_renders_only_its_readers(proved_project):
    """The duel track reads model.duel: a different duel model misses, the calibration page (no model) hits."""
    ctx = prepare(proved_project, BuildOptions(lang="it"))
    render_all(ctx, CHEAP[:2], jobs=1, cache=ComponentCache(ctx))
    duel = dataclasses.replace(ctx.model.duel, track_cells=ctx.model.duel.track_cells + 1)
    changed = dataclasses.replace(ctx, model=dataclasses.replace(ctx.model, parts={**ctx.model.parts, "duel": duel}))
    cache = ComponentCache(changed)
    render_all(changed, CHEAP[:2], jobs=1, cache=cache)
    assert cache.hits == ["kit-calibration"]


@pytest.mark.parametrize("damage", ["truncate", "flip", "claim", "garbage"])
def test_a_corrupt_entry_is_discarded_and_rendered_again(proved_project, damage):
    """A truncated, altered, mis-claiming or unreadable entry is not used; the component renders the same bytes."""
    ctx = prepare(proved_project, BuildOptions(lang="it"))
    track = (registry.by_id("duel-track"),)
    good = render_all(ctx, track, jobs=1, cache=ComponentCache(ctx))
    path = entry_path(proved_project, "it", "duel-track")
    data = path.read_bytes()
    seal, head, body = data.split(b"\n", 2)  # the seal line (output/seal.py), the header, the blobs
    seal += b"\n"
    damaged = {"truncate": data[:-100], "flip": seal + head + b"\n" + body[:500] + bytes([body[500] ^ 1]) + body[501:],
               "claim": seal + head.replace(b'"component": "duel-track"', b'"component": "kit-calibration"') + b"\n"
               + body,
               "garbage": b"\x00not an entry"}[damage]
    path.write_bytes(damaged)
    cache = ComponentCache(ctx)
    assert [a.data for a in render_all(ctx, track, jobs=1, cache=cache)] == [a.data for a in good]
    assert cache.hits == []
    assert path.read_bytes() == data  # rendered again and stored afresh


def test_model_digest_is_canonical():
    """Equal data has one digest whatever the set order; a changed value changes it."""
    assert digest({"b": frozenset({"x", "y"}), "a": (1, 2.5)}) == digest({"a": (1, 2.5), "b": frozenset({"y", "x"})})
    assert digest({"a": (1, 2.5)}) != digest({"a": (1, 2.25)})
    with pytest.raises(TypeError):
        canonical(object())


def test_timings_name_every_phase_and_each_component_rendered(proved_project, pristine_it):
    """`dojo build --timings`: the phases of this build, and the components it drew (here the one whose string
    changed, and the contact sheet drawn from every file) with their process, render and page QA seconds."""
    from tests.board.helpers import run_cli

    shutil.copytree(pristine_it / "build/cache/components", proved_project / "build/cache/components")
    edit_msgstr(proved_project / "locales/it/LC_MESSAGES/duel.po", "duel/seigan", "Free stance", " (t)")
    run = run_cli("build", "--lang", "it", "--root", proved_project, "--timings")
    assert run.code == 0, run.err
    lines = run.err.splitlines()
    phases = [line.rsplit(None, 2) for line in lines[1:lines.index(next(x for x in lines if x.split()[0] == "component"))]]
    assert [p[0] for p in phases] == ["inputs digest, up-to-date check", "phase one: load board and content",
                                      "phase one: load, check, proofs",
                                      "cache lookups, imports, preload", "components on 1 process(es)",
                                      "manifest, write"]
    assert all(float(wall) >= 0 and float(cpu) >= 0 for _name, wall, cpu in phases)
    drawn = {line.split()[0]: [float(v) for v in line.split()[2:]] for line in lines
             if line.split()[0] in ("duel-stance-cards", "contact-sheet", "dojo-rules")}
    assert set(drawn) == {"duel-stance-cards", "contact-sheet"}  # the others came from the cache
    start, wall, render, qa = drawn["duel-stance-cards"]
    assert render > 0 and qa > 0 and wall >= 0.5 * (render + qa) and start > 0
    assert lines[-1].startswith("build, wall") and float(lines[-1].split()[-1]) >= wall
    again = run_cli("build", "--lang", "it", "--root", proved_project, "--timings")
    assert again.code == 0 and "up to date" in again.out
    assert again.err.splitlines()[1].startswith("inputs digest, up-to-date check") and "phase one" not in again.err


NO_OP = """
import sys
from generator import cli
code = cli.main(["build", "--lang", "it", "--root", sys.argv[1]])
drawing = ("cairocffi", "pikepdf", "pypdfium2", "cairosvg", "jinja2", "generator.kit.build", "generator.kit.phase_one")
print(code, sorted(m for m in drawing if m in sys.modules))
"""


def test_a_no_op_build_reads_the_installed_kit_and_imports_nothing_that_draws(tmp_path, pristine_it):
    """An up-to-date kit is told so by kit/installed.py before the stages are imported (a no-op build starts in a
    tenth of a second); once an input changes, the same command imports them and builds."""
    import os
    import subprocess
    import sys

    from tests.conftest import KIT_EPOCH, ROOT

    project = tmp_path / "project"
    shutil.copytree(pristine_it, project)
    env = {**os.environ, "SOURCE_DATE_EPOCH": KIT_EPOCH, "PYTHONPATH": str(ROOT)}
    run = subprocess.run([sys.executable, "-c", NO_OP, str(project)], env=env, capture_output=True, text=True)
    assert run.returncode == 0 and "up to date" in run.stdout and run.stdout.splitlines()[-1] == "0 []", run
    edit_msgstr(project / "locales/it/LC_MESSAGES/duel.po", "duel/seigan", "Free stance", " (n)")
    run = subprocess.run([sys.executable, "-c", NO_OP, str(project)], env=env, capture_output=True, text=True)
    assert run.returncode == 0 and "built" in run.stdout, run
    assert "'generator.kit.build'" in run.stdout.splitlines()[-1] and "'pikepdf'" in run.stdout.splitlines()[-1]


def test_languages_built_together_stop_only_where_they_fail(proved_project, pristine_it):
    """build_kits (the release's and `i18n check --render`'s path): a language whose catalog does not parse is
    refused with its problem, the others are built as a build of each alone builds them."""
    from generator.kit.build import build_kits
    from generator.problems import CheckFailed

    shutil.copytree(pristine_it / "build/cache/components", proved_project / "build/cache/components")
    po = proved_project / "locales/en/LC_MESSAGES/kit.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "unterminated\n', encoding="utf-8")
    it, en = build_kits(proved_project, [BuildOptions(lang="it"), BuildOptions(lang="en")],
                        proved_project / "out", jobs=2)
    assert isinstance(en, CheckFailed) and any("kit.po" in (p.file or "") for p in en.problems)
    assert not isinstance(it, CheckFailed) and hashes(it.out_dir) == hashes(pristine_it / "build/pnp/it")
    assert sorted(p.name for p in (proved_project / "out").iterdir()) == ["it"]  # nothing written for en


@pytest.mark.parametrize("lang", LANGS)
def test_lookups_that_give_back_their_english_are_printed_in_english_while_a_component_renders(lang):
    """recording(): outside the source language, the words of a lookup that gave back its English (no translation)
    are printed in English for hyphenation (render.layout.IN_SOURCE) while the block runs, and only then; a
    translated lookup adds nothing."""
    from generator.kit.cache import recording
    from generator.render.layout import IN_SOURCE
    from tests.conftest import kit_context

    with recording(kit_context(lang)) as (ctx, reads):
        translated = ctx.p_("duel/seigan", "Free stance")
        ctx._("Unheard-of sentence about movement")  # no catalog has it: English is printed
        assert IN_SOURCE.get() == (reads.english, "en")
    if lang == "en":
        assert reads.english == set()
    else:
        assert translated != "Free stance" and not reads.english & set(translated.split())
        assert reads.english == {"Unheard", "of", "sentence", "about", "movement"}
    assert IN_SOURCE.get()[0] == frozenset()
