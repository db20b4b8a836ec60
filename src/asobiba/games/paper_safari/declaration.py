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
        # A budget of play-out moves (about 0.55 s of one core: 8,000 play-out moves a second) rather
        # than of samples: few long play-outs early in a round, many short ones near its end; the same
        # choice on a busy machine (unless the 0.9 s guard stops it first).
        "moves": 4500,
        "samples": 400,
    },
    screen="asobiba.games.paper_safari.screen",
    screen_fit="asobiba.games.paper_safari.screen_fit",
    web_renderer="asobiba.games.paper_safari:renderer.js",
    web_style="asobiba.games.paper_safari:renderer.css",
    rules="asobiba:rules/paper_safari.{lang}.md",
    locale="asobiba.games.paper_safari:locale",
    # Paper Safari games last 300 moves or more and a heuristic move costs about a millisecond.
    analysis_rollout_depth=24,
    rl="asobiba.games.paper_safari.rl:RL",
)
