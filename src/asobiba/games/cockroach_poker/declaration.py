"""The declaration of cockroach-poker: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.hard_settings import HardSettings
from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="cockroach-poker",
    game="asobiba.games.cockroach_poker:GAME",
    # PIMC with a budget of play-out moves, not of time: the same choice on a busy machine
    # (why, and how long it takes: benchmarks/hard_settings.md).
    hard_settings=HardSettings(search="pimc", moves=3000),
    screen="asobiba.games.cockroach_poker.screen_fit:CockroachPokerScreen",
    web_renderer="asobiba.games.cockroach_poker:renderer.js",
    web_style="asobiba.games.cockroach_poker:renderer.css",
    rules="asobiba:rules/cockroach_poker.{lang}.md",
    locale="asobiba.games.cockroach_poker:locale",
    # Analysis rollouts run to the end (benchmarks/hard_settings.md: how long a game lasts).
    analysis_rollout_depth=None,
    rl="asobiba.games.cockroach_poker.rl:RL",
    # Why a move was better, in words, from what the seat knew (the coach, hints, learning verdicts).
    explain="asobiba.games.cockroach_poker.explain:explain",
    move_words="asobiba.games.cockroach_poker.explain:move_words",
    # A guided first game of each rule set, the default (playing cards) first.
    tutorial=[
        "asobiba.games.cockroach_poker:tutorials/trump.toml",
        "asobiba.games.cockroach_poker:tutorials/original.toml",
    ],
)
