"""Rules booklets typeset with reportlab: A5 booklet imposed on A4 for saddle stitching, and plain A4."""

from __future__ import annotations

from contextlib import contextmanager
from typing import Iterator


@contextmanager
def flate_only() -> Iterator[None]:
    """While a booklet's PDF is made: its streams Flate-compressed only, not ASCII85-encoded on top (a fifth smaller,
    and qpdf copies them into the Letter editions and the imposed booklets as they are). reportlab reads this from
    its documented configuration (rl_config.useA85) when it writes a stream; it is set for this document only and
    put back after, so nothing else in the process that uses reportlab sees it changed."""
    from reportlab import rl_config

    before = rl_config.useA85
    rl_config.useA85 = 0
    try:
        yield
    finally:
        rl_config.useA85 = before
