"""Shared test settings."""

from __future__ import annotations

import os

from hypothesis import HealthCheck, settings

# Games are slow examples next to hypothesis' usual ones, and the machine is shared:
# no per-example deadline. CI runs derandomized so a failure there reproduces here.
settings.register_profile(
    "default",
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow],
    print_blob=True,
)
settings.register_profile("ci", parent=settings.get_profile("default"), derandomize=True)
settings.load_profile("ci" if os.environ.get("CI") else "default")

# A module of games for the conformance kit's tests (tests/test_check_game.py puts this folder on the
# path first): no doctests of its own, and it imports kuhn_poker as a top-level module.
collect_ignore = ["broken_games.py"]
