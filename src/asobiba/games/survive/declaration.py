"""The declaration of survive: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="survive",
    game="asobiba.games.survive:GAME",
    evaluator="asobiba.games.survive.bots:evaluate",
    # hard: PIMC around the heuristic with explorers placed in stacks near the escape spaces
    # (bots.choose_hard): in a turn, its move, ending, and the heuristic's next best steps played out
    # to the end of the turn with the heuristic and judged by bots.evaluate; a budget of samples, not
    # of time (the numbers are in bots/levels.py).
    hard_settings={
        "search": "pimc",
        "base": "asobiba.games.survive.bots:choose_hard",
        "candidates": "asobiba.games.survive.bots:candidates",
        "max_candidates": 3,
        "cut": "asobiba.games.survive.bots:turn_over",
        "rollout_depth": 40,
        "samples": 16,
    },
    screen="asobiba.games.survive.screen",
    screen_fit="asobiba.games.survive.screen_fit",
    web_renderer="asobiba.games.survive:renderer.js",
    web_style="asobiba.games.survive:renderer.css",
    rules="asobiba:rules/survive.{lang}.md",
    locale="asobiba.games.survive:locale",
    # Survive! games last 300 moves or more and a heuristic move costs about a millisecond.
    analysis_rollout_depth=8,
    rl="asobiba.games.survive.rl:RL",
)
