"""A player's grid of six cards and how it scores (``rules/paper_safari.en.md``, "End of a round and scoring").

Cards lie in flat lists by *slot*: ``slot(player, position)``, positions 0–5 being a1 a2 a3 (the
top row) and b1 b2 b3 (the bottom row).
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence

from asobiba.games.paper_safari.actions import MAX_PLAYERS

#: Cards in a player's grid: positions 0–5 are a1 a2 a3 (top row) and b1 b2 b3 (bottom row).
GRID = 6
#: Columns of a grid (2 rows of 3). The research option ``columns`` plays with fewer: the places of the
#: first columns only (:func:`places`), the others staying empty.
COLUMNS = 3


def places(columns: int) -> tuple[int, ...]:
    """The positions of a grid of 2 rows of ``columns`` columns (research option ``columns``; 3 is the game's).

    >>> places(2)  # a1 a2 b1 b2
    (0, 1, 3, 4)
    """
    return tuple(row * COLUMNS + column for row in range(2) for column in range(columns))


def slot(player: int, position: int) -> int:
    """Where ``player``'s card at ``position`` lies in the flat lists ``cards`` and ``face_up``."""
    return player * GRID + position


def grid_slots(player: int) -> slice:
    """``player``'s six places in the flat lists ``cards`` and ``face_up``."""
    return slice(player * GRID, player * GRID + GRID)


#: Every seat's :func:`grid_slots`, in seat order.
ALL_GRID_SLOTS: tuple[slice, ...] = tuple(grid_slots(player) for player in range(MAX_PLAYERS))


# --------------------------------------------------------------------------- scoring


def ditto_candidates(values: Sequence[int | None], position: int) -> list[int]:
    """The numbers a Ditto at ``position`` may take (``values``: ``None`` for a Ditto).

    It takes its left or right neighbour in the row; through other Dittos, the nearest number in
    that direction; at a row's end only the one direction exists; a row without a number gives 0.

    >>> ditto_candidates([None, 4, 7, 1, 1, 1], 0)  # a row end copies the middle card
    [4]
    >>> ditto_candidates([None, None, 7, 1, 1, 1], 0)  # a chain takes the number at its end
    [7]
    >>> ditto_candidates([3, None, 7, 1, 1, 1], 1)
    [3, 7]
    """
    row, column = divmod(position, 3)
    found: list[int] = []
    for step in (-1, 1):
        other = column + step
        while 0 <= other < 3 and values[row * 3 + other] is None:
            other += step
        if 0 <= other < 3:
            number = values[row * 3 + other]
            assert number is not None
            found.append(number)
    return found or [0]


def column_score(numbers: Sequence[int]) -> int:
    """The sum of six numbers, except that a column of two equal numbers counts 0.

    >>> column_score([5, 2, 9, 5, 3, 4])  # a1/b1 are a pair
    18
    """
    total = 0
    for top in range(3):
        if numbers[top] != numbers[top + 3]:
            total += numbers[top] + numbers[top + 3]
    return total


def score_grid(values: Sequence[int | None]) -> tuple[int, list[int]]:
    """A grid's score and the numbers its cards count for (``None`` is a Ditto).

    Each Ditto takes whichever allowed number gives the lower total, column pairs included
    (between equal totals, the one with the higher cards, which helps its owner in a tie).

    >>> score_grid([None, 6, 2, 6, 1, 2])  # Ditto copies 6 and pairs with b1
    (7, [6, 6, 2, 6, 1, 2])
    """
    dittos = [position for position in range(GRID) if values[position] is None]
    if not dittos:
        numbers = [value for value in values if value is not None]
        return column_score(numbers), numbers
    best: tuple[int, list[int]] | None = None
    for choice in itertools.product(*(ditto_candidates(values, position) for position in dittos)):
        numbers = [0 if value is None else value for value in values]
        for position, number in zip(dittos, choice, strict=True):
            numbers[position] = number
        score = column_score(numbers)
        if (
            best is None
            or score < best[0]
            or (score == best[0] and sorted(numbers, reverse=True) > sorted(best[1], reverse=True))
        ):
            best = (score, numbers)
    assert best is not None
    return best


def score_places(values: Sequence[int | None], columns: int) -> tuple[int, list[int]]:
    """A grid's score and the numbers its cards count for, on a grid of ``columns`` columns (research option
    ``columns``): the whole grid is :func:`score_grid`; a smaller one holds number cards only (no Ditto), its
    empty places counted as nothing.

    >>> score_places([4, 2, 0, 4, 5, 0], 2)  # a1/b1 are a pair
    (7, [4, 2, 4, 5])
    """
    if columns == COLUMNS:
        return score_grid(values)
    numbers = [0 if value is None else value for value in values]
    return column_score(numbers), [numbers[position] for position in places(columns)]


def round_winner(scores: Sequence[int], numbers: Sequence[Sequence[int]]) -> int | None:
    """The lowest score wins; among the tied, the player holding the highest card, then the next
    highest, and so on; identical cards: nobody (``None``).

    >>> round_winner([7, 7, 9], [[10, 0, 0, -2, -2, 1], [8, 1, 1, 0, -3, 0]])
    0
    >>> round_winner([7, 7], [[7, 0, 0, 0, 0, 0], [0, 0, 0, 7, 0, 0]]) is None
    True
    """
    lowest = min(scores)
    tied = [player for player, score in enumerate(scores) if score == lowest]
    if len(tied) == 1:
        return tied[0]
    ranks = {player: sorted(numbers[player], reverse=True) for player in tied}
    best = max(ranks.values())
    holders = [player for player in tied if ranks[player] == best]
    return holders[0] if len(holders) == 1 else None
