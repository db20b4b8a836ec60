// What the page knows of the games: GET /api/games, loaded once. Each entry names its renderer
// module (served from the game's own package) or none; a game without one is drawn by the generic
// table. The client holds no list of games.
import generic from "./generic.js";

let listing = null;
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

/** The renderer of the game called `name`: its own module, or the generic table. */
export function loadRenderer(name) {
  if (!renderers.has(name)) {
    const loading = loadGames().then(async (games) => {
      const entry = games.find((game) => game.name === name);
      if (!entry || !entry.renderer) return generic;
      try {
        const module = await import(entry.renderer);
        return { ...generic, ...module.default };
      } catch (failure) {
        console.error(`the renderer of ${name} did not load; the generic table draws it`, failure);
        return generic;
      }
    });
    renderers.set(name, loading);
  }
  return renderers.get(name);
}
