"""Shared fixtures: a throwaway copy of the project's inputs, and one built kit per language per test session.

With xdist (`make test`, `pytest -n 2`) the tests are handed out a module at a time (a module's module-scoped
fixtures are then made once), the modules of ``SPLIT`` one test at a time, the most expensive first (``SLOW_FIRST``),
so that both workers finish together; tests sharing a module-scoped build across modules (``GROUPS``) go to one
worker, which builds once. The session's kits (built_kit, pristine_it, proofs) are built once for both workers.
"""

import contextlib
import dataclasses
import fcntl
import functools
import gc
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
from tests.process_state import _process_defaults, _process_state, pytest_terminal_summary  # noqa: F401 - fixtures, hook

# A test process holds far more live objects than a build (the session's kits, contexts and artifacts, every test
# module): the cycle collector's default thresholds (700, 10, 10) walk them again and again. Collected less often
# here (and in the render workers forked from it): 8% less CPU over tests/booklet, render/test_cards.py and
# duel/test_components.py (21.1-21.7 s against 19.3-20.0 s), the same results.
gc.set_threshold(100_000, 50, 100)

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


def project_with_code(folder: Path) -> Path:
    """copy_project's copy with the project's generator/ too, for the tests that run the copy's own code (the recipe
    tests: the data tables are read when the modules are imported, from the checkout they are imported from),
    bytecode included: make bytecode's, still valid in the copy (copytree keeps the sources' times and sizes, which
    is what Python checks), so the copy's modules import without compiling again (a source the test edits is
    compiled again, its time changed). The saving is small: compiling all of generator/ costs about 0.4 s of CPU."""
    root = copy_project(folder)
    shutil.copytree(ROOT / "generator", root / "generator")
    return root


# Work units (unit_of) in the order they should start: the longest first, by their CPU seconds in a full run
# (2026-12-07; a unit's share of the session's kits included), so that the last work handed to the xdist workers is
# short; a unit that needs the session's kits (built once, under a lock) alternates with one that needs none, so that
# neither worker waits for the other's build. Every other test keeps its place after these. Node id prefixes.
SLOW_FIRST = (
    "tests/release/test_release.py::test_release_packs_every_language",  # 72 s: it, en, ru kits, first release
    "tests/kit/test_integrity.py::test_interrupted_builds",  # 24 s: pristine_it, then interrupted builds
    "tests/sim/test_sweep.py",  # 16 s (with test_stopping.py: GROUPS["dask"])
    "tests/kit/test_pseudo_build.py::test_pseudo_locale_kit",  # 12 s
    "tests/export/test_print.py",  # 14 s
    "tests/i18n/test_slot_map.py",  # 9 s
    "tests/security/test_forged_results.py::test_an_export_from_a_poisoned_picture_cache",  # 5 s (+ tts_pictures)
    "tests/kit/test_adding_a_game.py",  # 9 s
    "tests/sim/test_adding_a_game_to_the_lab.py",  # 3 s: sim and sweeps of a fourth game in a copy
    "tests/sim/test_adding_a_policy.py",  # 3 s: sim and sweeps of a new policy in a copy
    "tests/export/test_tts.py",  # 4 s (+ tts_pictures: 8 s, the Italian pictures made once a session)
    "tests/components/test_reproducible.py",  # 9 s (ru-again)
    "tests/content/test_model.py::test_renderers_never_open_a_content_file",
    "tests/kit/test_incremental.py::test_one_string_rebuild",  # 8 s
    "tests/security/test_forged_results.py::test_a_forged_proof",  # 2 s
    "tests/sim/test_stopping.py",  # 11 s (one unit: a shared stopped sweep)
    "tests/kit/test_contact_sheet.py",  # 7 s
    "tests/security/test_forged_results.py::test_a_script_planted",  # 6 s
    "tests/components/test_kinds_and_floor.py",  # 2 s each, the kits aside
    "tests/kit/test_adding_a_deck.py",  # 6 s
    "tests/i18n/test_preview.py",  # 3-6 s each
    "tests/sim/test_balance.py",  # 3-5 s each
    "tests/sim/test_designer.py",
    "tests/board/test_fuzz.py",
    "tests/booklet/test_figures.py",
    "tests/export/test_pdfx_independent.py",
    "tests/security/test_sweep_resume.py",
    "tests/i18n/test_build_gate.py",
    "tests/kit/test_integrity.py",
    "tests/kit/test_incremental.py",
    "tests/pageqa/test_frame_gap.py",
    "tests/kit/test_warm.py",
    "tests/infra/test_slots.py",
    "tests/i18n/test_intake.py",
    "tests/i18n/test_update_cycle.py",
    "tests/pageqa/test_kit_pages.py",
    "tests/kit/test_cli.py",
    "tests/duel/test_printed_rules.py",
    "tests/sim/test_gate.py",
    # the longest units of a full run (2026-12-07 21:05, --durations=60) that were in none of the above
    "tests/pageqa/test_faces_booklet.py",  # 16 tests of 1-5 s (SPLIT: handed out one by one)
    "tests/kit/test_pseudo_build.py::test_overflow_warnings",
    "tests/pageqa/test_links.py",
    "tests/pageqa/test_terms.py",
    "tests/security/test_keeps_what_holds.py",
    "tests/security/test_slow_clients.py",  # 5.5 s, mostly waiting on its slow clients
    "tests/sim/test_compare.py",
    "tests/render/test_no_patching.py",
    "tests/sim/test_ladder.py",
)


# Tests that share one expensive build across modules, or only some of a module's tests (a module- or session-scoped
# fixture): each group runs on one xdist worker, which builds it once. Node id prefixes.
GROUPS = {
    "release": ("tests/release/test_release.py::test_release_packs_every_language_with_checksums",
                "tests/release/test_release.py::test_two_releases_are_byte_identical",
                "tests/release/test_release.py::test_release_reuses_up_to_date_languages_in_every_mix",
                "tests/release/test_release.py::test_a_failing_language_holds_back_the_others_in_words",
                "tests/release/test_release.py::test_a_language_failing_to_render_keeps_every_kit"),
    "ru-again": ("tests/components/test_reproducible.py::test_two_builds_give_identical_bytes",
                 "tests/content/test_model.py::test_renderers_never_open_a_content_file"),
    "dask": ("tests/sim/test_sweep.py", "tests/sim/test_stopping.py"),  # one local Dask cluster (dask_scheduler)
    "preview-read": ("tests/i18n/test_preview.py::test_every_page_is_drawn_and_every_entry_is_mapped",
                     "tests/i18n/test_preview.py::test_each_booklet_entry_points_at_the_page_and_box_where_its_text"),
}

# Modules whose tests are handed out one by one (to either worker): long tests that share no expensive module-scoped
# fixture (a module-scoped copy of a session build is cheap to make twice).
SPLIT = (
    "tests/sim/test_balance.py",
    "tests/i18n/test_preview.py",
    "tests/kit/test_integrity.py",
    "tests/kit/test_incremental.py",
    "tests/kit/test_cli.py",
    "tests/kit/test_pseudo_build.py",
    "tests/kit/test_cache_hygiene.py",
    "tests/security/test_forged_results.py",
    "tests/security/test_component_cache.py",
    "tests/release/test_release.py",
    "tests/components/test_kinds_and_floor.py",
    "tests/pageqa/test_kit_pages.py",
    "tests/pageqa/test_faces_booklet.py",  # session-shared booklets (kit_booklet) only
)


def group_of(nodeid: str) -> str | None:
    """The GROUPS name of a test, or None."""
    return next((name for name, prefixes in GROUPS.items() if nodeid.startswith(prefixes)), None)


def unit_of(nodeid: str) -> str:
    """The work unit an xdist worker is handed a test in: its GROUPS name, the test itself in a SPLIT module, or
    else its module."""
    module = nodeid.split("::", 1)[0]
    return group_of(nodeid) or (nodeid if module in SPLIT else module)


@pytest.hookimpl(optionalhook=True)
def pytest_xdist_make_scheduler(config, log):
    """Unless --dist is given: hand work out one unit at a time (unit_of), in the order of
    pytest_collection_modifyitems below (the slow ones first), so that the two workers finish together. (xdist's own
    loadgroup marks do not reach the scheduler under pytest 9.)"""
    if any(a == "-d" or a.startswith("--dist") for a in config.invocation_params.args):
        return None
    from xdist.scheduler import LoadScopeScheduling

    config.option.loadscopereorder = False  # the units in collection order, not the largest first

    class UnitScheduling(LoadScopeScheduling):
        """One work unit per unit_of."""

        def _split_scope(self, nodeid: str) -> str:
            return unit_of(nodeid)

    return UnitScheduling(config, log)


def pytest_addoption(parser):
    parser.addoption("--test-order", choices=("reverse", "shuffle"), default=None,
                     help="test-only check that no test depends on what an earlier test in its process left behind "
                          "(CI's xdist order is not ours): run the test files, and the tests inside each file, in "
                          "reverse order, or shuffled with --test-order-seed (off by default)")
    parser.addoption("--test-order-seed", type=int, default=0, help="the seed of --test-order=shuffle")
    parser.addoption("--state-report", action="store_true", default=False,
                     help="list the tests that changed the process-global state conftest._state puts back after each")


def pytest_report_header(config):
    order = config.getoption("--test-order")
    if order:
        return f"test order: {order}" + (f", seed {config.getoption('--test-order-seed')}" if order == "shuffle" else "")
    return None


def pytest_collection_modifyitems(config, items):
    """The slow test files (SLOW_FIRST) first, in that order; the rest in collection order. With --test-order: the
    files in reverse or shuffled order, and the tests inside each file too (a file's tests stay together, so that its
    module-scoped fixtures are made once)."""
    def rank(item) -> int:
        return next((i for i, prefix in enumerate(SLOW_FIRST) if item.nodeid.startswith(prefix)), len(SLOW_FIRST))
    items.sort(key=rank)
    order = config.getoption("--test-order")
    if order:
        files: dict[str, list] = {}
        for item in items:
            files.setdefault(item.nodeid.split("::", 1)[0], []).append(item)
        blocks = list(files.values())
        if order == "reverse":
            blocks = [block[::-1] for block in blocks[::-1]]
        else:
            import random

            rng = random.Random(config.getoption("--test-order-seed"))
            rng.shuffle(blocks)
            for block in blocks:
                rng.shuffle(block)
        items[:] = [item for block in blocks for item in block]


_DASK: list = []  # the running LocalCluster (dask_scheduler), at most one


@pytest.fixture
def dask_scheduler() -> str:
    """The address of a real local Dask cluster of two worker processes (each a process of its own, one thread),
    started once for the tests that run the lab on one (GROUPS["dask"]: about 1.5 s of CPU and 3 s a start) and closed
    when the group's last test ends (pytest_runtest_teardown below): an idle cluster costs about 0.1 s of CPU a second
    (its scheduler in this process, its nannies and workers), some 25-35 s over the rest of a full run, all of it
    charged to whatever that worker ran later (a 2026-12-07 run charged 26 s to the last test of the worker, the
    teardown reaping the worker processes). No client here: one made here would be the default of every later Dask
    call in this process; the command makes its own (sim/sweep/run.py) and closes it."""
    distributed = pytest.importorskip("dask.distributed", reason="Dask is an optional extra: pip install '.[cluster]'")
    if not _DASK:
        _DASK.append(distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                              dashboard_address=None,  # as sim/sweep/run.py: no port 8787
                                              scheduler_kwargs={"dashboard_address": "127.0.0.1:0"}))
    return _DASK[0].scheduler_address


@pytest.hookimpl(wrapper=True)
def pytest_runtest_teardown(item, nextitem):
    """Close the local Dask cluster after the last test of GROUPS["dask"] this process runs (it starts again if a
    later test asks for it: only when the group's tests are not run together, e.g. -p no:xdist with -k)."""
    try:
        return (yield)
    finally:
        if _DASK and (nextitem is None or group_of(nextitem.nodeid) != "dask"):
            _DASK.pop().close()


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
def pristine_it() -> Path:
    """A project copy (fixed dates) with its Italian kit built by the real command into build/pnp/it, and its
    component cache filled: for the tests that start from a built kit. Built once per test session: the first
    xdist worker to ask builds it (under a file lock), the other waits and uses the same folder. Tests copy it,
    never change it. How long the build took (seconds, the board proof aside) is in the file pristine_seconds(root)
    names."""
    with project_once("pristine-it") as (root, first):
        if first:
            copy_project(root)
            (root / "build" / "cache").mkdir(parents=True)
            for proof in proofs():
                shutil.copy(proof, root / "build" / "cache")
            start = time.monotonic()
            run = dated_cli("build", "--lang", "it", "--root", root)
            seconds = time.monotonic() - start
            assert run.code == 0, run.err
            pristine_seconds(root).write_text(f"{seconds:.3f}")
    return root


def pristine_seconds(root: Path) -> Path:
    """The file holding how long pristine_it's build took."""
    return root.parent / "seconds"


@pytest.fixture(scope="session")
def tts_pictures(pristine_it) -> Path:
    """The Tabletop Simulator picture cache of pristine_it's Italian kit: a copy of pristine_it exported once per
    test session by the real command (`dojo export tts --lang it`: every picture made, read back and compared), by
    the first xdist worker to ask, under a file lock. Returns the cache folder (build/cache/components/
    tts-pictures); with_tts_pictures copies it into a project, whose export then takes its pictures from it."""
    from generator.export.tts_cache import FOLDER
    from generator.output.cache import CACHE_DIR
    with project_once("tts-it") as (root, first):
        if first:
            shutil.copytree(pristine_it, root, symlinks=True)
            run = dated_cli("export", "tts", "--lang", "it", "--root", root)
            assert run.code == 0 and "Traceback" not in run.err, run.err
            assert "wrote" in run.out and "build/tts/it" in run.out, run
    return root / CACHE_DIR / FOLDER


def with_tts_pictures(project: Path, pictures: Path) -> Path:
    """project (a copy of pristine_it) with the session's Italian Tabletop Simulator pictures (tts_pictures) in its
    picture cache."""
    from generator.export.tts_cache import FOLDER
    from generator.output.cache import CACHE_DIR

    shutil.copytree(pictures, project / CACHE_DIR / FOLDER)
    return project


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
    with once("proofs") as first:
        if first:
            prepare(copy_project(folder), BuildOptions(lang="en"))
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
    path = _KITS[-1] / f"{name}.pickle"
    with once(name) as first:
        if first:
            path.write_bytes(pickle.dumps(make()))
    return pickle.loads(path.read_bytes())


@contextlib.contextmanager
def once(name: str):
    """Something made once per test session, under the session's file lock `name`: yields whether this worker is
    the first to ask (it then makes it; the block ending without an error marks it made); the other xdist worker
    waits for the lock and finds it made."""
    folder = _KITS[-1]
    done = folder / f"{name}.done"
    with (folder / f"{name}.lock").open("w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        first = not done.exists()
        yield first
        if first:
            done.touch()


@contextlib.contextmanager
def project_once(name: str):
    """A project folder made once per test session (the session's <name>/project) under once(name): yields (root,
    first); the first worker finds root gone (what a failed earlier try left is removed) and makes it."""
    folder = _KITS[-1] / name
    root = folder / "project"
    folder.mkdir(exist_ok=True)
    with once(name) as first:
        if first:
            shutil.rmtree(root, ignore_errors=True)
        yield root, first


def dated_cli(*args: str | Path):
    """`dojo ARGS` in this process (tests/board/helpers.run_cli) with the session kits' date (KIT_EPOCH)."""
    from tests.board.helpers import run_cli

    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SOURCE_DATE_EPOCH", KIT_EPOCH)
        return run_cli(*args)


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
    out = _KITS[-1] / lang
    with once(lang) as first:
        if first:
            # on one core, in this process (tests/kit/test_integrity.py compares it with pristine_it's kit, built
            # by the command on every core from the same inputs, dates and version); cached in session_root
            write_kit(kit_context(lang), out, jobs=1, cache=ComponentCache(kit_context(lang)))
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
