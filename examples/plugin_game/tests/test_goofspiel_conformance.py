"""Goofspiel keeps asobiba's contract: the conformance kit every game runs in its own repository."""

from __future__ import annotations

from asobiba.testing import check_game


def test_goofspiel_passes_asobibas_conformance_kit() -> None:
    # prize_order is Goofspiel's secret option: check_game needs a value of it to check it is redacted.
    report = check_game("goofspiel", secret_values=lambda players: {"prize_order": [5, 2, 6, 1]})
    assert "secret_options" in report.passed and not report.skipped
