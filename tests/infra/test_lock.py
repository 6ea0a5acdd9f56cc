"""The lock file (uv.lock, and requirements.lock: its hashed pip export) agrees with pyproject.toml and with the
environment the tests run in, so that `make pnp` on a fresh machine installs exactly what the tests ran on."""

import re
import sys
import tomllib
from importlib import metadata

from packaging.markers import Marker
from packaging.requirements import Requirement
from packaging.specifiers import SpecifierSet
from packaging.utils import canonicalize_name
from packaging.version import Version

from tests.conftest import ROOT

REFRESH = "refresh it with `make lock` (see docs/RECIPES.md, 'Dependencies')"


def _pyproject() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _lock() -> dict:
    return tomllib.loads((ROOT / "uv.lock").read_text(encoding="utf-8"))


def _key(name: str, extras, specifier: str, extra: str | None) -> tuple:
    return canonicalize_name(name), tuple(sorted(extras)), str(SpecifierSet(specifier)), extra


def _declared() -> set[tuple]:
    """pyproject's requirements as (name, extras, specifier, extra-or-group)."""
    project = _pyproject()
    rows = {(r, None) for r in project["project"]["dependencies"]}
    for extra, reqs in project["project"].get("optional-dependencies", {}).items():
        rows |= {(r, extra) for r in reqs}
    for group, reqs in project.get("dependency-groups", {}).items():
        rows |= {(r, "group:" + group) for r in reqs}
    keys = set()
    for text, extra in rows:
        req = Requirement(text)
        keys.add(_key(req.name, req.extras, str(req.specifier), extra))
    return keys


def _locked_requirements() -> set[tuple]:
    [own] = [p for p in _lock()["package"] if p["name"] == _pyproject()["project"]["name"]]
    keys = set()
    for dep in own["metadata"]["requires-dist"]:
        found = re.fullmatch(r"extra == '([\w-]+)'", dep.get("marker", "")) if "marker" in dep else None
        assert "marker" not in dep or found, f"uv.lock: marker {dep['marker']!r} this test does not read"
        keys.add(_key(dep["name"], dep.get("extras", ()), dep.get("specifier", ""), found and found[1]))
    for group, deps in own["metadata"].get("requires-dev", {}).items():
        keys |= {_key(d["name"], d.get("extras", ()), d.get("specifier", ""), "group:" + group) for d in deps}
    return keys


def _locked_versions() -> dict[str, str]:
    """Locked version of every package for this Python (uv forks a package by Python version where it must)."""
    versions = {}
    for package in _lock()["package"]:
        if "registry" not in package["source"]:
            continue
        markers = package.get("resolution-markers")
        if markers and not any(Marker(m).evaluate() for m in markers):
            continue
        versions[canonicalize_name(package["name"])] = package["version"]
    return versions


def test_lock_matches_pyproject():
    declared, locked = _declared(), _locked_requirements()
    assert declared == locked, (
        f"pyproject.toml and uv.lock disagree: only in pyproject {sorted(declared - locked)}, "
        f"only in uv.lock {sorted(locked - declared)}; {REFRESH}")


def _pins() -> list[tuple[str, str, Marker | None]]:
    """requirements.lock's (name, version, marker) lines, each checked to carry hashes."""
    text = (ROOT / "requirements.lock").read_text(encoding="utf-8")
    pins = []
    for block in re.split(r"\n(?=[A-Za-z0-9])", text.split("\n", 2)[2]):
        head = block.split(" \\", 1)[0]
        name, version = re.match(r"([A-Za-z0-9._-]+)==([^ ;]+)", head).groups()
        assert "--hash=sha256:" in block, f"requirements.lock: {name} has no hash; {REFRESH}"
        pins.append((canonicalize_name(name), version, Marker(head.split(";", 1)[1]) if ";" in head else None))
    return pins


def test_pip_export_pins_the_locked_versions_with_hashes():
    # a Python-version fork is chosen for this Python; a platform's own package (colorama: Windows) is kept
    pins = {name: version for name, version, marker in _pins()
            if marker is None or "python_full_version" not in str(marker) or marker.evaluate()}
    assert pins == _locked_versions(), f"requirements.lock is not uv.lock's export; {REFRESH}"


def test_the_tests_run_on_the_locked_versions():
    wrong = []
    for name, version, marker in _pins():
        if marker is not None and not marker.evaluate():
            continue
        try:
            installed = metadata.version(name)
        except metadata.PackageNotFoundError:
            installed = "nothing"
        if installed == "nothing" or Version(installed) != Version(version):
            wrong.append(f"{name} {installed} installed, {version} locked")
    assert not wrong, (f"{sys.prefix} is not the locked environment: {'; '.join(wrong)}. "
                       "Run `make install` (it installs exactly uv.lock)")
