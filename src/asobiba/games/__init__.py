"""The games. Each entry: name -> "module:attribute" of its Game instance (imported on first use)."""

GAMES: dict[str, str] = {
    "cockroach-poker": "asobiba.games.cockroach_poker:GAME",
    "paper-safari": "asobiba.games.paper_safari:GAME",
    "survive": "asobiba.games.survive:GAME",
}
