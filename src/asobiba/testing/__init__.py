"""The conformance kit: :func:`check_game` runs on any game the checks asobiba's own tests run on its
games, so that a game in another package proves in its own repository that it plays everywhere.

Like PettingZoo's ``api_test`` and Gymnasium's ``check_env``::

    from asobiba.testing import check_game

    def test_my_game_keeps_the_contract() -> None:
        check_game("my-game")

It plays ``seeds`` random games per check (plain :class:`random.Random` seeds ``0 … seeds - 1``,
so a failure names the seed that reproduces it) and checks: random play-outs end and keep the
contract at every step (JSON-ready views and events, no seed in them, events as ``seen_by`` gives
them, the notation read back exactly); records replay every view and event; the setup's events;
core's ``clone()`` is enough; determinization keeps the view and depends only on it, and samples play
on to the end; illegal actions, garbage, odd values at every entry, corrupt records and bad options
are refused with the right error and change nothing; the view envelope and the game's JSON Schema;
legality without side effects; and, for a game with secret options, that they are redacted.

What is checked follows the game's capabilities (:func:`~asobiba.testing.capabilities.capabilities`):
the numbers of players it takes, whether it starts at a chance node, its secret options. A failure is
a :class:`ConformanceError` (an ``AssertionError``) naming the check, the seed and what is wrong.

Importing this package imports neither pytest nor hypothesis; the schema check needs ``jsonschema``
(``pip install asobiba[testing]``).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from asobiba.core.registry import get_game
from asobiba.testing.capabilities import Capabilities, capabilities
from asobiba.testing.contract import check_clone, check_playout, check_replay, check_round_trip, check_start
from asobiba.testing.determinization import check_determinization, check_samples_play_on
from asobiba.testing.errors import ConformanceError
from asobiba.testing.redaction import SecretValues, check_secret_options
from asobiba.testing.untrusted import check_bad_options, check_corrupt_records, check_odd_inputs, check_refusals
from asobiba.testing.views import check_legality, check_views

#: Random games each check plays, unless told otherwise.
SEEDS = 3

#: Every check run on each seed, by name: a function ``(game, seed) -> None``.
CHECKS: dict[str, Callable[[str, int], None]] = {
    "playout": check_playout,
    "replay": check_replay,
    "start": check_start,
    "clone": check_clone,
    "determinization": check_determinization,
    "samples": check_samples_play_on,
    "refusals": check_refusals,
    "corrupt_records": check_corrupt_records,
    "bad_options": check_bad_options,
    "odd_inputs": check_odd_inputs,
    "views": check_views,
    "legality": check_legality,
}


@dataclass
class CheckReport:
    """What :func:`check_game` ran (check names, each on every seed) and what it left out, and why."""

    game: str
    seeds: int
    passed: list[str] = field(default_factory=list)
    skipped: dict[str, str] = field(default_factory=dict)


def check_game(name: str, seeds: int = SEEDS, secret_values: SecretValues | None = None) -> CheckReport:
    """Run every check of the kit on the game called ``name``, ``seeds`` random games each; raise
    :class:`ConformanceError` at the first failure.

    ``secret_values(players)`` gives values for every secret option the game declares (a deck order,
    a layout: only the game knows what is valid), to check that they are redacted; without it a game
    that declares secret options has that check skipped (the report says so).
    """
    get_game(name)  # UnknownGame first, with the reason
    report = CheckReport(game=name, seeds=seeds)
    for check_name, check in CHECKS.items():
        for seed in range(seeds):
            check(name, seed)
        report.passed.append(check_name)
    secrets = capabilities(name).secret_options
    if not secrets:
        report.skipped["secret_options"] = "the game declares no secret option"
    elif secret_values is None:
        report.skipped["secret_options"] = "no secret_values given for " + ", ".join(secrets)
    else:
        for seed in range(seeds):
            check_secret_options(name, seed, secret_values)
        report.passed.append("secret_options")
    return report


__all__ = [
    "CHECKS",
    "SEEDS",
    "Capabilities",
    "CheckReport",
    "ConformanceError",
    "SecretValues",
    "capabilities",
    "check_bad_options",
    "check_clone",
    "check_corrupt_records",
    "check_determinization",
    "check_game",
    "check_legality",
    "check_odd_inputs",
    "check_playout",
    "check_refusals",
    "check_replay",
    "check_round_trip",
    "check_samples_play_on",
    "check_secret_options",
    "check_start",
    "check_views",
]
