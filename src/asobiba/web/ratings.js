// What the profile and the leaderboard pages share: a rating's name ("Cockroach Poker — Playing cards"),
// a bot level's name, and dates in the reader's language.
import { loadGames } from "./games.js";
import { currentLang, gameTitle, t } from "./i18n.js";

/** @typedef {import("./games.js").Texts} Texts */
/** The names of the games' rule sets, by rating key ("<game>:<rules>"). @typedef {Object<string, Texts>} RuleNames */

/** @type {Object<string, () => string>} */
const LEVELS = {
  random: () => t("random"),
  easy: () => t("easy"),
  normal: () => t("normal"),
  hard: () => t("hard"),
  ppo: () => t("trained (ppo)"),
};

/** A bot level's name ("hard" / 「つよい」). @param {string} level */
export function levelName(level) {
  return (LEVELS[level] || (() => level))();
}

/** The list of games, for the names of their rule sets (loaded once by games.js). @returns {Promise<RuleNames>} */
export async function loadRuleNames() {
  const games = await loadGames().catch(() => []);
  /** @type {RuleNames} */
  const names = {};
  for (const game of games) {
    const rules = (game.options || []).find((option) => option.name === "rules");
    for (const choice of (rules && rules.choices) || []) names[`${game.name}:${choice.value}`] = choice.label;
  }
  return names;
}

/** A rating's key ("<game>" or "<game>:<rules>") in words: the game's title, and its rule set's.
 * @param {string} key @param {RuleNames} ruleNames */
export function ratingTitle(key, ruleNames) {
  const [game] = key.split(":");
  const rules = ruleNames[key];
  if (!rules) return gameTitle(game);
  return `${gameTitle(game)} — ${rules[currentLang()] || rules.en}`;
}

/** An ISO date as the reader writes a day ("—" for none). @param {string | null} iso */
export function dayText(iso) {
  if (!iso) return "—";
  return new Date(iso).toLocaleDateString(currentLang() === "ja" ? "ja-JP" : "en-GB", {
    year: "numeric",
    month: "short",
    day: "numeric",
  });
}

/** Reads a JSON answer; an error answer's message (in the reader's language) as an Error.
 * @param {string} url @returns {Promise<unknown>} */
export async function getJson(url) {
  const response = await fetch(url, { headers: { "accept-language": currentLang() } });
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}
