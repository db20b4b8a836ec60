"""Determinization, what search and the bots rest on: a sample keeps its player's view, depends only on
it, and is a real position the rules play on to the end. A view that shows a player more than the
game's ``_resample_hidden`` treats as hidden (another's card) fails here: the sample changes it."""

from __future__ import annotations

import random

from asobiba.testing.capabilities import capabilities
from asobiba.testing.errors import expect
from asobiba.testing.playing import all_views, sampled_positions

#: Positions of a play-out sampled for every player.
SAMPLED_POSITIONS = 6
#: Samples played on to the end per play-out.
PLAYED_SAMPLES = 3


def check_determinization(name: str, seed: int) -> None:
    """At a few positions of a random game, for every player: the sample shows him the same view, is a
    function of its seed, depends on nothing he cannot see, and offers the player to move the same
    legal actions."""
    sample_seed = random.Random(seed).getrandbits(16)
    for state in sampled_positions(name, seed, SAMPLED_POSITIONS):
        where = f"{name} (seed {seed}, seq {state.seq})"
        for player in range(state.players):
            sample = state.determinize(player, sample_seed)
            expect(
                sample.view(player) == state.view(player),
                f"{where}: p{player}'s view changed by determinize (it shows him what his sample redraws)",
            )
            again = state.determinize(player, sample_seed)
            expect(all_views(again) == all_views(sample), f"{where}: determinize is not a function of its seed")
            other = sample.determinize(player, sample_seed + 1)
            expect(
                all_views(other) == all_views(state.determinize(player, sample_seed + 1)),
                f"{where}: p{player}'s sample depends on more than his view",
            )
            if state.to_move == player:
                expect(
                    {str(action) for action in sample.legal_actions()}
                    == {str(action) for action in state.legal_actions()},
                    f"{where}: p{player}'s sample offers him other actions",
                )


def check_samples_play_on(name: str, seed: int) -> None:
    """A sample is a position the rules can finish: search plays whole games from samples."""
    rng = random.Random(seed)
    sample_seed = rng.getrandbits(16)
    longest = capabilities(name).longest_game
    for state in sampled_positions(name, seed, PLAYED_SAMPLES):
        sample = state.determinize(rng.randrange(state.players), sample_seed)
        for _ in range(longest):
            if sample.is_over:
                break
            sample.apply(rng.choice(sample.legal_actions()))
        expect(sample.is_over, f"{name} (seed {seed}): a sample did not end within {longest} random decisions")
        expect(isinstance(sample.result()["winners"], list), f"{name}: a finished sample has no winners list")
