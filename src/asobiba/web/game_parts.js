import { html } from "./html.js";
import { listText, t } from "./i18n.js";

/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./renderer_contract.js").WireEvent} WireEvent */
/** @typedef {import("./renderer_contract.js").Picker} Picker */
/** @typedef {import("./renderer_contract.js").SeatName} SeatName */

/** Okabe–Ito colours: told apart by colour-blind readers too (shapes and labels go with them). */
export const PALETTE = ["#0072B2", "#E69F00", "#009E73", "#CC79A7", "#56B4E9", "#D55E00", "#F0E442", "#000000"];

/** "p0" -> 0; other tokens -> null. @param {string} token */
export function playerOf(token) {
  const match = /^p(\d{1,2})$/.exec(token);
  return match ? Number(match[1]) : null;
}

/** The players named by an event (to highlight where it happened).
 * @param {Array<WireEvent> | null | undefined} events @returns {Set<number>} */
export function eventPlayers(events) {
  /** @type {Set<number>} */
  const players = new Set();
  for (const event of events || []) {
    for (const key of ["player", "target", "to", "receiver", "giver", "loser", "opponent"]) {
      if (Number.isInteger(event[key])) players.add(event[key]);
    }
  }
  return players;
}

/** Whether ``player`` decides now (never once the game is over: then the winners are marked).
 * @param {View} view @param {number} player */
export function isToMove(view, player) {
  return !view.is_over && view.to_move === player;
}

/** A seat's panel; pickable as "p<player>" when the decision names a player. The seat to move
 * carries data-to-move="true" and a badge; at the end, the winners' panels carry data-winner="true".
 * @param {{player: number, view: View, seat: number | null, picker: Picker, name: SeatName, recent: Set<number>,
 *   children?: import("./html.js").Markup}} props */
export function SeatPanel({ player, view, seat, picker, name, recent, children }) {
  const props = picker.pick(`p${player}`, name(player)) || {};
  const classes = ["seat-panel"];
  const toMove = isToMove(view, player);
  const winner = Boolean(view.is_over && view.result && (view.result.winners || []).includes(player));
  if (player === seat) classes.push("mine");
  if (recent.has(player) && !view.is_over) classes.push("recent");
  if (winner) classes.push("winner");
  if (picker.isPicked(`p${player}`)) classes.push("picked");
  return html`<div ...${props} class=${[...classes, props.class || ""].join(" ")} data-player=${player} data-place=${`seat:${player}`}
    data-to-move=${toMove ? "true" : "false"} data-winner=${winner ? "true" : undefined}>
    <div class="seat-name">${name(player)}${player === seat ? html` <span class="tag you">${t("you")}</span>` : null}
      ${toMove ? html`<span class="to-move-badge">${player === seat ? t("your turn") : t("deciding")}</span>` : null}
      ${winner ? html`<span class="winner-badge">${t("winner")}</span>` : null}</div>
    ${children}
  </div>`;
}

/** The winners and losers of a finished game, in words. @param {View} view @param {SeatName} name */
export function winnersText(view, name) {
  const result = view.result || {};
  const winners = listText((result.winners || []).map(name));
  return winners ? t("Winners: {players}", { players: winners }) : t("Nobody wins.");
}
