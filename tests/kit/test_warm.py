"""Phase one's slow parts played side by side (kit/build.py warm): each lands in the cache phase one reads."""

import pytest

from generator.i18n import extract, gate
from generator.kit.build import prepare, warm
from generator.plan.model import BuildOptions
from tests.conftest import LANGS
from generator.problems import CheckFailed


def test_warm_checks_and_compiles_every_languages_catalogs_into_the_caches_phase_one_reads(proved_project, monkeypatch):
    root = proved_project
    warm(root, [BuildOptions(lang=lang, release=True) for lang in LANGS], jobs=2)
    for lang in LANGS:
        domains = sorted(p.stem for p in (root / "locales" / lang / "LC_MESSAGES").glob("*.po"))
        cache = root / "build" / "cache" / "catalogs" / lang
        assert domains and all((cache / f"{d}-strict.json").is_file() for d in domains), lang
        assert all((cache / f"{d}.mo.entry").is_file() for d in domains), lang

    assert (root / "build" / "cache" / "extract.json").is_file()  # extracted once, before the catalogs compare
    assert not (root / "build" / "cache" / "templates").exists()  # compiled templates stay in memory (issue 32)

    def unchecked(*_args, **_kw):
        raise AssertionError("phase one checked a catalog again")
    monkeypatch.setattr(gate, "check_catalog", unchecked)
    monkeypatch.setattr(extract, "extract_all", unchecked)
    for lang in LANGS:
        assert prepare(root, BuildOptions(lang=lang, release=True)).lang == lang  # every check read from the cache


def test_warm_leaves_one_languages_phase_one_to_prepare(proved_project):
    warm(proved_project, [BuildOptions(lang="it")], jobs=2)
    assert not (proved_project / "build" / "cache" / "catalogs").exists()


def test_a_catalog_that_does_not_read_is_left_for_phase_one_to_report(proved_project):
    po = proved_project / "locales" / "ru" / "LC_MESSAGES" / "duel.po"
    po.write_text(po.read_text(encoding="utf-8") + '\nmsgid "broken\n', encoding="utf-8")
    warm(proved_project, [BuildOptions(lang=lang) for lang in ("it", "ru")], jobs=2)  # no traceback
    with pytest.raises(CheckFailed) as exc:
        prepare(proved_project, BuildOptions(lang="ru"))
    assert "duel.po" in str(exc.value)
