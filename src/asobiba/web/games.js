// What the page knows of the games: GET /api/games, loaded once. Each entry names its renderer
// module and its style sheet (served from the game's own package) or none; a game without a renderer
// is drawn by the generic table. The client holds no list of games.
import { genericRenderer } from "./generic.js";

/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").RendererParts} RendererParts */

let listing = null;
/** @type {Map<string, Promise<Renderer>>} */
const renderers = new Map();

/** The games the server offers (the list of GET /api/games), fetched once. */
export function loadGames() {
  if (!listing) {
    listing = fetch("/api/games").then((response) =>
      response.ok ? response.json() : Promise.reject(new Error(response.statusText)),
    );
  }
  return listing;
}

/** Adds the style sheet of the game called `name` (at `href`) to the page; settles when it has
 * loaded (or failed to). Called once per game: loadRenderer keeps its answer. */
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
 * loaded, so that the game's table is never drawn unstyled. */
/** @returns {Promise<Renderer>} */
export function loadRenderer(name) {
  if (!renderers.has(name)) {
    const loading = loadGames().then(async (games) => {
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
  return renderers.get(name);
}
