// The generic table: any game, drawn from its view and its legal actions alone. The view's own keys
// are readable panels (a list with one entry per player is shown per player); the actions are
// grouped choices from their data (`to_json()`): first the kind, then each field in turn, so a long
// list is a few short ones. A game with its own renderer replaces what it draws better.
import { html } from "./html.js";
import { t } from "./i18n.js";
import { SeatPanel, eventPlayers, winnersText } from "./game_parts.js";
import { actionTokens, tokenText } from "./tokens.js";

/** The keys every view has (the envelope); the panels show the game's own keys. */
export const ENVELOPE = ["game", "players", "viewer", "phase", "to_move", "seq", "pending", "is_over", "options"];
const MAX_DEPTH = 4;

const words = (text) => String(text).replace(/_/g, " ");

function isScalar(value) {
  return value === null || ["string", "number", "boolean"].includes(typeof value);
}

function scalarText(value) {
  if (value === null) return "—";
  if (value === true) return t("yes");
  if (value === false) return t("no");
  return String(value);
}

/** A value of the view as text and nested lists (never HTML). */
export function Value({ value, depth = 0, players = 0, name }) {
  if (isScalar(value)) return html`<span class="value">${scalarText(value)}</span>`;
  if (depth >= MAX_DEPTH) return html`<span class="value">${JSON.stringify(value)}</span>`;
  if (Array.isArray(value)) {
    if (value.length === 0) return html`<span class="value muted">—</span>`;
    if (value.every(isScalar) && !(players && value.length === players)) {
      return html`<span class="value">${value.map(scalarText).join(", ")}</span>`;
    }
    const perPlayer = players > 0 && value.length === players;
    return html`<dl class="value-list">
      ${value.map((item, index) => html`<div class="entry"><dt>${perPlayer && name ? name(index) : String(index + 1)}</dt>
        <dd><${Value} value=${item} depth=${depth + 1} name=${name} /></dd></div>`)}
    </dl>`;
  }
  const entries = Object.entries(value);
  if (entries.length === 0) return html`<span class="value muted">—</span>`;
  return html`<dl class="value-list">
    ${entries.map(([key, item]) => html`<div class="entry"><dt>${words(key)}</dt>
      <dd><${Value} value=${item} depth=${depth + 1} players=${players} name=${name} /></dd></div>`)}
  </dl>`;
}

/** The view's own keys, one panel each. */
export function Panels({ view, name }) {
  const keys = Object.keys(view).filter((key) => !ENVELOPE.includes(key));
  return html`<div class="generic-panels">
    ${keys.map((key) => html`<section class="generic-panel card-panel" data-key=${key}>
      <h3>${words(key)}</h3>
      <${Value} value=${view[key]} players=${view.players} name=${name} />
    </section>`)}
  </div>`;
}

/** @param {import("./renderer_contract.js").TableProps} props */
function Table({ view, seat, picker, recent, name }) {
  const highlighted = eventPlayers(recent);
  const players = [...Array(view.players).keys()];
  return html`<div class="generic">
    <div class="opponents">${players.map((player) => html`<${SeatPanel} player=${player} view=${view} seat=${seat}
      picker=${picker} name=${name} recent=${highlighted} />`)}</div>
    <p class="muted">${t("Phase: {phase}", { phase: words(view.phase) })}</p>
    <${Panels} view=${view} name=${name} />
  </div>`;
}

/** @type {import("./renderer_contract.js").Renderer} */
export default {
  Table,
  tokens: (entry) => actionTokens(entry.action),
  /** The picture draws the players (their panels are pickable); every other choice is a button. */
  drawn: () => false,
  tokenLabel: (token) => tokenText(token, words),
  kindText: (pending) => words(pending.kind),
  resultText: (view, name) => winnersText(view, name),
};
