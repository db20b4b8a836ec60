// What the page knows of the games: GET /api/games, loaded once. Each entry names its renderer
// module and its style sheet (served from the game's own package) or none; a game without a renderer
// is drawn by the generic table. The client holds no list of games.
import { genericRenderer } from "./generic.js";

/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").RendererParts} RendererParts */

/** A text in each language asobiba speaks. @typedef {{en: string, ja: string}} Texts */
/** A value as JSON writes it. @typedef {null | boolean | number | string | Array<Json> | {[key: string]: Json}} Json */

/**
 * An option of a game as GET /api/games lists it (server/option_menu.py `option_entry`).
 * @typedef {object} OptionEntry
 * @property {string} name
 * @property {Json} default
 * @property {Texts} label
 * @property {Texts} help
 * @property {Texts} doc
 * @property {Array<{value: Json, label: Texts, players: Array<number>}> | null} choices the values a
 *   menu offers (null: any value its check takes)
 * @property {boolean} other_values whether the API takes values the menu does not list
 * @property {[number, number] | null} bounds
 * @property {{option: string, value: Json} | null} applies_when
 * @property {boolean} secret
 */

/**
 * A game as GET /api/games lists it (server/routes/games.py `game_summary`, web/games.py `client_entry`).
 * @typedef {object} GameEntry
 * @property {string} name
 * @property {Texts} title
 * @property {number} min_players
 * @property {number} max_players
 * @property {Array<OptionEntry>} options
 * @property {Object<string, Array<number>>} [bot_players] the bot levels that play only some tables (`ppo`), each with the player counts it plays
 * @property {string | null} renderer the address of its renderer module (null: the generic table)
 * @property {string | null} style the address of its style sheet
 * @property {Texts} howto the first paragraph of its rules page
 * @property {{domain: string, ja: Object<string, string>}} words its catalog's short texts in Japanese
 */

/** @type {Promise<Array<GameEntry>> | null} */
let listing = null;
/** @type {Map<string, Promise<Renderer>>} */
const renderers = new Map();

/** The games the server offers (the list of GET /api/games), fetched once.
 * @returns {Promise<Array<GameEntry>>} */
export function loadGames() {
  if (!listing) {
    listing = fetch("/api/games").then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(response.statusText)),
    );
  }
  return listing;
}

/** Adds the style sheet of the game called `name` (at `href`) to the page; settles when it has
 * loaded (or failed to). Called once per game: loadRenderer keeps its answer.
 * @param {string} name @param {string} href */
function addStyle(name, href) {
  const link = document.createElement("link");
  link.rel = "stylesheet";
  link.href = href;
  link.dataset.gameStyle = name;
  /** @type {Promise<void>} */
  const loaded = new Promise((resolve) => {
    link.addEventListener("load", () => resolve(), { once: true });
    link.addEventListener("error", () => {
      console.error(`the style sheet ${href} did not load`);
      resolve();
    }, { once: true });
  });
  document.head.append(link);
  return loaded;
}

/** The renderer of the game called `name`: its own module, or the generic table (its words from the
 * game's own catalog; under a renderer of its own, the parts it does not override). The game's style
 * sheet is added to the page beside it, once, and the renderer is given only when both have
 * loaded, so that the game's table is never drawn unstyled.
 * @param {string} name
 * @returns {Promise<Renderer>} */
export function loadRenderer(name) {
  let loading = renderers.get(name);
  if (!loading) {
    loading = loadGames().then(async (games) => {
      const entry = games.find((game) => game.name === name);
      const styled = entry && entry.style ? addStyle(name, entry.style) : Promise.resolve();
      const generic = genericRenderer(entry && entry.words ? entry.words.domain : "");
      if (!entry || !entry.renderer) return styled.then(() => generic);
      try {
        const [module] = await Promise.all([import(entry.renderer), styled]);
        /** @type {RendererParts} */
        const parts = module.default;
        return { ...generic, ...parts };
      } catch (failure) {
        console.error(`the renderer of ${name} did not load; the generic table draws it`, failure);
        return generic;
      }
    });
    renderers.set(name, loading);
  }
  return loading;
}
