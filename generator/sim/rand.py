"""Faster equivalents of the random.Random methods the engines call most (shuffle, choice, randrange(n)): the
same draws from the same generator, so a game plays exactly as with the standard methods.

CPython's Random.shuffle, choice and randrange(n) draw through `_randbelow_with_getrandbits` when the generator
is a plain random.Random: k = n.bit_length() bits from getrandbits(k), drawn again while >= n. These functions do
the same without a Python call per element; a generator of any other type (a subclass overriding random()) gets
its own methods. tests/sim/test_rand.py compares them with the standard methods.
"""

from __future__ import annotations

import random

_PLAIN = random.Random


def shuffle(rng: random.Random, x: list) -> None:
    """rng.shuffle(x)."""
    if type(rng) is not _PLAIN:
        rng.shuffle(x)
        return
    getrandbits = rng.getrandbits
    for i in range(len(x) - 1, 0, -1):
        n = i + 1
        k = n.bit_length()
        j = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        x[i], x[j] = x[j], x[i]


def below(rng: random.Random, n: int) -> int:
    """rng.randrange(n) for an int n > 0 (the index rng.choice draws for a sequence of length n)."""
    if type(rng) is not _PLAIN or type(n) is not int or n <= 0:
        return rng.randrange(n)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return j


def choice(rng: random.Random, seq):
    """rng.choice(seq) for a non-empty sequence."""
    if type(rng) is not _PLAIN or not len(seq):
        return rng.choice(seq)
    n = len(seq)
    k = n.bit_length()
    j = rng.getrandbits(k)
    while j >= n:
        j = rng.getrandbits(k)
    return seq[j]
