"""Where `make test`'s time goes: each test's CPU seconds (its process and the processes it waited for: render
workers, subprocesses; set-up, call and tear-down), by test and by module, printed at the end of the run.

    PYTEST_ADDOPTS="-p tests.cpu_report" make test        # or: python -m pytest -p tests.cpu_report tests/...

Each process (the xdist workers, or the one process) appends its rows to a file in pytest's cache folder
(.pytest_cache/d/cpu-report/rows.tsv; TEST_CPU_REPORT=FILE: in FILE instead), tab-separated `seconds  node id`; the
controller prints the modules and the tests that cost the most CPU, and the sum. CPU, not duration: the shared
machine's load inflates durations far more than CPU, and what is over `make test`'s budget is the CPU over two cores."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

_ROWS: list[tuple[float, str]] = []
SHOWN = 25


def _cpu() -> float:
    t = os.times()
    return t.user + t.system + t.children_user + t.children_system


def _rows_file(config) -> Path:
    """TEST_CPU_REPORT, else rows.tsv in pytest's cache folder (.pytest_cache/d/cpu-report: every process's)."""
    wanted = os.environ.get("TEST_CPU_REPORT")
    return Path(wanted) if wanted else config.cache.mkdir("cpu-report") / "rows.tsv"


def pytest_configure(config):
    if not hasattr(config, "workerinput"):  # the controller, or the one process: a fresh file
        _rows_file(config).write_text("", encoding="utf-8")


@pytest.hookimpl(wrapper=True)
def pytest_runtest_protocol(item, nextitem):
    start = _cpu()
    try:
        return (yield)
    finally:
        _ROWS.append((_cpu() - start, item.nodeid))


def pytest_sessionfinish(session):
    if _ROWS:
        with _rows_file(session.config).open("a", encoding="utf-8") as f:
            f.write("".join(f"{cpu:.3f}\t{node}\n" for cpu, node in _ROWS))


def pytest_terminal_summary(terminalreporter, config):
    if hasattr(config, "workerinput"):
        return
    path = _rows_file(config)
    rows = [(float(cpu), node) for cpu, node in (line.split("\t", 1) for line in
                                                 path.read_text(encoding="utf-8").splitlines() if line)]
    if not rows:
        return
    modules: dict[str, float] = {}
    for cpu, node in rows:
        module = node.split("::", 1)[0]
        modules[module] = modules.get(module, 0.0) + cpu
    write = terminalreporter.write_line
    terminalreporter.section(f"CPU: {sum(c for c, _ in rows):.1f} s in {len(rows)} tests (rows: {path})")
    for module, cpu in sorted(modules.items(), key=lambda m: -m[1])[:SHOWN]:
        write(f"{cpu:8.2f}  {module}")
    write("")
    for cpu, node in sorted(rows, reverse=True)[:SHOWN]:
        write(f"{cpu:8.2f}  {node}")
