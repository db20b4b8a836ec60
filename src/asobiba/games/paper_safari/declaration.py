"""The declaration of paper-safari: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="paper-safari",
    game="asobiba.games.paper_safari:GAME",
    evaluator="asobiba.games.paper_safari.bots:evaluate",
    hard_settings={"rollout": "random", "prior": 1.0},
    screen="asobiba.cli.screens.paper_safari",
    rl_encoder="asobiba.rl.encoders.paper_safari:PaperSafariEncoder",
)
