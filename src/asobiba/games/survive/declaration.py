"""The declaration of survive: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="survive",
    game="asobiba.games.survive:GAME",
    evaluator="asobiba.games.survive.bots:evaluate",
    hard_settings={"rollout": "random", "prior": 1.0},
    screen="asobiba.cli.screens.survive",
    rl_encoder="asobiba.rl.encoders.survive:SurviveEncoder",
)
