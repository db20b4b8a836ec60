"""Core's :func:`asobiba.core.shuffle.shuffle` shuffles exactly as ``random.Random.shuffle``: the same
order and the same generator state afterwards, so that records, samples and bots' choices made
with either are the same."""

from __future__ import annotations

import random

import pytest

from asobiba.core.shuffle import shuffle


@pytest.mark.parametrize("length", [0, 1, 2, 3, 5, 8, 13, 40, 64, 65, 137, 300])
def test_the_order_and_the_generator_state_afterwards_are_those_of_random_shuffle(length: int) -> None:
    for seed in range(200):
        mine, theirs = list(range(length)), list(range(length))
        my_rng, their_rng = random.Random(seed), random.Random(seed)
        shuffle(my_rng, mine)
        their_rng.shuffle(theirs)
        assert mine == theirs
        assert my_rng.getstate() == their_rng.getstate()


def test_a_list_of_any_items_with_repeats_is_shuffled_alike() -> None:
    items = ["b:shark", "b:shark", "f:boat", None, 3, "b:shark"]
    mine, theirs = items[:], items[:]
    shuffle(random.Random("determinize:7"), mine)
    random.Random("determinize:7").shuffle(theirs)
    assert mine == theirs


class _Counting(random.Random):
    """A generator of its own kind: its ``shuffle`` is its own business."""

    def __init__(self, seed: int) -> None:
        super().__init__(seed)
        self.shuffles = 0

    def shuffle(self, x: list[object]) -> None:  # type: ignore[override]
        self.shuffles += 1
        super().shuffle(x)


def test_another_kind_of_generator_shuffles_with_its_own_shuffle() -> None:
    rng = _Counting(3)
    items: list[object] = list(range(20))
    shuffle(rng, items)
    assert rng.shuffles == 1
    expected: list[object] = list(range(20))
    random.Random(3).shuffle(expected)
    assert items == expected
