// The lobby and the waiting room offer the trained agent (`ppo`) only at the player counts its network
// plays (GET /api/games's `bot_players`); every other level at every table.
import assert from "node:assert/strict";
import { test } from "node:test";
import { offeredBotLevels } from "../../src/asobiba/web/bot_levels.js";

const cockroach = { name: "cockroach-poker", bot_players: { ppo: [4] } };

test("ppo is offered at the player count it was trained for", () => {
  assert.deepEqual(offeredBotLevels(cockroach, 4), ["random", "easy", "normal", "hard", "ppo"]);
});

test("ppo is not offered at another count, nor for a game without a network, nor before the list loads", () => {
  assert.deepEqual(offeredBotLevels(cockroach, 3), ["random", "easy", "normal", "hard"]);
  assert.deepEqual(offeredBotLevels({ bot_players: { ppo: [] } }, 2), ["random", "easy", "normal", "hard"]);
  assert.deepEqual(offeredBotLevels(undefined, 4), ["random", "easy", "normal", "hard"]);
});
