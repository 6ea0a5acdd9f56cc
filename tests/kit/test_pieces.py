"""How a build hands its components to the workers (kit/build.py _pieces)."""

from generator.kit.build import _pieces
from generator.plan.registry import COMPONENTS

BOOKLETS = [i for i, c in enumerate(COMPONENTS) if "rules" in c.kinds]
OTHERS = [i for i, c in enumerate(COMPONENTS) if "rules" not in c.kinds and not c.from_artifacts]


def test_on_two_workers_one_piece_holds_every_languages_booklets_first():
    todo = [(k, i) for k in range(3) for i, _c in enumerate(COMPONENTS) if i in BOOKLETS or i in OTHERS]
    pieces = _pieces(todo, COMPONENTS, 2)
    assert len(BOOKLETS) == 3 and pieces[0] == tuple((k, i) for k in range(3) for i in BOOKLETS)
    assert all(len(p) == 1 for p in pieces[1:]) and sorted(j for p in pieces for j in p) == sorted(todo)


def test_one_worker_or_few_other_components_keep_each_booklet_its_own_piece():
    todo = [(0, i) for i in BOOKLETS + OTHERS]
    assert _pieces(todo, COMPONENTS, 1) == [((0, i),) for i in BOOKLETS + OTHERS]
    few = [(0, i) for i in BOOKLETS + OTHERS[:2]]  # a rebuild of the booklets and two decks: booklets side by side
    assert _pieces(few, COMPONENTS, 2) == [((0, i),) for i in BOOKLETS + OTHERS[:2]]
    assert _pieces([], COMPONENTS, 2) == []
