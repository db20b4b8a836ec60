"""Small statistics for match results: Wilson intervals and percentiles.

>>> low, high = wilson_interval(60, 100)
>>> round(low, 3), round(high, 3)
(0.502, 0.691)
>>> percentile([1.0, 2.0, 3.0, 4.0], 50)
2.5
"""

from __future__ import annotations

import math
from collections.abc import Sequence


def wilson_interval(successes: float, n: float, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval for a proportion ``successes / n`` (95% for ``z=1.96``).

    ``successes`` may be fractional (shared wins count as a fraction of a win). With ``n == 0``
    nothing is known: ``(0.0, 1.0)``.

    >>> wilson_interval(0, 10)[0]
    0.0
    >>> [round(bound, 4) for bound in wilson_interval(5, 10)]
    [0.2366, 0.7634]
    """
    if n < 0 or successes < 0 or successes > n:
        raise ValueError(f"a proportion needs 0 <= successes <= n, not {successes} of {n}")
    if n == 0:
        return 0.0, 1.0
    proportion = successes / n
    z2 = z * z
    denominator = 1.0 + z2 / n
    centre = (proportion + z2 / (2 * n)) / denominator
    half_width = z * math.sqrt(proportion * (1 - proportion) / n + z2 / (4 * n * n)) / denominator
    return max(0.0, centre - half_width), min(1.0, centre + half_width)


def percentile(values: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0–100) by linear interpolation between ranks (numpy's default).

    >>> percentile([5.0], 99)
    5.0
    >>> percentile([0.0, 10.0], 90)
    9.0
    """
    if not values:
        raise ValueError("the percentile of no values is undefined")
    if not 0 <= q <= 100:
        raise ValueError(f"a percentile is between 0 and 100, not {q}")
    ordered = sorted(values)
    position = (len(ordered) - 1) * q / 100
    lower = math.floor(position)
    upper = min(lower + 1, len(ordered) - 1)
    fraction = position - lower
    return ordered[lower] + (ordered[upper] - ordered[lower]) * fraction
