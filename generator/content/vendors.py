"""The print shops as data: content/vendors.toml, read once (like content/games.toml) by `dojo export print`
(generator/export/vendors.py makes each row a Vendor) and by the command's --vendor choices, without loading the
colour engine. A wrong row is one Problem naming the file, line and field (CheckFailed), never a traceback."""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

from .toml_source import data_table

TABLE = Path("content/vendors.toml")
PROJECT = Path(__file__).resolve().parents[2]  # this checkout: the table read unless a project has its own
CODE_RE = re.compile(r"^[a-z][a-z0-9]{1,15}$")
FORMATS = ("png", "pdf-x1a", "pdf-x4")
FIELDS = {"code", "title", "size", "bleed", "format", "back_first", "designs", "products"}


@dataclass(frozen=True)
class VendorRow:
    """One row of the vendors table (sizes in pixels at 300 dpi, bleed in millimetres; None: from the other)."""

    code: str
    title: str
    size: tuple[int, int] | None
    bleed: float | None
    format: str
    back_first: bool
    designs: bool
    products: bool
    line: int


def _vendor(row, seen: set[str]) -> VendorRow | None:
    row.unknown(FIELDS)
    code = row.code(seen, CODE_RE, "vendor", 'use 2-16 lower-case letters or digits, e.g. "pcs"')
    title = row.text("title")
    size = row.get("size", list, None)
    if size is not None and not (len(size) == 2 and all(isinstance(v, int) and 100 <= v <= 10000 for v in size)):
        row.error(f"size {size!r} is not [width, height] in pixels", "size", "e.g. size = [825, 1125]")
        size = None
    bleed = row.get("bleed", (int, float), None)
    if bleed is not None and not 0 <= bleed <= 20:
        row.error(f"bleed {bleed!r} is outside 0..20 mm", "bleed", "e.g. bleed = 3.175 (1/8 inch)")
        bleed = None
    if size is None and bleed is None and "size" not in row.table and "bleed" not in row.table:
        row.error("the vendor has neither size nor bleed", "code", "add size = [w, h] (pixels) or bleed = mm")
    fmt = row.choice("format", FORMATS)
    flags = {key: bool(row.get(key, bool, False)) for key in ("back_first", "designs", "products")}
    if None in (code, title, fmt) or (size is None and bleed is None):
        return None
    return VendorRow(code, title, tuple(size) if size else None, float(bleed) if bleed is not None else None, fmt,
                     flags["back_first"], flags["designs"], flags["products"], row.line())


def vendor_rows(root: Path | None = None) -> dict[str, VendorRow]:
    """The vendors table of a project (this checkout's by default), in file order; CheckFailed when it is wrong."""
    return {v.code: v for v in data_table(root, PROJECT, TABLE, "vendor", "vendors", _vendor, "vendors table")}


def vendor_codes(root: Path | None = None) -> tuple[str, ...]:
    """Every vendor's code, sorted (the command's --vendor choices)."""
    return tuple(sorted(vendor_rows(root)))
