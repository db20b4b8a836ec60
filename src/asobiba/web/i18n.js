// The page's text: English in the code, Japanese from i18n.json (exported from the project's .po
// catalogs by `python -m asobiba.web.catalog`; one source of truth). Each game's title, "how to
// play" and words come with the list of games (GET /api/games).
import { loadGames } from "./games.js";

/** @typedef {import("./games.js").Texts} Texts */
/** A language the page speaks. @typedef {"en" | "ja"} Lang */

/** The page's messages in Japanese (i18n.json's "ja"), by domain. @type {{web: Object<string, string>}} */
let catalog = { web: {} };
/** Each game's words in Japanese, by its catalog's domain. @type {Object<string, Object<string, string>>} */
const words = {};
/** @type {Object<string, Texts>} */
const howto = {};
/** @type {Object<string, Texts>} */
const titles = {};
/** @type {Lang} */
let lang = "en";

/** @type {Array<Lang>} */
export const LANGUAGES = ["en", "ja"];

/** Whether `text` is a language the page speaks. @param {unknown} text @returns {text is Lang} */
export function isLanguage(text) {
  return text === "en" || text === "ja";
}

export async function loadCatalog() {
  const [data, games] = await Promise.all([fetch("/i18n.json").then((response) => response.json()), loadGames()]);
  catalog = data.ja;
  for (const game of games) {
    titles[game.name] = game.title;
    howto[game.name] = game.howto;
    if (game.words) words[game.words.domain] = game.words.ja;
  }
  const stored = localStorage.getItem("asobiba.lang");
  lang = isLanguage(stored) ? stored : (navigator.language || "en").startsWith("ja") ? "ja" : "en";
  document.documentElement.lang = lang;
}

export function currentLang() {
  return lang;
}

/** @param {Lang} next */
export function setLang(next) {
  lang = next;
  localStorage.setItem("asobiba.lang", next);
  document.documentElement.lang = next;
}

/** @param {string} text @param {Object<string, unknown>} [fields] */
function format(text, fields) {
  if (!fields) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name) => (name in fields ? String(fields[name]) : whole));
}

/** A message of the page ("web" catalog), with {name} fields.
 * @param {string} message @param {Object<string, unknown>} [fields] @returns {string} */
export function t(message, fields) {
  const text = lang === "ja" ? catalog.web[message] || message : message;
  return format(text, fields);
}

/** Items as a list in running text: "Aki, Ken" / 「あき、ケン」 (as core.i18n.list_text). @param {Array<string>} items */
export function listText(items) {
  return items.join(lang === "ja" ? "、" : ", ");
}

/** Whole sentences one after another: a space between them in English, none after Japanese 。.
 * @param {Array<string | null | undefined | false>} parts */
export function sentences(parts) {
  return parts.filter(Boolean).join(lang === "ja" ? "" : " ");
}

/** Marks a message for extraction without translating it now (tables of messages). @param {string} message */
export function N_(message) {
  return message;
}

/** A game word (a suit, a creature, a terrain) in the reader's language, from the game's catalog.
 * @param {string} domain @param {string} text @returns {string} */
export function word(domain, text) {
  if (lang !== "ja") return text;
  const known = words[domain] || {};
  return known[text] || text;
}

/** The first paragraph of a game's rules page, in the reader's language. @param {string} game */
export function howToPlay(game) {
  const texts = howto[game];
  return (texts && (texts[lang] || texts.en)) || "";
}

/** A game's title in the reader's language. @param {string} game */
export function gameTitle(game) {
  const texts = titles[game];
  return (texts && (texts[lang] || texts.en)) || game;
}
