"""Bounded reads of input text files: a device, a folder or a huge file is a clear problem, never a hang."""

from __future__ import annotations

import os
import stat
import unicodedata
from pathlib import Path

from .problems import CheckFailed, Problem

MAX_INPUT_BYTES = 4 * 1024 * 1024  # no input of the kit comes near this: a larger file is not what it claims


def nfc(text: str) -> str:
    """Text in Unicode normal form C: a letter and its combining accent (е + U+0308) as the one character the fonts
    draw (ё), whatever form the editor saved. Every input text (content, rules sources, catalogs) goes through it
    before its glyphs are checked or it is laid out."""
    return text if text.isascii() else unicodedata.normalize("NFC", text)


def read_text(path: Path, what: str, limit: int = MAX_INPUT_BYTES, shown: str | None = None,
              rule: str = "format.file") -> tuple[str | None, Problem | None]:
    """Read a UTF-8 text file (BOM and CRLF allowed) of at most limit bytes, or explain why it cannot be read."""
    def fail(msg: str, hint: str) -> tuple[None, Problem]:
        return None, Problem("format", rule, msg, file=shown or str(path), hint=hint)
    try:
        mode = os.stat(path).st_mode
        if stat.S_ISDIR(mode):
            return fail(f"the {what} path is a folder, not a file", f"give the path of the {what} file itself")
        if not stat.S_ISREG(mode):
            return fail(f"the {what} path is a device or pipe, not a file", f"give the path of the {what} file")
        with Path(path).open("rb") as fh:  # bounded read: the file may grow, or be replaced by something endless
            data = fh.read(limit + 1)
    except FileNotFoundError:
        return fail(f"no {what} file here", "check the path, or restore the file (e.g. `git checkout FILE`)")
    except OSError as exc:
        return fail(f"cannot read the {what}: {exc.strerror or exc}", "check the file's permissions")
    if len(data) > limit:
        return fail(f"the {what} file is larger than {limit} bytes, far too large", f"is this really the {what}?")
    if b"\0" in data:
        return fail(f"the {what} is a binary file (it contains NUL bytes)", f"save the {what} as plain UTF-8 text")
    try:
        text = data.decode("utf-8-sig")
    except UnicodeDecodeError as exc:
        return fail(f"the {what} is not UTF-8 text (byte {exc.start} cannot be decoded)", "save the file as UTF-8")
    return nfc(text.replace("\r\n", "\n").replace("\r", "\n")), None


def read_input(path: Path, what: str, shown: str | None = None, limit: int = MAX_INPUT_BYTES) -> str:
    """read_text for a build input: raise CheckFailed naming the file when it cannot be read."""
    text, problem = read_text(path, what, limit, shown)
    if problem is not None:
        raise CheckFailed([problem])
    return text
