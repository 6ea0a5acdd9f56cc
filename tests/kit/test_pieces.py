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


def test_the_first_booklets_game_draws_its_other_components_last():
    """The first booklet draws its figures as the other worker starts: its game's components of its language wait
    until the end (their shared art, the Dojo board, is then kept, not drawn by both workers at once)."""
    todo = [(k, i) for k in range(2) for i in BOOKLETS + OTHERS]
    pieces = _pieces(todo, COMPONENTS, 2)
    game = COMPONENTS[BOOKLETS[0]].game
    late = [(0, i) for i in OTHERS if COMPONENTS[i].game == game]
    assert late and [p for (p,) in pieces[-len(late):]] == late
    rest = [p for (p,) in pieces[1:-len(late)]]
    assert rest == [job for job in todo if job not in late and job[1] not in BOOKLETS]  # in their order
    assert any(COMPONENTS[i].game == game for k, i in rest if k == 1)  # another language's keep their place
