// The bot levels a room's seats may have, and which of them the lobby and the waiting room offer for a
// table: every level, but one that plays only some tables (`ppo`, the trained agent) at the player counts
// GET /api/games lists for it (`bot_players`); the server refuses another table, saying why. A level
// chosen before the table changed, and not offered at the new one, falls back to the normal bot.

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

/** The level that stands in for one a table does not offer (every table offers it). */
export const FALLBACK_LEVEL = "normal";

/** The bot level kept when the table's offered levels are `offered`: `level` if offered, else the fallback.
 * @param {string} level @param {Array<string>} offered @returns {string} */
export function keptBotLevel(level, offered) {
  return offered.includes(level) ? level : FALLBACK_LEVEL;
}

/** A seat's kind kept at a table offering the bot levels `offered`: a bot whose level the table does not
 * offer becomes the fallback's bot; a person's seat (`human`, `user:…`) stays.
 * @param {string} kind @param {Array<string>} offered @returns {string} */
export function keptSeatKind(kind, offered) {
  return kind.startsWith("bot:") ? `bot:${keptBotLevel(kind.slice("bot:".length), offered)}` : kind;
}
