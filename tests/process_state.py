"""The process-global state every test starts from, whatever ran before it on its xdist worker (registered by
tests/conftest.py: its fixtures and the --state-report summary)."""

import gc
import os
import signal

import pytest

# Process-global state that product code sets and keeps for the rest of the process, and that a test could come to
# rely on (CI's xdist order is not ours: the last CI run failed on a test that assumed keep_compiled's default, which
# an earlier in-process build on that worker had changed). Every test starts from the same state, whatever ran before
# it in its worker: _process_state sets it before each test (a session kit or a module's release that a fixture built
# in this process changed it) and puts back after each test what the test, or a build it ran, changed. keep_compiled
# starts where every in-process build sets it, the user's sealed cache of compiled templates (kit/phase_two.py
# render_languages), so that a build finds it unchanged and keeps the compiled environment (put back to None after
# each build it would make the next test compile every template again, 0.16 s); a test that needs another value sets
# it itself (tests/render/test_startup.py, test_compiled_cache.py). keep_art starts with no store (each build points it
# at its own project's cache, which a later test would otherwise read and write); no build's timings are collecting;
# the working folder, the SIGINT and SIGTERM handlers and the cycle collector (on, its thresholds) are as the session
# began; the environment variables a test changed are put back after it. --state-report lists what each test and the
# fixtures before it changed (run the files in one process: the list is printed at the end).
STATE_SIGNALS = (signal.SIGINT, signal.SIGTERM)


def _state() -> dict:
    from generator.kit import timings
    from generator.render import svg, templates

    return {"keep_compiled": templates._COMPILED, "keep_art": svg._STORE, "timings": timings._ACTIVE,
            "environment variables": {k: v for k, v in os.environ.items() if k != "PYTEST_CURRENT_TEST"},  # (pytest's)
            "working folder": os.getcwd(),
            "signal handlers": {s: signal.getsignal(s) for s in STATE_SIGNALS},
            "cycle collector": (gc.isenabled(), gc.get_threshold())}


def _restore(before: dict, now: dict) -> list[str]:
    """Put back what differs between before and now (two _state()s); the names of what was put back."""
    from generator.kit import timings
    from generator.render import svg, templates

    changed = [name for name in before if before[name] is not now[name] and before[name] != now[name]]
    if "keep_compiled" in changed:
        templates.keep_compiled(before["keep_compiled"])
    if "keep_art" in changed:
        svg.keep_art(before["keep_art"])
    if "timings" in changed:
        timings._ACTIVE = before["timings"]
    if "environment variables" in changed:
        for name in set(os.environ) - set(before["environment variables"]) - {"PYTEST_CURRENT_TEST"}:
            del os.environ[name]
        os.environ.update(before["environment variables"])
    if "working folder" in changed:
        os.chdir(before["working folder"])
    if "signal handlers" in changed:
        for number, handler in before["signal handlers"].items():
            signal.signal(number, handler)
    if "cycle collector" in changed:
        enabled, threshold = before["cycle collector"]
        gc.enable() if enabled else gc.disable()
        gc.set_threshold(*threshold)
    return changed


_LEAKS: list[str] = []  # --state-report: "node id: what it changed"


@pytest.fixture(scope="session", autouse=True)
def _process_defaults() -> dict:
    """The state every test starts from (see _state): keep_compiled at the user's template cache, no art store, and
    the rest as the session began (the environment aside: a module's fixture may set a variable for its tests)."""
    from generator.output.compiled import template_cache
    from generator.render import svg, templates

    templates.keep_compiled(template_cache(templates.OPTIONS))
    svg.keep_art(None)
    defaults = _state()
    del defaults["environment variables"]
    return defaults


@pytest.fixture(autouse=True)
def _process_state(request, _process_defaults):
    """Each test started from _process_defaults, whatever a fixture set up before it changed (a session kit or a
    module's release built in this process sets the art store, say), and whatever the test changed put back after
    it."""
    report = request.config.getoption("--state-report")
    left = _restore(_process_defaults, {name: value for name, value in _state().items() if name in _process_defaults})
    if left and report:
        _LEAKS.append(f"{request.node.nodeid} (its fixtures, before it): {', '.join(left)}")
    before = _state()
    yield
    changed = _restore(before, _state())
    if changed and report:
        _LEAKS.append(f"{request.node.nodeid}: {', '.join(changed)}")


def pytest_terminal_summary(terminalreporter, config):
    if config.getoption("--state-report", default=False):
        terminalreporter.section(f"process-global state changed (and put back) by {len(_LEAKS)} tests")
        for line in _LEAKS:
            terminalreporter.write_line(line)
