"""Wilson intervals and percentiles, against values computed by hand."""

from __future__ import annotations

import pytest

from asobiba.bots.stats import percentile, wilson_interval


def test_wilson_interval_matches_the_textbook_values() -> None:
    # Newcombe (1998), table I: 81/263 -> 0.2553 to 0.3662; 15/148 -> 0.0624 to 0.1605.
    assert wilson_interval(81, 263) == pytest.approx((0.2553, 0.3662), abs=1e-4)
    assert wilson_interval(15, 148) == pytest.approx((0.0624, 0.1605), abs=1e-4)


def test_wilson_interval_at_the_edges() -> None:
    low, high = wilson_interval(0, 20)
    assert low == 0 and high == pytest.approx(0.1611, abs=1e-4)
    low, high = wilson_interval(20, 20)
    assert high == 1 and low == pytest.approx(0.8389, abs=1e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_wilson_interval_takes_fractional_wins_and_a_wider_z() -> None:
    narrow = wilson_interval(50.5, 100)
    wide = wilson_interval(50.5, 100, z=2.576)
    assert wide[0] < narrow[0] < 0.505 < narrow[1] < wide[1]


def test_wilson_interval_refuses_impossible_counts() -> None:
    with pytest.raises(ValueError):
        wilson_interval(11, 10)


def test_percentile_interpolates_between_ranks() -> None:
    values = [4.0, 1.0, 3.0, 2.0]
    assert percentile(values, 0) == 1.0
    assert percentile(values, 100) == 4.0
    assert percentile(values, 50) == 2.5
    assert percentile(values, 90) == pytest.approx(3.7)
