"""cairocffi's C declarations read from a module generated once, instead of parsed from C at every start.

cairocffi declares cairo's API as C text that cffi parses with pycparser whenever it is imported: ~0.25 s of
CPU in every `dojo` process (a no-op build, each test's subprocess). `generate()` (run by `make bytecode`, which
every make target runs first) writes the same declarations as cffi's out-of-line ABI modules next to this file;
`install()` (from generator/__init__.py) makes `import cairocffi` use them while they match the installed
cairocffi, and leaves cairocffi to parse its own declarations otherwise (none generated, a new cairocffi, xcffib).
"""

from __future__ import annotations

import contextlib
import hashlib
import importlib.abc
import importlib.machinery
import importlib.util
import io
import os
import sys
import tempfile
from pathlib import Path

HERE = Path(__file__).resolve().parent
MODULES = {"ffi": "_cairo_abi", "ffi_pixbuf": "_cairo_abi_pixbuf"}  # cairocffi.ffi attribute -> generated module


def _source_digest() -> str | None:
    """A digest of cairocffi's declarations (its ffi.py and constants.py); None when cairocffi is not installed."""
    spec = importlib.util.find_spec("cairocffi")
    if spec is None or not spec.submodule_search_locations:
        return None
    folder = Path(next(iter(spec.submodule_search_locations)))
    h = hashlib.sha256()
    for name in ("ffi.py", "constants.py"):
        h.update((folder / name).read_bytes())
    return h.hexdigest()


def _current(digest: str | None, folder: Path = HERE) -> bool:
    """Whether both generated modules exist in folder and were generated from these declarations."""
    if digest is None or importlib.util.find_spec("xcffib") is not None:
        return False
    marker = f"# cairocffi {digest}\n".encode()
    for module in MODULES.values():
        path = folder / f"{module}.py"
        try:
            with path.open("rb") as f:
                if f.readline() != marker:
                    return False
        except OSError:
            return False
    return True


def generate() -> bool:
    """Write the out-of-line modules from cairocffi's own declarations (unless current); whether they are current."""
    digest = _source_digest()
    if digest is None or importlib.util.find_spec("xcffib") is not None:
        return False
    if _current(digest):
        return True
    import cairocffi.ffi  # noqa: F401 - parses the C text (this process only)

    declared = sys.modules["cairocffi.ffi"]
    for attr, module in MODULES.items():
        ffi = getattr(declared, attr)
        ffi.set_source(f"generator.{module}", None)
        path = HERE / f"{module}.py"
        fd, tmp = tempfile.mkstemp(dir=HERE, prefix=f".{module}.", suffix=".tmp")  # two processes may generate
        os.close(fd)
        try:
            with contextlib.redirect_stdout(io.StringIO()):  # cffi prints "generating ..."
                ffi.emit_python_code(tmp)
            Path(tmp).write_bytes(f"# cairocffi {digest}\n".encode() + Path(tmp).read_bytes())
            os.replace(tmp, path)
        finally:
            Path(tmp).unlink(missing_ok=True)
    return True


class _Loader(importlib.abc.Loader):
    """Loads `cairocffi.ffi` as the generated modules' two FFI objects."""

    def create_module(self, spec):  # noqa: D102 - the default module
        return None

    def exec_module(self, module) -> None:  # noqa: D102
        for attr, name in MODULES.items():
            setattr(module, attr, importlib.import_module(f"generator.{name}").ffi)


class _Finder(importlib.abc.MetaPathFinder):
    """Answers for `cairocffi.ffi` only, and only while the generated modules are current."""

    def find_spec(self, fullname, path=None, target=None):  # noqa: D102
        if fullname != "cairocffi.ffi":
            return None
        sys.meta_path.remove(self)  # asked once per process
        if not _current(_source_digest()):
            return None
        return importlib.machinery.ModuleSpec(fullname, _Loader(), origin=str(HERE / f"{MODULES['ffi']}.py"))


def install() -> None:
    """Have the next `import cairocffi` use the generated declarations when they are current."""
    if "cairocffi.ffi" not in sys.modules and not any(isinstance(f, _Finder) for f in sys.meta_path):
        sys.meta_path.insert(0, _Finder())
