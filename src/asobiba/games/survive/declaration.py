"""The declaration of survive: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="survive",
    game="asobiba.games.survive:GAME",
    evaluator="asobiba.games.survive.bots:evaluate",
    # hard: the heuristic with explorers placed in stacks near the escape spaces (bots.HARD); against
    # normal, one hard and seats rotated, it is among the winners significantly more at 2, 3 and 4
    # players (the numbers are at bots.HARD; at 4 players the edge is small).
    hard_settings={"search": "policy", "policy": "asobiba.games.survive.bots:choose_hard"},
    screen="asobiba.games.survive.screen",
    screen_fit="asobiba.games.survive.screen_fit",
    web_renderer="asobiba.games.survive:renderer.js",
    rules="asobiba:rules/survive.{lang}.md",
    # Survive! games last 300 moves or more and a heuristic move costs about a millisecond.
    analysis_rollout_depth=8,
    rl="asobiba.games.survive.rl:RL",
)
