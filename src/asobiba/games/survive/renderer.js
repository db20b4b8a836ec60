// The Island / Survive!: the hex board with terrain, explorers, boats and creatures.
import { html } from "asobiba/html.js";
import { N_, t, word } from "asobiba/i18n.js";
import { SeatPanel, eventPlayers, playerOf, winnersText } from "asobiba/game_parts.js";

const DOMAIN = "survive";
/** The board (a copy of asobiba.games.survive.board.MAP; a test keeps them equal). */
export const MAP = [
  [0, 2, "......."],
  [1, 0, "ES.........E"],
  [2, 0, "..........S"],
  [3, 1, "...LLLL..."],
  [4, 0, "...LLLLL..."],
  [5, 0, "..LLLLLLLL.."],
  [6, 0, "..LLLSLLL.."],
  [7, 0, "..LLLLLLLL.."],
  [8, 0, "...LLLLL..."],
  [9, 1, "...LLLL..."],
  [10, 0, "S.........."],
  [11, 0, "E.........SE"],
  [12, 2, "......."],
];
const R = 20;
const W = Math.sqrt(3) * R;
const TERRAIN = { beach: "#f3dc8d", forest: "#4f9a4a", mountain: "#9b9b9b" };
const SEA = "#7fb2df";
/** Colour and shape per explorer colour: told apart without colour too. */
const COLOURS = {
  red: { fill: "#D55E00", shape: "circle" },
  blue: { fill: "#0072B2", shape: "square" },
  yellow: { fill: "#F0E442", shape: "triangle" },
  green: { fill: "#009E73", shape: "diamond" },
};
const KIND_TEXT = {
  place_explorer: N_("place one of your explorers on an empty land tile"),
  place_boat: N_("place a boat on a sea space next to the island"),
  move: N_("move explorers or boats (3 points), play a held tile, or end your moves"),
  dolphin: N_("dolphin: move your swimmer up to 3 spaces"),
  winds: N_("favourable winds: sail a boat up to 3 spaces"),
  jump: N_("move the creature"),
  remove_tile: N_("remove a land tile (beach first, then forest, then mountain)"),
  boat_tile: N_("board the boat that just appeared"),
  creature: N_("move the creature the die chose"),
  counter: N_("play a counter tile or decline"),
};

export function cellXY(row, column) {
  return [W / 2 + 4 + column * W + (row % 2 === 0 ? W / 2 : 0), R + 4 + row * 1.5 * R];
}

const HEX = [...Array(6).keys()]
  .map((i) => {
    const angle = (Math.PI / 180) * (60 * i - 30);
    return `${(R * Math.cos(angle)).toFixed(2)},${(R * Math.sin(angle)).toFixed(2)}`;
  })
  .join(" ");

function Shape({ shape, fill, stroke, ...at }) {
  const [x, y, size] = [Number(at.x), Number(at.y), Number(at.size)];
  if (shape === "square") return html`<rect x=${x - size} y=${y - size} width=${size * 2} height=${size * 2} fill=${fill} stroke=${stroke} />`;
  if (shape === "triangle")
    return html`<polygon points=${`${x},${y - size * 1.2} ${x - size * 1.1},${y + size * 0.8} ${x + size * 1.1},${y + size * 0.8}`} fill=${fill} stroke=${stroke} />`;
  if (shape === "diamond")
    return html`<polygon points=${`${x},${y - size * 1.3} ${x + size * 1.1},${y} ${x},${y + size * 1.3} ${x - size * 1.1},${y}`} fill=${fill} stroke=${stroke} />`;
  return html`<circle cx=${x} cy=${y} r=${size} fill=${fill} stroke=${stroke} />`;
}

function Explorer({ explorer, picker, picked, recent, ...at }) {
  const [x, y] = [Number(at.x), Number(at.y)];
  const style = COLOURS[explorer.colour];
  const props = picker.pick(explorer.id, explorer.id) || {};
  return html`<g ...${props} class=${`explorer ${props.class || ""} ${picked ? "picked" : ""} ${recent ? "recent" : ""}`}
    data-explorer=${explorer.id} aria-label=${props["aria-label"] || explorer.id}>
    <${Shape} shape=${style.shape} x=${x} y=${y} size="6" fill=${style.fill} stroke=${picked ? "#fff" : "#222"} />
    ${explorer.value !== undefined
      ? html`<text x=${x} y=${y + 3} font-size="7" text-anchor="middle" fill=${explorer.colour === "yellow" ? "#000" : "#fff"}>${explorer.value}</text>`
      : null}
  </g>`;
}

function Creature({ kind, x, y }) {
  const label = word(DOMAIN, kind);
  if (kind === "shark")
    return html`<g class="creature" aria-label=${label}><polygon points=${`${x - 6},${y + 4} ${x + 1},${y - 8} ${x + 6},${y + 4}`} fill="#555" stroke="#fff" /></g>`;
  if (kind === "whale")
    return html`<g class="creature" aria-label=${label}><ellipse cx=${x} cy=${y} rx="8" ry="5" fill="#1f3b73" stroke="#fff" /><text x=${x} y=${y + 3} font-size="7" text-anchor="middle" fill="#fff">W</text></g>`;
  return html`<g class="creature" aria-label=${label}><path d=${`M${x - 8},${y} q4,-7 8,0 t8,0`} fill="none" stroke="#6a1b9a" stroke-width="3.5" /><text x=${x} y=${y + 9} font-size="7" text-anchor="middle" fill="#3b0a57">S</text></g>`;
}

function Board({ view, picker, recent }) {
  const explorersAt = {};
  for (const explorer of view.explorers) {
    if (explorer.cell) (explorersAt[explorer.cell] ||= []).push(explorer);
  }
  const boatAt = Object.fromEntries(view.boats.map((boat) => [boat.cell, boat]));
  const creaturesAt = {};
  for (const [kind, cells] of Object.entries(view.creatures)) for (const cell of cells) (creaturesAt[cell] ||= []).push(kind);
  const recentCells = new Set();
  for (const event of recent || []) for (const value of Object.values(event)) if (typeof value === "string" && /^r\d+c\d+$/.test(value)) recentCells.add(value);
  const width = W * 12.5 + 8;
  const height = 1.5 * R * 12 + 2 * R + 8;
  const cells = [];
  const pieces = [];
  for (const [row, first, letters] of MAP) {
    [...letters].forEach((letter, i) => {
      const column = first + i;
      const name = `r${row}c${column}`;
      const [x, y] = cellXY(row, column);
      const terrain = view.tiles[name];
      const fill = letter === "E" ? "#d9c38a" : terrain ? TERRAIN[terrain] : SEA;
      const props = picker.pick(name, name) || {};
      cells.push(html`<g ...${props} class=${`hex ${props.class || ""} ${picker.isPicked(name) ? "picked" : ""} ${recentCells.has(name) ? "recent" : ""}`}
        data-cell=${name} aria-label=${props["aria-label"] || name}>
        <polygon points=${HEX} transform=${`translate(${x} ${y})`} fill=${fill} stroke="#2d5d86" stroke-width="1" />
        ${letter === "E" ? html`<text x=${x} y=${y + 3} font-size="8" text-anchor="middle">${t("safe")}</text>` : null}
        ${terrain === "mountain" ? html`<path d=${`M${x - 9},${y + 7} l6,-10 l3,4 l3,-7 l6,13 z`} fill="#6d6d6d" />` : null}
        ${terrain === "forest" ? html`<path d=${`M${x - 5},${y + 8} l5,-14 l5,14 z`} fill="#2e6b2b" />` : null}
      </g>`);
      const boat = boatAt[name];
      if (boat) pieces.push(html`<path class="boat" d=${`M${x - 13},${y + 2} h26 l-5,8 h-16 z`} fill="#8b5a2b" stroke="#3b2410" />`);
      (creaturesAt[name] || []).forEach((kind, k) => pieces.push(html`<${Creature} kind=${kind} x=${x - 6 + k * 8} y=${y - 8} />`));
      (explorersAt[name] || []).forEach((explorer, k) => {
        const count = explorersAt[name].length;
        const dx = (k - (count - 1) / 2) * 9;
        pieces.push(html`<${Explorer} explorer=${explorer} x=${x + dx} y=${y + (boat ? -2 : 3)} picker=${picker}
          picked=${picker.isPicked(explorer.id)} recent=${recentCells.has(name)} />`);
      });
    });
  }
  return html`<div class="board-wrap"><svg class="board" viewBox=${`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`} role="group" aria-label=${t("the island")}>
    ${cells}${pieces}
  </svg></div>`;
}

function Unplaced({ view, seat, picker }) {
  const waiting = view.explorers.filter((explorer) => explorer.status === "unplaced" && explorer.player === seat);
  if (!waiting.length) return null;
  return html`<div class="unplaced" aria-label=${t("explorers to place")}>
    <span>${t("Explorers to place (their values):")}</span>
    <svg viewBox=${`0 0 ${waiting.length * 20 + 4} 22`} width=${waiting.length * 28 + 6} height="30">
      ${waiting.map((explorer, i) => html`<${Explorer} explorer=${explorer} x=${12 + i * 20} y="11" picker=${picker}
        picked=${picker.isPicked(explorer.id)} recent=${false} />`)}
    </svg>
  </div>`;
}

function Held({ view, picker }) {
  if (!view.held.length) return null;
  return html`<div class="held" aria-label=${t("your tiles")}>
    ${view.held.map((tile) => {
      const token = `tile:${tile.effect}`;
      const props = picker.pick(token, word(DOMAIN, tile.effect)) || {};
      return html`<span ...${props} class=${`tile ${props.class || ""}`} data-tile=${tile.effect}>${word(DOMAIN, tile.effect)}</span>`;
    })}
  </div>`;
}

function Table({ view, seat, picker, recent, name }) {
  const highlighted = eventPlayers(recent);
  const players = [...Array(view.players).keys()];
  const over = view.is_over && view.result;
  return html`<div class="sv">
    <div class="opponents">${players.map((player) => html`<${SeatPanel} player=${player} view=${view} seat=${seat} picker=${picker} name=${name} recent=${highlighted}>
      <div class="colours">${view.colours[player].map((colour) => html`<svg width="14" height="14" viewBox="0 0 14 14" aria-label=${colour}>
        <${Shape} shape=${COLOURS[colour].shape} x="7" y="7" size="5" fill=${COLOURS[colour].fill} stroke="#222" /></svg>`)}</div>
      <div>${t("rescued: {count}", { count: view.rescued[player] })} · ${t("tiles: {count}", { count: view.held_counts[player] })}</div>
      ${over ? html`<div class="score"><b>${t("{points} points", { points: view.result.scores[player] })}</b></div>` : null}
    </${SeatPanel}>`)}</div>
    <div class="sv-status">
      ${view.moves_left ? html`<span class="tag">${t("move points left: {count}", { count: view.moves_left })}</span>` : null}
      ${view.die ? html`<span class="tag">${t("the die: {creature}", { creature: word(DOMAIN, view.die) })}</span>` : null}
      <span class="muted">${t("tiles left: beach {beach}, forest {forest}, mountain {mountain}", view.tiles_left)}</span>
    </div>
    <${Unplaced} view=${view} seat=${seat} picker=${picker} />
    <${Board} view=${view} picker=${picker} recent=${recent} />
    <${Held} view=${view} picker=${picker} />
    ${over ? html`<div class="rescued-reveal"><h4>${t("Rescued explorers")}</h4>
      ${view.explorers.some((e) => e.status === "rescued") ? null : html`<span class="muted">${t("none")}</span>`}
      ${view.explorers.filter((e) => e.status === "rescued").map((e) => html`<span class="tag">${e.id}: ${e.value ?? "?"}</span>`)}</div>` : null}
  </div>`;
}

const CELL = /^r\d+c\d+$/;
/** Copies of the engine's tables (asobiba.games.survive.data; a test keeps them equal): an action's
 * data names explorers, creatures and tiles by their index in these. */
export const COLOUR_ORDER = ["red", "blue", "yellow", "green"];
export const EXPLORERS_PER_COLOUR = 10;
export const CREATURES = ["serpent", "shark", "whale"];
export const EFFECTS = ["shark", "whale", "boat", "whirlpool", "volcano", "dolphin", "winds", "move-serpent", "move-shark", "move-whale", "kill-shark", "kill-whale"];
/** The cells' names in the engine's order (row by row, as MAP lists them). */
export const CELL_NAMES = MAP.flatMap(([row, first, letters]) => [...letters].map((_, i) => `r${row}c${first + i}`));
const explorerName = (explorer) => `${COLOUR_ORDER[Math.floor(explorer / EXPLORERS_PER_COLOUR)]}#${(explorer % EXPLORERS_PER_COLOUR) + 1}`;

export default {
  Table,
  /** From the action's data: a tile, an explorer and what it does, cells, then a creature. */
  tokens({ action }) {
    switch (action.kind) {
      case "play_tile":
        return [`tile:${EFFECTS[action.effect]}`];
      case "board_boat":
        return [explorerName(action.explorer), "board"];
      case "escape":
        return [explorerName(action.explorer), "escape"];
      case "move_creature":
        return [CELL_NAMES[action.source], CELL_NAMES[action.target], CREATURES[action.creature]];
      case "place_explorer":
      case "move_explorer":
        return [explorerName(action.explorer), CELL_NAMES[action.cell]];
      case "place_boat":
      case "remove_tile":
        return [CELL_NAMES[action.cell]];
      case "sail_boat":
        return [CELL_NAMES[action.source], CELL_NAMES[action.target]];
      default:
        return [];
    }
  },
  drawn: (token) => CELL.test(token) || token.includes("#") || token.startsWith("tile:") || playerOf(token) !== null,
  tokenLabel(token) {
    if (token.startsWith("tile:")) return word(DOMAIN, token.slice(5));
    if (token === "board") return t("board the boat");
    if (token === "escape") return t("escape to the safe island");
    if (["serpent", "shark", "whale"].includes(token)) return word(DOMAIN, token);
    return token;
  },
  kindText: (pending) => t(KIND_TEXT[pending.kind] || pending.kind),
  resultText: (view, name) => winnersText(view, name),
};
