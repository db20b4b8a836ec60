"""The declaration of paper-safari: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="paper-safari",
    game="asobiba.games.paper_safari:GAME",
    evaluator="asobiba.games.paper_safari.bots:evaluate",
    hard_settings={
        "search": "pimc",
        "candidates": "asobiba.games.paper_safari.bots:candidates",
        "max_candidates": 3,
        "rollout_policy": "asobiba.games.paper_safari.bots:rollout_choose",
        "cut": "asobiba.games.paper_safari.bots:round_over",
        "rollout_depth": 150,
        "samples": 24,
    },
    screen="asobiba.games.paper_safari.screen",
    rl="asobiba.games.paper_safari.rl:RL",
)
