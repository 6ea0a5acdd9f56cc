"""Reproducible zips: same inputs, same bytes; fixed timestamps and permissions."""

import io
import zipfile

from generator.release.pack import zip_bytes


def test_zip_is_byte_identical_and_sorted():
    files = {"b/x.pdf": b"%PDF-1", "a/y.txt": "ciao".encode()}
    one = zip_bytes(files, 1767225600)
    assert one == zip_bytes(dict(reversed(list(files.items()))), 1767225600)
    with zipfile.ZipFile(io.BytesIO(one)) as zf:
        infos = zf.infolist()
        assert [i.filename for i in infos] == ["a/y.txt", "b/x.pdf"]
        assert {i.date_time for i in infos} == {(2026, 1, 1, 0, 0, 0)}
        assert {(i.external_attr >> 16) & 0o777 for i in infos} == {0o644}
        assert zf.read("a/y.txt") == b"ciao"


def test_zip_epoch_before_1980_is_clamped():
    with zipfile.ZipFile(io.BytesIO(zip_bytes({"f": b"1"}, 0))) as zf:
        assert zf.infolist()[0].date_time == (1980, 1, 1, 0, 0, 0)


def test_different_epoch_changes_bytes():
    assert zip_bytes({"f": b"1"}, 1767225600) != zip_bytes({"f": b"1"}, 1767225602)
