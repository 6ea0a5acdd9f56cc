"""Read back every file before it is installed: a PDF must parse with the pages and boxes its manifest states.

Pure checks on bytes: each returns a list of problems (empty when the file is sound). The build verifies every
artifact in memory and the hash in the manifest is the hash of the bytes verified here.
"""

from __future__ import annotations

import io
import json
import struct
import zipfile
import zlib
from typing import Any, Callable

import pikepdf

from ..problems import Problem
from ..render.pdf import PAPERS_MM, PT_PER_MM

TOLERANCE_MM = 0.6
PNG_SIGNATURE = b"\x89PNG\r\n\x1a\n"


def _problem(path: str, message: str) -> Problem:
    return Problem("error", "verify", message, path, hint="nothing was installed; run the build again, and report "
                   "it if it happens again")


def _rect(box: Any) -> tuple[float, float, float, float]:
    """A PDF rectangle as (left, bottom, right, top) points."""
    x0, y0, x1, y1 = (float(v) for v in box)
    return min(x0, x1), min(y0, y1), max(x0, x1), max(y0, y1)


def _size_mm(box: tuple[float, float, float, float]) -> tuple[float, float]:
    return (box[2] - box[0]) / PT_PER_MM, (box[3] - box[1]) / PT_PER_MM


def _is_paper(size: tuple[float, float], paper: tuple[float, float]) -> bool:
    w, h = size
    return any(abs(w - a) <= TOLERANCE_MM and abs(h - b) <= TOLERANCE_MM for a, b in (paper, paper[::-1]))


def _page_problems(path: str, n: int, page: Any, paper: str | None) -> list[str]:
    """What is wrong with one page's boxes for the manifest's paper ('card': print-shop trim and bleed)."""
    media = _rect(page.obj.MediaBox)
    size = _size_mm(media)
    if paper in PAPERS_MM and not _is_paper(size, PAPERS_MM[paper]):
        return [f"page {n} is {size[0]:.1f}x{size[1]:.1f} mm, not {paper}"]
    if paper != "card":
        return []
    if "/TrimBox" not in page.obj or "/BleedBox" not in page.obj:
        return [f"page {n} has no TrimBox/BleedBox (a print-shop file needs both)"]
    trim, bleed = _rect(page.obj.TrimBox), _rect(page.obj.BleedBox)
    if bleed != media:
        return [f"page {n}: BleedBox differs from the MediaBox"]
    inside = trim[0] > media[0] and trim[1] > media[1] and trim[2] < media[2] and trim[3] < media[3]
    return [] if inside else [f"page {n}: TrimBox is not inside the bleed"]


def verify_pdf(path: str, data: bytes, pages: int | None, paper: str | None) -> list[Problem]:
    """Parse a PDF strictly, decode every page's content, compare page count and boxes with the manifest."""
    try:  # qpdf, without repairing anything: a damaged file fails here rather than being read around
        with pikepdf.open(io.BytesIO(data), attempt_recovery=False) as pdf:
            found = len(pdf.pages)
            issues = [] if pages is None or found == pages else [f"{found} page(s), the manifest says {pages}"]
            for n, page in enumerate(pdf.pages, 1):
                contents = page.obj.get("/Contents")
                for stream in [contents] if isinstance(contents, pikepdf.Stream) else (contents or []):
                    stream.read_bytes()
                issues += _page_problems(path, n, page, paper)
            issues += [f"qpdf: {w}" for w in pdf.get_warnings()]
    except Exception as exc:  # noqa: BLE001 - any failure to read the bytes back means a damaged file
        return [_problem(path, f"the PDF does not parse ({type(exc).__name__}: {exc})")]
    return [_problem(path, f"PDF check failed: {i}") for i in issues[:3]]


def verify_png(path: str, data: bytes) -> list[Problem]:
    """Walk the PNG chunks: signature, every CRC, IHDR first and IEND last with nothing after it."""
    if not data.startswith(PNG_SIGNATURE):
        return [_problem(path, "not a PNG (bad signature)")]
    at, kinds = len(PNG_SIGNATURE), []
    while at < len(data):
        if at + 12 > len(data):
            return [_problem(path, "the PNG is truncated")]
        length, kind = struct.unpack(">I4s", data[at:at + 8])
        end = at + 8 + length
        if end + 4 > len(data) or zlib.crc32(data[at + 4:end]) != struct.unpack(">I", data[end:end + 4])[0]:
            return [_problem(path, f"the PNG's {kind.decode('latin-1')} chunk is truncated or damaged")]
        kinds.append(kind)
        at = end + 4
    if not kinds or kinds[0] != b"IHDR" or kinds[-1] != b"IEND":
        return [_problem(path, "the PNG lacks its IHDR or IEND chunk")]
    return []


def verify_text(path: str, data: bytes) -> list[Problem]:
    """Text files are UTF-8; JSON files also parse."""
    try:
        text = data.decode("utf-8")
        if path.endswith(".json"):
            json.loads(text)
    except ValueError as exc:
        return [_problem(path, f"not valid {'JSON' if path.endswith('.json') else 'UTF-8 text'}: {exc}")]
    return []


def verify_zip(path: str, data: bytes) -> list[Problem]:
    """Open a zip and check the CRC of every member."""
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as zf:
            bad = zf.testzip()
    except (zipfile.BadZipFile, OSError, ValueError, EOFError, zlib.error) as exc:
        return [_problem(path, f"the zip does not open ({exc})")]
    return [_problem(path, f"the zip member {bad} is damaged")] if bad else []


CHECKS: dict[str, Callable[[str, bytes, dict], list[Problem]]] = {
    ".pdf": lambda path, data, entry: verify_pdf(path, data, entry.get("pages"), entry.get("paper")),
    ".png": lambda path, data, _entry: verify_png(path, data),
    ".json": lambda path, data, _entry: verify_text(path, data),
    ".html": lambda path, data, _entry: verify_text(path, data),
    ".txt": lambda path, data, _entry: verify_text(path, data),
    ".svg": lambda path, data, _entry: verify_text(path, data),
    ".zip": lambda path, data, _entry: verify_zip(path, data),
}


def verify_file(path: str, data: bytes, entry: dict | None = None) -> list[Problem]:
    """Check one file by its suffix against its manifest entry (pages, paper); other suffixes only need bytes."""
    suffix = path[path.rfind("."):] if "." in path.rsplit("/", 1)[-1] else ""
    check = CHECKS.get(suffix.lower())
    if check is None:
        return []
    if suffix.lower() == ".pdf" and entry is not None and entry.get("pages") is None:
        return [_problem(path, "a PDF without a page count in the manifest")]
    return check(path, data, entry or {})
