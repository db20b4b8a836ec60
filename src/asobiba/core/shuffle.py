"""Shuffling a list exactly as :meth:`random.Random.shuffle` does, at less cost.

The rules and bots shuffle short lists many times a second (a deal, a determinized sample). The
standard library's ``shuffle`` calls a Python function per item to draw each index; :func:`shuffle`
draws the same indexes from the same generator in one loop (Fisher–Yates from the end, each index
``j < n`` drawn from ``getrandbits(n.bit_length())`` until below ``n``), so that the list and the
generator's state after it are the very ones ``rng.shuffle(items)`` gives — records, samples and
bots' choices stay the same (``tests/core/test_shuffle.py`` compares both on many seeds and lengths).

>>> import random
>>> mine, theirs = list(range(10)), list(range(10))
>>> shuffle(random.Random(5), mine)
>>> random.Random(5).shuffle(theirs)
>>> mine == theirs
True
"""

from __future__ import annotations

import random
from typing import TypeVar

T = TypeVar("T")


def shuffle(rng: random.Random, items: list[T]) -> None:
    """Shuffle ``items`` in place as ``rng.shuffle(items)`` would (any other generator than a plain
    :class:`random.Random`, whose draws may differ, is left to its own ``shuffle``)."""
    if type(rng) is not random.Random:
        rng.shuffle(items)
        return
    getrandbits = rng.getrandbits
    for i in range(len(items) - 1, 0, -1):
        n = i + 1
        bits = n.bit_length()
        j = getrandbits(bits)
        while j >= n:
            j = getrandbits(bits)
        items[i], items[j] = items[j], items[i]
