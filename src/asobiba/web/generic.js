// The generic table: any game, drawn from its view and its legal actions alone. The view's own keys
// are readable panels (a list with one entry per player is shown per player); the actions are
// grouped choices from their data (`to_json()`): first the kind, then each field in turn, so a long
// list is a few short ones. Every word it takes from the game (a key of the view, a phase, a kind of
// decision, a field of an action) is written as the game wrote it with spaces for "_", in the
// reader's language from the game's own catalog (its words, GET /api/games). A game with its own
// renderer replaces what it draws better.
import { html } from "./html.js";
import { t, word } from "./i18n.js";
import { SeatPanel, eventPlayers, winnersText } from "./game_parts.js";
import { actionTokens, tokenText } from "./tokens.js";

/** The keys every view has (the envelope); the panels show the game's own keys. */
export const ENVELOPE = ["game", "players", "viewer", "phase", "to_move", "seq", "pending", "is_over", "options"];
const MAX_DEPTH = 4;
/** The places a tutorial names (`hand`, `result`) among the view's own keys: its panels of the hands,
 * and of the scores (where the result is decided).
 * @param {string} key @returns {string | undefined} */
function placeOf(key) {
  if (["hand", "hands", "my_hand"].includes(key)) return "hand";
  if (["scores", "score", "result"].includes(key)) return "result";
  return undefined;
}

/**
 * A game's word (a key, a phase, a kind: `prizes_left`) in the reader's language.
 * @callback Say
 * @param {string} text
 * @returns {string}
 */

/** The words of the game whose catalog is `domain`: "prizes_left" -> "prizes left", or its translation.
 * @param {string} domain
 * @returns {Say} */
export function gameWords(domain) {
  return (text) => word(domain, String(text).replace(/_/g, " "));
}

/** @param {unknown} value @returns {value is string | number | boolean | null} */
function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

/** @param {string | number | boolean | null} value @param {Say} say */
function scalarText(value, say) {
  if (value === null) return "—";
  if (value === true) return t("yes");
  if (value === false) return t("no");
  if (typeof value === "string") {
    const said = say(value);
    return said === value.replace(/_/g, " ") ? value : said; // a word of the game's catalog, else the value as it is
  }
  return String(value);
}

/**
 * A value of the view as text and nested lists (never HTML).
 * @param {{value: unknown, say: Say, depth?: number, players?: number, name?: (player: number) => string}} props
 * @returns {import("./html.js").Markup}
 */
export function Value({ value, say, depth = 0, players = 0, name }) {
  if (isScalar(value)) return html`<span class="value">${scalarText(value, say)}</span>`;
  if (depth >= MAX_DEPTH || typeof value !== "object") return html`<span class="value">${JSON.stringify(value)}</span>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="value muted">—</span>`;
    if (value.every(isScalar) && !(players && value.length === players)) {
      return html`<span class="value">${value.map((item) => scalarText(item, say)).join(", ")}</span>`;
    }
    const perPlayer = players > 0 && value.length === players;
    return html`<dl class="value-list">
      ${value.map((item, index) => html`<div class="entry"><dt>${perPlayer && name ? name(index) : String(index + 1)}</dt>
        <dd><${Value} value=${item} say=${say} depth=${depth + 1} name=${name} /></dd></div>`)}
    </dl>`;
  }
  const entries = Object.entries(/** @type {object} */ (value));
  if (entries.length === 0) return html`<span class="value muted">—</span>`;
  return html`<dl class="value-list">
    ${entries.map(([key, item]) => html`<div class="entry"><dt>${say(key)}</dt>
      <dd><${Value} value=${item} say=${say} depth=${depth + 1} players=${players} name=${name} /></dd></div>`)}
  </dl>`;
}

/**
 * The view's own keys, one panel each.
 * @param {{view: import("./wire.js").View, say: Say, name: (player: number) => string}} props
 */
export function Panels({ view, say, name }) {
  const keys = Object.keys(view).filter((key) => !ENVELOPE.includes(key));
  return html`<div class="generic-panels">
    ${keys.map((key) => html`<section class="generic-panel card-panel" data-key=${key} data-place=${placeOf(key)}>
      <h3>${say(key)}</h3>
      <${Value} value=${view[key]} say=${say} players=${view.players} name=${name} />
    </section>`)}
  </div>`;
}

/**
 * The generic table of the game whose catalog is `domain` (its `text_domain`).
 * @param {string} domain
 * @returns {import("./renderer_contract.js").Renderer}
 */
export function genericRenderer(domain) {
  const say = gameWords(domain);
  /** @param {import("./renderer_contract.js").TableProps} props */
  function Table({ view, seat, picker, recent, name }) {
    const highlighted = eventPlayers(recent);
    const players = [...Array(view.players).keys()];
    return html`<div class="generic">
      <div class="opponents">${players.map((player) => html`<${SeatPanel} player=${player} view=${view} seat=${seat}
        picker=${picker} name=${name} recent=${highlighted} />`)}</div>
      <p class="muted">${t("Phase: {phase}", { phase: say(view.phase) })}</p>
      <${Panels} view=${view} say=${say} name=${name} />
    </div>`;
  }
  return {
    Table,
    tokens: (entry) => actionTokens(entry.action),
    /** The picture draws the players (their panels are pickable); every other choice is a button. */
    drawn: () => false,
    tokenLabel: (token) => tokenText(token, say),
    kindText: (pending) => say(pending.kind),
    resultText: (view, name) => winnersText(view, name),
  };
}
