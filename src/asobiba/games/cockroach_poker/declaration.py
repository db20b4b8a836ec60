"""The declaration of cockroach-poker: what the registry finds through the ``asobiba.games`` entry point."""

from asobiba.core.registry import GameDeclaration

DECLARATION = GameDeclaration(
    name="cockroach-poker",
    game="asobiba.games.cockroach_poker:GAME",
    # PIMC: IS-MCTS reached 13–90 iterations a decision over 50–160 offers and lost to normal.
    # A budget of play-out moves (about 0.6 s on a free core), not of time: the same choice on a busy machine.
    hard_settings={"search": "pimc", "moves": 3000},
    screen="asobiba.games.cockroach_poker.screen",
    screen_fit="asobiba.games.cockroach_poker.screen_fit",
    web_renderer="asobiba.games.cockroach_poker:renderer.js",
    web_style="asobiba.games.cockroach_poker:renderer.css",
    rules="asobiba:rules/cockroach_poker.{lang}.md",
    locale="asobiba.games.cockroach_poker:locale",
    # Cockroach Poker games last about 30 moves: analysis rollouts run to the end.
    analysis_rollout_depth=None,
    rl="asobiba.games.cockroach_poker.rl:RL",
)
