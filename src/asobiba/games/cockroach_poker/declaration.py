"""The declaration of cockroach-poker: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="cockroach-poker",
    game="asobiba.games.cockroach_poker:GAME",
    hard_settings={},
    screen="asobiba.cli.screens.cockroach_poker",
    rl_encoder="asobiba.rl.encoders.cockroach_poker:CockroachPokerEncoder",
)
