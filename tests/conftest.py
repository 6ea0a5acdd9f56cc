"""Shared fixtures: a throwaway copy of the project's inputs, and one built kit per language per test session.

With xdist (`make test`, `pytest -n 2`) the tests are handed out one by one, the most expensive first
(``SLOW_FIRST``), so that both workers finish together; tests sharing a module-scoped build (``GROUPS``) go to one
worker, which builds once.
"""

import dataclasses
import fcntl
import functools
import json
import os
import pickle
import shutil
import time
from dataclasses import dataclass
from pathlib import Path

import pytest

from generator.kit.build import prepare, write_kit
from generator.kit.cache import ComponentCache
from generator.plan.model import Artifact, BuildContext, BuildOptions
from generator.content.languages import language_codes

ROOT = Path(__file__).resolve().parents[1]
LANGS = language_codes()  # every language of locales/languages.toml: what per-language tests run over
KIT_EPOCH = "1767225600"  # fixed dates in every built file


# Reference data that lives outside the repository: ../shared beside the clone (CI checks it out there), or beside
# a folder holding the clone (a worktree inside it). A test that needs it asks shared_dir(); without it the test is
# skipped and says why, so that `make test` passes on a clone alone. Under CI=true such a skip is a failure
# (pytest_runtest_makereport below): CI has ../shared, and a test that stopped finding it must not pass unseen.
SHARED_ABSENT = "reference data outside the repository is absent"


def shared_dir(*parts: str) -> Path:
    """The folder shared/<parts...> beside the clone or beside a folder above it; skips the calling test (with the
    reason printed by -rs) when there is none."""
    for folder in ROOT.parents:
        candidate = folder.joinpath("shared", *parts)
        if candidate.is_dir():
            return candidate
    pytest.skip(f"{SHARED_ABSENT}: no shared/{'/'.join(parts)} beside {ROOT} or any folder above it (the project's "
                "CI checks it out as ../shared; put a copy there to run this test)")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item, call):
    """Under CI=true a test skipped for want of ../shared fails: CI has it beside the clone, so the skip means the
    test no longer finds it (or CI lost it), and neither may pass silently."""
    report = yield
    if report.skipped and os.environ.get("CI") == "true" and SHARED_ABSENT in str(report.longrepr):
        reason = report.longrepr[2] if isinstance(report.longrepr, tuple) else str(report.longrepr)
        report.outcome = "failed"
        report.longrepr = f"CI=true, and this test skipped: {reason}"
    return report


def copy_project(folder: Path) -> Path:
    """content/, locales/, templates/ and pyproject.toml copied into folder (no git: fixed dates)."""
    for name in ("content", "locales", "templates"):
        shutil.copytree(ROOT / name, folder / name, ignore=shutil.ignore_patterns("*.mo"))
    shutil.copy(ROOT / "pyproject.toml", folder)
    return folder


# Test files in the order their tests should start: the longest first (measured with --durations), so that the
# last tests handed to the xdist workers are short ones. Every other test keeps its place after these.
SLOW_FIRST = (
    "tests/kit/test_integrity.py",
    "tests/release/test_release.py",
    "tests/kit/test_incremental.py::test_one_string_rebuild",
    "tests/kit/test_pseudo_build.py",
    "tests/components/test_reproducible.py",
    "tests/content/test_model.py::test_renderers_never_open_a_content_file",
    "tests/kit/test_adding_a_game.py",
    "tests/kit/test_adding_a_deck.py",
    "tests/kit/test_cli.py",
    "tests/pageqa/test_kit_pages.py",
    "tests/components/test_kinds_and_floor.py",
    "tests/kit/test_incremental.py",
    "tests/i18n/test_build_gate.py",
    "tests/i18n/test_intake.py",
    "tests/booklet/test_figures.py",
    "tests/duel/test_printed_rules.py",
    "tests/sim/test_gate.py",
)


# Tests that share one expensive build (a module- or session-scoped fixture): each group runs on one xdist worker,
# which builds it once. Node id prefixes.
GROUPS = {
    "release": ("tests/release/test_release.py::test_release_packs_every_language_with_checksums",
                "tests/release/test_release.py::test_two_releases_are_byte_identical",
                "tests/release/test_release.py::test_release_reuses_up_to_date_languages_in_every_mix",
                "tests/release/test_release.py::test_a_failing_language_holds_back_the_others_in_words",
                "tests/release/test_release.py::test_a_language_failing_to_render_keeps_every_kit"),
    "ru-again": ("tests/components/test_reproducible.py::test_two_builds_give_identical_bytes",
                 "tests/content/test_model.py::test_renderers_never_open_a_content_file"),
    "pristine-it": ("tests/kit/test_cli.py::test_broken_board_stops_the_build",
                    "tests/kit/test_incremental.py::test_one_string_rebuild",
                    "tests/kit/test_integrity.py::test_interrupted_builds_install_nothing",
                    "tests/kit/test_integrity.py::test_one_core_and_every_core_write_identical_files",
                    "tests/kit/test_integrity.py::test_a_damaged_installed_pdf_is_rebuilt",
                    "tests/kit/test_integrity.py::test_sigterm_stops_a_release",
                    "tests/export/test_faces.py",
                    "tests/i18n/test_preview.py",
                    "tests/kit/test_cache_hygiene.py::test_planted_entries_cost_a_rebuild_and_one_line",
                    "tests/kit/test_cache_hygiene.py::test_a_moved_checkout_takes_everything_from_the_cache",
                    "tests/kit/test_cache_hygiene.py::test_builds_keep_the_cache_under_its_bound",
                    "tests/kit/test_cache_hygiene.py::test_a_build_failing_on_a_full_disk_leaves_no_cache_entry",
                    "tests/kit/test_cache_hygiene.py::test_damaged_catalog_check_extraction_and_proof_files",
                    "tests/export/test_tts.py", "tests/export/test_print.py",
                    "tests/export/test_pdfx_independent.py",
                    "tests/security/test_component_cache.py::test_a_planted_artifact_path",
                    "tests/security/test_forged_results.py::test_a_forged_proof",
                    "tests/security/test_forged_results.py::test_an_export_from_a_poisoned_picture_cache"),
}


def group_of(nodeid: str) -> str | None:
    """The GROUPS name of a test, or None."""
    return next((name for name, prefixes in GROUPS.items() if nodeid.startswith(prefixes)), None)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Unless --dist is given: hand tests out one at a time, each of GROUPS whole, the groups first (then the
    order of pytest_collection_modifyitems below), so that the two workers finish together. (xdist's own
    loadgroup marks do not reach the scheduler under pytest 9.)"""
    if any(a == "-d" or a.startswith("--dist") for a in config.invocation_params.args):
        return None
    from xdist.scheduler import LoadScopeScheduling

    class GroupScheduling(LoadScopeScheduling):
        """One work unit per test, or per group of GROUPS."""

        def _split_scope(self, nodeid: str) -> str:
            return group_of(nodeid) or nodeid

    return GroupScheduling(config, log)


def pytest_collection_modifyitems(config, items):
    """The slow test files (SLOW_FIRST) first, in that order; the rest in collection order."""
    def rank(item) -> int:
        return next((i for i, prefix in enumerate(SLOW_FIRST) if item.nodeid.startswith(prefix)), len(SLOW_FIRST))
    items.sort(key=rank)


@pytest.fixture
def project(tmp_path, monkeypatch) -> Path:
    """A throwaway copy of the project's inputs (see copy_project), built with fixed dates."""
    monkeypatch.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
    return copy_project(tmp_path)


@pytest.fixture
def proved_project(project) -> Path:
    """project, its build/cache already holding the proofs of the project's board and GROUND content (proved once
    per session: a test that changes the board or GROUND content misses them and proves again)."""
    cache = project / "build" / "cache"
    cache.mkdir(parents=True)
    for proof in proofs():
        shutil.copy(proof, cache)
    return project


@pytest.fixture(scope="session")
def pristine_it(tmp_path_factory) -> Path:
    """A project copy (fixed dates) with its Italian kit built by the real command into build/pnp/it, and its
    component cache filled: for the tests that start from a built kit (list them in GROUPS["pristine-it"] so
    that one worker builds it once). Tests copy it, never change it. How long the build took (seconds, the
    board proof aside) is in the file pristine_seconds(root) names."""
    from tests.board.helpers import run_cli

    root = copy_project(tmp_path_factory.mktemp("pristine-it") / "project")
    (root / "build" / "cache").mkdir(parents=True)
    for proof in proofs():
        shutil.copy(proof, root / "build" / "cache")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
        start = time.monotonic()
        run = run_cli("build", "--lang", "it", "--root", root)
        pristine_seconds(root).write_text(f"{time.monotonic() - start:.3f}")
    assert run.code == 0, run.err
    return root


def pristine_seconds(root: Path) -> Path:
    """The file holding how long pristine_it's build took."""
    return root.parent / "seconds"


@pytest.fixture(scope="session")
def ru_again(tmp_path_factory) -> tuple[Path, Path, dict]:
    """The Russian kit written a second time from the session's phase-one context (kit_context("ru")), rendered
    with a project folder that holds no content/ (phase one read everything the kit needs): (that folder, the
    kit's folder, its manifest). For test_reproducible and test_model (GROUPS["ru-again"])."""
    root = tmp_path_factory.mktemp("ru-again")
    for name in ("locales", "templates"):
        shutil.copytree(ROOT / name, root / name, ignore=shutil.ignore_patterns("*.mo"))
    out = root / "out" / "ru"
    return root, out, write_kit(dataclasses.replace(kit_context("ru"), root=root), out)


@functools.cache
def proofs() -> list[Path]:
    """The proof cache files of a pristine copy of the project, proved once per test session (under a lock)."""
    folder = _KITS[-1] / "proofs"
    folder.mkdir(exist_ok=True)
    with (_KITS[-1] / "proofs.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not (folder / "done").exists():
            prepare(copy_project(folder), BuildOptions(lang="en"))
            (folder / "done").touch()
    return sorted((folder / "build" / "cache").glob("*proof-*.json"))


@dataclass(frozen=True)
class Kit:
    """One language's whole kit, built once per test session: its folder and manifest (and phase one's context)."""

    lang: str
    out: Path
    manifest: dict

    @property
    def ctx(self) -> BuildContext:
        """The BuildContext the kit was rendered from."""
        return kit_context(self.lang)


_KITS: list[Path] = []  # the folder every worker of this test session builds its kits into (set below)


@pytest.fixture(scope="session", autouse=True)
def _kits_folder(tmp_path_factory):
    """Kits go under the session's temporary root, shared by the xdist workers (pytest keeps the last 3 runs)."""
    base = tmp_path_factory.getbasetemp()
    _KITS.append((base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base) / "kits")
    _KITS[-1].mkdir(exist_ok=True)
    # The key that seals cache entries (generator/output/seal.py) is the user's own, as in their builds: tests that
    # compile the checkout's catalogs write build/cache/catalogs, and a session key there made the user's next
    # `make pnp` discard them as unsealed ("planted") with a warning. Tests of the key set their own KEY_ENV.


def session_shared(name: str, make):
    """make()'s (picklable) result computed once per test session: the first xdist worker to ask computes it
    under a file lock and stores it in the session's kits folder; the other worker reads it."""
    folder = _KITS[-1]
    path = folder / f"{name}.pickle"
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not path.exists():
            tmp = path.with_suffix(".tmp")
            tmp.write_bytes(pickle.dumps(make()))
            tmp.replace(path)
    return pickle.loads(path.read_bytes())


def session_root() -> Path:
    """The session's proved copy of the project (proofs()'s folder: no git, so its version is the plain 0.9.0): the
    kits of kit_context and built_kit are built from it, their components cached in its build/cache, which the
    release tests start from (tests/release/test_release.py: a release renders nothing the kits rendered)."""
    proofs()
    return _KITS[-1] / "proofs"


@functools.cache
def kit_context(lang: str) -> BuildContext:
    """Phase one on the session's project copy for lang (loaded and checked, board proved; dated KIT_EPOCH), once
    per test process."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
        return prepare(session_root(), BuildOptions(lang=lang))


@functools.cache
def kit_booklet(lang: str, game: str) -> tuple[Artifact, ...]:
    """build_booklet(kit_context(lang), game): one game's booklets in every layout and paper, once per session."""
    from generator.booklet.builders import build_booklet

    return session_shared(f"booklet-{lang}-{game}", lambda: tuple(build_booklet(kit_context(lang), game)))


@functools.cache
def built_kit(lang: str) -> Kit:
    """The project's kit for lang (every component, every paper): built once per test session.

    The first worker to ask builds it (under a file lock); the others read the finished kit.
    """
    folder = _KITS[-1]
    out, done = folder / lang, folder / f"{lang}.done"
    with (folder / f"{lang}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        if not done.exists():
            # on one core, in this process (tests/kit/test_integrity.py compares it with pristine_it's kit, built
            # by the command on every core from the same inputs, dates and version); cached in session_root
            write_kit(kit_context(lang), out, jobs=1, cache=ComponentCache(kit_context(lang)))
            done.touch()
    return Kit(lang, out, json.loads((out / "manifest.json").read_text(encoding="utf-8")))


def with_kit_cache(project: Path, lang: str) -> Path:
    """project (a proved_project) with the session's component cache of lang's kit (built_kit) in its build/cache:
    a build of it then renders only the components whose inputs the test changed (the others come from the cache,
    as in a designer's incremental build)."""
    built_kit(lang)
    cache = session_root() / "build" / "cache"
    shutil.copytree(cache / "components" / lang, project / "build" / "cache" / "components" / lang)
    return project


@pytest.fixture(scope="session", params=LANGS)
def kit(request) -> Kit:
    """The whole kit of each language (it, en, ru), built once per session."""
    return built_kit(request.param)
