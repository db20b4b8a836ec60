// The bot levels a room's seats may have, and which of them the lobby and the waiting room offer for a
// table: every level, but one that plays only some tables (`ppo`, the trained agent) at the player counts
// GET /api/games lists for it (`bot_players`); the server refuses another table, saying why.

/** The bot levels (server/protocol.py `BotLevel`). */
export const BOT_LEVELS = ["random", "easy", "normal", "hard", "ppo"];

/** The levels offered for a table of `players` of the game `entry` (not loaded yet: none that plays only
 * some tables).
 * @param {{bot_players?: Object<string, Array<number>>} | undefined} entry @param {number} players
 * @returns {Array<string>} */
export function offeredBotLevels(entry, players) {
  const limited = (entry && entry.bot_players) || { ppo: [] };
  return BOT_LEVELS.filter((level) => !(level in limited) || limited[level].includes(players));
}
