"""The bots' fixed ratings, per game and rule set: runs ``asobiba rate``'s ladder of the levels for each
and writes ``src/asobiba/server/accounts/bot_ratings.json`` (what a player's rating is placed among:
"plays like a hard bot"), each entry with the command that made it::

    python scripts/bot_ratings.py [--only cockroach-poker:trump] [--workers 2]

Every ladder is anchored at ``normal``, the level placed at a newcomer's mean (see
:mod:`asobiba.server.accounts.ratings_scale`): its intervals are each level's distance from it. The
budgets are smaller than the README's ladders (``hard``'s games cost seconds each): enough games to
order the levels and give each a spread, which becomes the bot's ``sigma``.
"""

from __future__ import annotations

import argparse
import json
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "src"))

from asobiba.server.accounts.ratings_scale import (  # noqa: E402
    ELO_PER_MU,
    MIDDLE_LEVEL,
    MU,
    mu_from_elo,
    sigma_from_interval,
)

OUT = ROOT / "src" / "asobiba" / "server" / "accounts" / "bot_ratings.json"
LEVELS = "random,easy,normal,hard"

#: game key -> the arguments of ``asobiba rate`` after the game (the levels, anchor and --json are added)
LADDERS: dict[str, list[str]] = {
    "cockroach-poker:trump": [
        "cockroach-poker", "--rules", "trump", "--players", "3", "--duplicate",
        "--games-per-pair", "6", "--max-games-per-pair", "600", "--max-games-with", "hard=120", "--seed", "1",
    ],
    "cockroach-poker:original": [
        "cockroach-poker", "--rules", "original", "--players", "3", "--duplicate",
        "--games-per-pair", "6", "--max-games-per-pair", "600", "--max-games-with", "hard=120", "--seed", "1",
    ],
    "paper-safari": [
        "paper-safari", "--players", "2", "--option", "tokens_to_win=1", "--duplicate",
        "--games-per-pair", "4", "--max-games-per-pair", "600", "--max-games-with", "hard=80", "--seed", "1",
    ],
    "survive": [
        "survive", "--players", "2", "--duplicate",
        "--games-per-pair", "4", "--max-games-per-pair", "80", "--max-games-with", "hard=60", "--seed", "1",
    ],
}  # fmt: skip


def ladder(key: str, workers: int) -> dict[str, object]:
    arguments = [*LADDERS[key], "--bots", LEVELS, "--anchor", MIDDLE_LEVEL, "--workers", str(workers), "--json"]
    command = "asobiba rate " + " ".join(arguments)
    print(f"{key}: {command}", file=sys.stderr, flush=True)
    started = time.monotonic()
    run = [sys.executable, "-c", "from asobiba.cli.main import main; main()", "rate", *arguments]
    output = subprocess.run(run, check=True, capture_output=True, text=True).stdout
    table = json.loads(output)
    minutes = (time.monotonic() - started) / 60
    elo = {entry["bot"]: entry for entry in table["ratings"]}
    middle = elo[MIDDLE_LEVEL]["elo"]
    levels = {
        name: {
            "elo": round(entry["elo"], 1),
            "ci95": [round(entry["ci95"]["low"], 1), round(entry["ci95"]["high"], 1)],
            "mu": round(mu_from_elo(entry["elo"], middle), 3),
            "sigma": round(sigma_from_interval(entry["ci95"]["low"], entry["ci95"]["high"]), 3),
        }
        for name, entry in elo.items()
    }
    games = sum(pair["games"] for pair in table["pairs"])
    print(f"{key}: {games} games in {minutes:.1f} minutes", file=sys.stderr, flush=True)
    return {"command": command, "players": table["players"], "games": games, "levels": levels}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--only", action="append", choices=sorted(LADDERS), help="Run these ladders only (repeatable).")
    parser.add_argument("--workers", type=int, default=1)
    arguments = parser.parse_args()
    table = json.loads(OUT.read_text(encoding="utf-8")) if OUT.exists() else {"ratings": {}}
    table["scale"] = {"mu": MU, "elo_per_mu": round(ELO_PER_MU, 4), "middle_level": MIDDLE_LEVEL}
    table["made_by"] = "python scripts/bot_ratings.py (each entry's command is the ladder it read)"
    for key in arguments.only or list(LADDERS):
        table["ratings"][key] = ladder(key, arguments.workers)
        table["ratings"] = dict(sorted(table["ratings"].items()))
        OUT.write_text(json.dumps(table, ensure_ascii=False, indent=2) + "\n", encoding="utf-8")
        print(f"wrote {OUT.relative_to(ROOT)}", file=sys.stderr, flush=True)


if __name__ == "__main__":
    main()
