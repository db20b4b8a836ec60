// The lobby and the waiting room offer the trained agent (`ppo`) only at the player counts its network
// plays (GET /api/games's `bot_players`); every other level at every table.
// A level chosen before the table changed, and not offered at the new one, falls back to normal.
import assert from "node:assert/strict";
import { test } from "node:test";
import { keptBotLevel, keptSeatKind, offeredBotLevels } from "../../src/asobiba/web/bot_levels.js";

const cockroach = { name: "cockroach-poker", bot_players: { ppo: [4] } };

test("ppo is offered at the player count it was trained for", () => {
  assert.deepEqual(offeredBotLevels(cockroach, 4), ["random", "easy", "normal", "hard", "ppo"]);
});

test("ppo is not offered at another count, nor for a game without a network, nor before the list loads", () => {
  assert.deepEqual(offeredBotLevels(cockroach, 3), ["random", "easy", "normal", "hard"]);
  assert.deepEqual(offeredBotLevels({ bot_players: { ppo: [] } }, 2), ["random", "easy", "normal", "hard"]);
  assert.deepEqual(offeredBotLevels(undefined, 4), ["random", "easy", "normal", "hard"]);
});

test("a bot level the table does not offer falls back to normal; an offered one stays", () => {
  const atThree = offeredBotLevels(cockroach, 3);
  assert.equal(keptBotLevel("ppo", atThree), "normal");
  assert.equal(keptBotLevel("hard", atThree), "hard");
  assert.equal(keptBotLevel("ppo", offeredBotLevels(cockroach, 4)), "ppo");
});

test("a seat's kind follows the table: bot:ppo becomes bot:normal where ppo is not offered, a person's seat stays", () => {
  const atThree = offeredBotLevels(cockroach, 3);
  assert.equal(keptSeatKind("bot:ppo", atThree), "bot:normal");
  assert.equal(keptSeatKind("bot:easy", atThree), "bot:easy");
  assert.equal(keptSeatKind("bot:ppo", offeredBotLevels(cockroach, 4)), "bot:ppo");
  assert.equal(keptSeatKind("human", atThree), "human");
  assert.equal(keptSeatKind("user:aki", atThree), "user:aki");
});
