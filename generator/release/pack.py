"""Reproducible zip archives: sorted entries, fixed timestamps and permissions; every entry name a plain relative
path (zip-slip: an absolute name, `..`, a backslash or a drive would make a naive unzip write above its folder)."""

from __future__ import annotations

import io
import time
import zipfile

from ..output.files import UnsafePath, safe_relpath

ZIP_EPOCH_MIN = 315532800  # 1980-01-01, the earliest date a zip entry can hold
STORED_SUFFIXES = (".pdf", ".png")  # already compressed: deflating again costs time and saves little


def zip_bytes(files: dict[str, bytes], epoch: int) -> bytes:
    """A deflated zip of files (archive path -> bytes) whose bytes depend only on the inputs and epoch."""
    bad = sorted(name for name in files if not safe_relpath(name))
    if bad:
        raise UnsafePath(f"refused to pack the zip entry {bad[0]!r}: an entry name must be a plain relative path "
                         "(no leading /, no .., no backslash or drive)")
    stamp = time.gmtime(max(epoch, ZIP_EPOCH_MIN))[:6]
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as zf:
        for name in sorted(files):
            info = zipfile.ZipInfo(name, date_time=stamp)
            method = zipfile.ZIP_STORED if name.endswith(STORED_SUFFIXES) else zipfile.ZIP_DEFLATED
            info.compress_type = method
            info.create_system = 3
            info.external_attr = 0o100644 << 16
            zf.writestr(info, files[name], compress_type=method, compresslevel=6)
    return buf.getvalue()
