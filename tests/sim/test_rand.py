"""generator/sim/rand.py draws exactly what random.Random's shuffle, randrange(n) and choice draw."""

import random

from generator.sim import rand


class Halves(random.Random):
    """A generator whose random() is its own: rand must fall back on the generator's methods."""

    def random(self):
        return 0.5


def test_same_draws_as_the_standard_methods():
    for seed in range(40):
        a, b = random.Random(seed), random.Random(seed)
        for n in (1, 2, 3, 7, 8, 9, 24, 33, 100):
            x, y = list(range(n)), list(range(n))
            a.shuffle(x)
            rand.shuffle(b, y)
            assert x == y
            assert a.randrange(n) == rand.below(b, n)
            assert a.choice("abcdefghij"[:n] or "z") == rand.choice(b, "abcdefghij"[:n] or "z")
        assert a.getstate() == b.getstate()


def test_other_generators_use_their_own_methods():
    a, b = Halves(1), Halves(1)
    x, y = list(range(10)), list(range(10))
    a.shuffle(x)
    rand.shuffle(b, y)
    assert x == y and a.randrange(7) == rand.below(b, 7) and a.choice("abc") == rand.choice(b, "abc")
