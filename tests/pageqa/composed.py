"""What the face-once tests (test_faces.py, test_faces_booklet.py) compare: a page composed from readings made
before (pageqa/faces.py) against the same page read from itself."""


def close(a, b) -> bool:
    """Two boxes (or points) equal within 1e-3 (pdfium's float noise at another position)."""
    return len(a) == len(b) and all(abs(x - y) < 1e-3 for x, y in zip(a, b))


def assert_reads_as_itself(read, own, run_fields: tuple[str, ...], where=None) -> None:
    """The composed reading `read` gives the runs (run_fields of each, then its box), paint, marks and strokes of
    `own`, the page read from itself."""
    assert [tuple(getattr(r, f) for f in run_fields) for r in read.page.runs] == \
           [tuple(getattr(r, f) for f in run_fields) for r in own.page.runs], where
    assert all(close(r.box, s.box) for r, s in zip(read.page.runs, own.page.runs))
    assert len(read.page.paint) == len(own.page.paint)
    assert all(close(p.box, q.box) and p[1:] == q[1:] for p, q in zip(read.page.paint, own.page.paint))
    assert all(close(p, q) for p, q in zip(read.page.marks + read.page.strokes, own.page.marks + own.page.strokes))


def composed_pages(artifacts, book: dict | None = None):
    """Every page of artifacts read with their placements through one book (pageqa/pages.read_pages), each asserted
    composed from readings made before: (artifact, reading) pairs; once all are given, their count is asserted to be
    every page of artifacts."""
    from generator.pageqa import pages

    book = {} if book is None else book
    count = 0
    for a in artifacts:
        for read in pages.read_pages(a.data, placed=a.placed, book=book):
            assert read.direct is not None, f"{a.path} page {read.page.number} was not composed"
            count += 1
            yield a, read
    assert count == sum(a.pages for a in artifacts)
