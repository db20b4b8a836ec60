"""A finished game's final ranking, as players and ratings read it: winners first, then by score,
ties as ties — and a seat whose player resigned or forfeited on time last, whatever the game says."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any


def final_ranking(result: Mapping[str, Any], players: int, resigned: Sequence[bool]) -> list[int]:
    """Per seat its rank (1 is first; tied seats share a rank, the next rank skips as many)."""
    winners = set(result.get("winners") or [])
    scores = result.get("scores") or []

    def score(seat: int) -> float:
        value = scores[seat] if seat < len(scores) else None
        return float(value) if isinstance(value, (int, float)) and not isinstance(value, bool) else 0.0

    def key(seat: int) -> tuple[bool, bool, float]:
        out = seat < len(resigned) and resigned[seat]
        # a resigned seat is last, among the resigned tied
        return (out, out or seat not in winners, 0.0 if out else -score(seat))

    order = sorted(range(players), key=key)
    ranks = [0] * players
    for index, seat in enumerate(order):
        previous = order[index - 1] if index else None
        ranks[seat] = ranks[previous] if previous is not None and key(previous) == key(seat) else index + 1
    return ranks


__all__ = ["final_ranking"]
