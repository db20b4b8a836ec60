// The Island / Survive!: the hex board with terrain, explorers, boats and creatures.
import { useEffect, useRef, useState } from "preact/hooks";
import { html } from "asobiba/html.js";
import { N_, t, word } from "asobiba/i18n.js";
import { SeatPanel, eventPlayers, playerOf, winnersText } from "asobiba/game_parts.js";
import { listen, rove } from "asobiba/roving.js";

/** @typedef {import("asobiba/wire.js").View} View */
/** @typedef {import("asobiba/html.js").Markup} Markup */
/** @typedef {import("asobiba/renderer_contract.js").Picker} Picker */
/** @typedef {import("asobiba/renderer_contract.js").WireEvent} WireEvent */
/** An explorer as the view shows it (its value only to its owner, or once rescued at the end).
 * @typedef {{id: string, colour: string, player: number, cell: string | null, status: string, value?: number}} SurviveExplorer */
/** A piece of a stack the chooser offers. @typedef {{key: string, label: string, props: Object<string, any>}} StackChoice */
/** Where a piece is drawn: numbers, or the numbers' text as a template gives them. @typedef {number | string} At */

const DOMAIN = "survive";
/** The board (a copy of asobiba.games.survive.board.MAP; a test keeps them equal): each row, its first
 * column and its cells.
 * @type {Array<[number, number, string]>} */
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
/** Room at the left and top of the board for the row and column numbers. */
const MARGIN = 16;
/** @type {Object<string, string>} */
const TERRAIN = { beach: "#f3dc8d", forest: "#4f9a4a", mountain: "#9b9b9b" };
const SEA = "#7fb2df";
/** Colour and shape per explorer colour: told apart without colour too. */
/** @type {Object<string, {fill: string, shape: string}>} */
const COLOURS = {
  red: { fill: "#D55E00", shape: "circle" },
  blue: { fill: "#0072B2", shape: "square" },
  yellow: { fill: "#F0E442", shape: "triangle" },
  green: { fill: "#009E73", shape: "diamond" },
};
/** @type {Object<string, string>} */
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
/** @type {Object<string, string>} words for another's decision ("Ken is deciding: …") */
const OTHERS_KIND_TEXT = {
  place_explorer: N_("place one of their explorers on an empty land tile"),
  move: N_("move explorers or boats (3 points), play a held tile, or end their moves"),
  dolphin: N_("dolphin: move their swimmer up to 3 spaces"),
};

/** Where the space r{row}c{column} is drawn. @param {number} row @param {number} column @returns {[number, number]} */
export function cellXY(row, column) {
  return [MARGIN + W / 2 + 4 + column * W + (row % 2 === 0 ? W / 2 : 0), MARGIN + R + 4 + row * 1.5 * R];
}

/** The spaces next to r{row}c{column} (even rows are drawn half a space to the right); none for a
 * text that names no space.
 * @param {string} cell @returns {Array<string>} */
export function neighbours(cell) {
  const match = /^r(\d+)c(\d+)$/.exec(cell);
  if (!match) return [];
  const [row, column] = [Number(match[1]), Number(match[2])];
  const shift = row % 2 === 0 ? 0 : -1;
  return [
    [row, column - 1], [row, column + 1],
    [row - 1, column + shift], [row - 1, column + shift + 1],
    [row + 1, column + shift], [row + 1, column + shift + 1],
  ].map(([r, c]) => `r${r}c${c}`);
}

/** An explorer's name as a reader says it: 赤#3 / red#3. @param {string} id */
export function explorerLabel(id) {
  const [colour, number] = id.split("#");
  return `${word(DOMAIN, colour)}#${number}`;
}

/** An explorer as the reader sees it: "blue 4" (its value known), else "blue on r5c7" (never its id).
 * @param {SurviveExplorer} explorer */
export function explorerWords(explorer) {
  const colour = word(DOMAIN, explorer.colour);
  if (explorer.value !== undefined && explorer.value !== null) return t("{colour} {value}", { colour, value: explorer.value });
  if (explorer.cell) return t("{colour} on {cell}", { colour, cell: explorer.cell });
  return colour;
}

/** Each tile's name, as the game's texts give it (text.py's term; the game's catalog has it in Japanese). */
/** @type {Object<string, string>} */
export const EFFECT_NAMES = {
  shark: "shark",
  whale: "whale",
  boat: "boat",
  whirlpool: "whirlpool",
  volcano: "volcano",
  dolphin: "dolphin",
  winds: "favourable winds",
  "move-serpent": "move a sea serpent",
  "move-shark": "move a shark",
  "move-whale": "move a whale",
  "kill-shark": "kill a shark",
  "kill-whale": "kill a whale",
};

/** A tile's name in the reader's language (its effect's id, such as "kill-shark", is no word). */
const tileName = (/** @type {string} */ effect) => word(DOMAIN, EFFECT_NAMES[effect] || effect);

/** What each tile does, in words (hover, or read under the chip on a phone). */
/** @type {Object<string, string>} */
const EFFECT_TEXT = {
  shark: N_("a shark appears on this space"),
  whale: N_("a whale appears on this space"),
  boat: N_("a boat appears on this space"),
  whirlpool: N_("everything at sea here and next to it is lost"),
  volcano: N_("the volcano erupts: the game ends"),
  dolphin: N_("move one of your swimmers up to 3 sea spaces (on your turn)"),
  winds: N_("move a boat you control up to 3 sea spaces (on your turn)"),
  "move-serpent": N_("move any sea serpent to any empty sea space (on your turn)"),
  "move-shark": N_("move any shark to any empty sea space (on your turn)"),
  "move-whale": N_("move any whale to any empty sea space (on your turn)"),
  "kill-shark": N_("remove a shark entering your swimmer's space (on another's turn)"),
  "kill-whale": N_("remove a whale entering a boat you control (on another's turn)"),
};

const HEX = [...Array(6).keys()]
  .map((i) => {
    const angle = (Math.PI / 180) * (60 * i - 30);
    return `${(R * Math.cos(angle)).toFixed(2)},${(R * Math.sin(angle)).toFixed(2)}`;
  })
  .join(" ");

/** A player's shape (told apart without colour). @param {{shape: string, fill: string, stroke: string, x: At, y: At, size: At}} props */
function Shape({ shape, fill, stroke, ...at }) {
  const [x, y, size] = [Number(at.x), Number(at.y), Number(at.size)];
  if (shape === "square") return html`<rect x=${x - size} y=${y - size} width=${size * 2} height=${size * 2} fill=${fill} stroke=${stroke} />`;
  if (shape === "triangle")
    return html`<polygon points=${`${x},${y - size * 1.2} ${x - size * 1.1},${y + size * 0.8} ${x + size * 1.1},${y + size * 0.8}`} fill=${fill} stroke=${stroke} />`;
  if (shape === "diamond")
    return html`<polygon points=${`${x},${y - size * 1.3} ${x + size * 1.1},${y} ${x},${y + size * 1.3} ${x - size * 1.1},${y}`} fill=${fill} stroke=${stroke} />`;
  return html`<circle cx=${x} cy=${y} r=${size} fill=${fill} stroke=${stroke} />`;
}

/**
 * @param {{explorer: SurviveExplorer, picker: Picker, picked: boolean, recent: boolean, stacked?: boolean, x: At, y: At,
 *   size?: At, hitWidth?: At, hitHeight?: At}} props
 */
function Explorer({ explorer, picker, picked, recent, stacked, ...at }) {
  const [x, y] = [Number(at.x), Number(at.y)];
  const size = Number(at.size ?? 9);
  const hitWidth = Number(at.hitWidth ?? 32);
  const hitHeight = Number(at.hitHeight ?? 32);
  const style = COLOURS[explorer.colour];
  const label = explorerWords(explorer);
  // a piece of a stack is picked through the stack's chooser (its own box would be too small to tap)
  const props = stacked ? null : picker.pick(explorer.id, label);
  // a piece that cannot be picked now lets the click through to the space under it (a boat, a hex)
  const classes = `explorer ${props ? props.class : "inert"} ${picked ? "picked" : ""} ${recent ? "recent" : ""}`;
  return html`<g ...${props || { role: "img" }} class=${classes} data-explorer=${explorer.id}
    aria-label=${(props && props["aria-label"]) || label}>
    <${Shape} shape=${style.shape} x=${x} y=${y} size=${size} fill=${style.fill} stroke=${picked ? "#fff" : "#222"} />
    ${explorer.value !== undefined
      ? html`<text x=${x} y=${y + size / 2.6} font-size=${size + 1} font-weight="700" text-anchor="middle" fill=${explorer.colour === "yellow" ? "#000" : "#fff"}>${explorer.value}</text>`
      : null}
    ${props ? html`<rect class="hit" x=${x - hitWidth / 2} y=${y - hitHeight / 2} width=${hitWidth} height=${hitHeight} fill="transparent" />` : null}
  </g>`;
}

/** Sharks, whales and sea serpents have drawn shapes of their own, never a player's shape.
 * @param {{kind: string, x: number, y: number}} props */
export function Creature({ kind, x, y }) {
  const label = word(DOMAIN, kind);
  if (kind === "shark")
    return html`<g class="creature shark" role="img" aria-label=${label}>
      <path d=${`M${x - 9},${y + 5} Q${x - 2},${y + 2} ${x + 1},${y - 9} Q${x + 3},${y - 1} ${x + 9},${y + 5} Z`} fill="#5b6770" stroke="#fff" stroke-width="1.2" />
      <path d=${`M${x - 10},${y + 6} q5,3 10,0 t10,0`} fill="none" stroke="#fff" stroke-width="1.2" /></g>`;
  if (kind === "whale")
    return html`<g class="creature whale" role="img" aria-label=${label}>
      <path d=${`M${x - 9},${y + 1} Q${x - 8},${y - 6} ${x},${y - 6} Q${x + 7},${y - 6} ${x + 8},${y} L${x + 12},${y - 4} L${x + 11},${y + 4} L${x + 8},${y + 2} Q${x + 3},${y + 6} ${x - 3},${y + 6} Q${x - 9},${y + 6} ${x - 9},${y + 1} Z`}
        fill="#1f3b73" stroke="#fff" stroke-width="1.2" />
      <path d=${`M${x - 3},${y - 6} q-1,-4 -3,-5 M${x - 3},${y - 6} q1,-4 3,-5`} fill="none" stroke="#fff" stroke-width="1" /></g>`;
  return html`<g class="creature serpent" role="img" aria-label=${label}>
    <path d=${`M${x - 10},${y + 2} q3,-7 6,0 t6,0 t6,0`} fill="none" stroke="#6a1b9a" stroke-width="3.5" stroke-linecap="round" />
    <circle cx=${x + 9} cy=${y} r="2.6" fill="#6a1b9a" /><circle cx=${x + 9.6} cy=${y - 0.6} r="0.8" fill="#fff" /></g>`;
}

/** @param {{view: View}} props */
function Legend({ view }) {
  /** @type {Array<string>} */
  const colours = [...new Set(/** @type {Array<Array<string>>} */ (view.colours).flat())];
  const spot = (/** @type {Markup} */ content) => html`<svg width="26" height="22" viewBox="-13 -11 26 22" aria-hidden="true">${content}</svg>`;
  return html`<details class="legend"><summary>${t("Legend")}</summary><ul>
    ${colours.map((colour) => html`<li>${spot(html`<${Shape} shape=${COLOURS[colour].shape} x="0" y="0" size="7" fill=${COLOURS[colour].fill} stroke="#222" />`)}
      ${t("explorers of {colour} (the number: its value, seen by its owner)", { colour: word(DOMAIN, colour) })}</li>`)}
    ${["shark", "whale", "serpent"].map((kind) => html`<li>${spot(html`<${Creature} kind=${kind} x="0" y="2" />`)} ${word(DOMAIN, kind)}</li>`)}
    <li>${spot(html`<path d="M-12,-1 h24 l-5,8 h-14 z" fill="#8b5a2b" stroke="#3b2410" />`)} ${t("a boat (up to 3 explorers)")}</li>
    <li>${spot(html`<polygon points=${HEX} transform="scale(0.5)" fill="#d9c38a" stroke="#2d5d86" />`)} ${t("a safe island: explorers escape here")}</li>
    ${Object.entries(TERRAIN).map(([terrain, fill]) => html`<li>${spot(html`<polygon points=${HEX} transform="scale(0.5)" fill=${fill} stroke="#2d5d86" />`)} ${word(DOMAIN, terrain)}</li>`)}
    <li>${spot(html`<polygon points=${HEX} transform="scale(0.5)" fill=${SEA} stroke="#2d5d86" />`)} ${t("sea")}</li>
  </ul></details>`;
}

/** The pieces of a stack that can be picked now: each explorer, then the boat (which stands for its
 * space), as {key, label, props}.
 * @param {string} cell @param {Array<SurviveExplorer>} explorers @param {unknown} boat @param {Picker} picker
 * @returns {Array<StackChoice>} */
function stackChoices(cell, explorers, boat, picker) {
  const choices = explorers.flatMap((explorer) => {
    const props = picker.pick(explorer.id, explorerWords(explorer));
    return props ? [{ key: explorer.id, label: explorerWords(explorer), props }] : [];
  });
  const boatProps = boat ? picker.pick(cell, t("the boat on {cell}", { cell })) : null;
  return boatProps ? [...choices, { key: "boat", label: t("the boat on {cell}", { cell }), props: boatProps }] : choices;
}

/** The chooser a tap on a stack opens: one button per piece that can be picked, and Close. Each
 * opening (`opened` counts them, an open chooser's stack tapped again too) gives it the keyboard.
 * @param {{cell: string, opened: number, choices: Array<StackChoice>, onClose: () => void}} props */
function StackChooser({ cell, opened, choices, onClose }) {
  const box = useRef(/** @type {HTMLDivElement | null} */ (null));
  useEffect(() => {
    // the keyboard goes on inside the chooser (Escape there closes it, not a step of the choice)
    const first = box.current && box.current.querySelector("button");
    if (first) first.focus();
  }, [cell, opened]);
  /** @param {KeyboardEvent} event */
  const escape = (event) => {
    if (event.key !== "Escape") return;
    event.stopPropagation();
    onClose();
  };
  return html`<div class="stack-chooser card-panel" ref=${box} data-stack-chooser=${cell} role="group" onKeyDown=${escape}
    aria-label=${t("the pieces on {cell}", { cell })}>
    <b>${t("the pieces on {cell}", { cell })}</b>
    ${choices.map(({ key, label, props }) => html`<button type="button" key=${key} ...${props} class="act"
      onClick=${(/** @type {MouseEvent} */ event) => { onClose(); props.onClick(event); }}
      onKeyDown=${(/** @type {KeyboardEvent} */ event) => { if (event.key === "Enter" || event.key === " ") onClose(); props.onKeyDown(event); }}>${label}</button>`)}
    <button type="button" class="close" onClick=${onClose}>${t("Close")}</button>
  </div>`;
}

/** One Tab stop for the targets in `box`, arrow keys between them (roving.js); with `frame`, `box`
 * is the stop while it holds no target.
 * @param {{current: HTMLElement | null}} box @param {boolean} [frame] */
function useRoving(box, frame = false) {
  const memory = useRef({ active: /** @type {string | null} */ (null) });
  useEffect(() => {
    if (box.current) rove(box.current, memory.current, frame);
  });
  useEffect(() => (box.current ? listen(box.current, memory.current) : undefined));
}

/** Whether the frame is narrower than the island (a phone): then it says it pans, and shows the middle.
 * @param {{current: HTMLElement | null}} box @param {boolean} fit @returns {boolean} */
function usePans(box, fit) {
  const [pans, setPans] = useState(false);
  const centred = useRef(false);
  useEffect(() => {
    const frame = box.current;
    if (!frame) return undefined;
    const measure = () => {
      const wider = frame.scrollWidth > frame.clientWidth + 1;
      if (wider && !centred.current) frame.scrollLeft = (frame.scrollWidth - frame.clientWidth) / 2;
      centred.current = centred.current || wider;
      setPans(wider);
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(frame);
    return () => observer.disconnect();
  }, [fit]);
  return pans;
}

/** @param {{view: View, picker: Picker, recent: Array<WireEvent>, highlight?: Set<string> | null}} props */
function Board({ view, picker, recent, highlight }) {
  const [openStack, setOpenStack] = useState(/** @type {string | null} */ (null));
  const [opened, setOpened] = useState(0); // how many times a stack's chooser was opened
  useEffect(() => setOpenStack(null), [view.seq]);
  const wrap = useRef(/** @type {HTMLDivElement | null} */ (null));
  const [fit, setFit] = useState(false); // the whole island in the width (small spaces on a phone)
  const pans = usePans(wrap, fit);
  useRoving(wrap, true);
  /** @type {Array<SurviveExplorer>} */
  const explorers = view.explorers;
  /** @type {Object<string, Array<SurviveExplorer>>} */
  const explorersAt = {};
  for (const explorer of explorers) {
    if (explorer.cell) (explorersAt[explorer.cell] ||= []).push(explorer);
  }
  /** @type {Object<string, {cell: string}>} */
  const boatAt = Object.fromEntries(view.boats.map((/** @type {{cell: string}} */ boat) => [boat.cell, boat]));
  /** @type {Object<string, Array<string>>} */
  const creaturesAt = {};
  const creatures = /** @type {Object<string, Array<string>>} */ (view.creatures);
  for (const [kind, cells] of Object.entries(creatures)) for (const cell of cells) (creaturesAt[cell] ||= []).push(kind);
  /** @type {Set<string>} */
  const recentCells = new Set();
  for (const event of recent || []) for (const cell of eventPlaces(event)) recentCells.add(cell);
  const width = MARGIN + W * 12.5 + 8;
  const height = MARGIN + 1.5 * R * 12 + 2 * R + 8;
  /** @type {Array<Markup>} */
  const cells = [];
  /** @type {Array<Markup>} */
  const pieces = [];
  /** @type {Array<Markup>} */
  const labels = [];
  for (let column = 0; column < 12; column += 1) {
    const [x] = cellXY(1, column);
    labels.push(html`<text class="edge" x=${x} y=${MARGIN - 4} font-size="9" text-anchor="middle">c${column}</text>`);
  }
  for (let row = 0; row < 13; row += 1) {
    const [, y] = cellXY(row, 0);
    labels.push(html`<text class="edge" x="2" y=${y + 3} font-size="9">r${row}</text>`);
  }
  // escaping: the safe islands next to the explorer picked are the targets (all of them if none is)
  const picked = explorers.find((explorer) => picker.isPicked(explorer.id));
  const near = new Set(picked && picked.cell ? neighbours(picked.cell) : []);
  const safe = MAP.flatMap(([row, first, letters]) => [...letters].flatMap((letter, i) => (letter === "E" ? [`r${row}c${first + i}`] : [])));
  const escapeTo = new Set(safe.some((cell) => near.has(cell)) ? safe.filter((cell) => near.has(cell)) : safe);
  for (const [row, first, letters] of MAP) {
    [...letters].forEach((letter, i) => {
      const column = first + i;
      const name = `r${row}c${column}`;
      const [x, y] = cellXY(row, column);
      /** @type {string | undefined} */
      const terrain = view.tiles[name];
      const fill = letter === "E" ? "#d9c38a" : terrain ? TERRAIN[terrain] : SEA;
      const cellLabel = letter === "E" ? t("{cell}: safe island", { cell: name }) : terrain ? `${name}: ${word(DOMAIN, terrain)}` : `${name}: ${t("sea")}`;
      const props = (letter === "E" && escapeTo.has(name) ? picker.pick("escape", t("escape to the safe island")) : null) || picker.pick(name, cellLabel);
      const lit = highlight && highlight.has(name);
      cells.push(html`<g ...${props || { role: "img" }} class=${`hex ${props ? props.class : ""} ${picker.isPicked(name) ? "picked" : ""} ${recentCells.has(name) ? "recent" : ""} ${lit ? "lit" : ""}`}
        data-cell=${name} aria-label=${(props && props["aria-label"]) || cellLabel}>
        <polygon points=${HEX} transform=${`translate(${x} ${y})`} fill=${fill} stroke="#2d5d86" stroke-width="1" />
        ${letter === "E" ? html`<text x=${x} y=${y + 3} font-size="8" text-anchor="middle">${t("safe")}</text>` : null}
        ${terrain === "mountain" ? html`<path d=${`M${x - 9},${y + 7} l6,-10 l3,4 l3,-7 l6,13 z`} fill="#6d6d6d" />` : null}
        ${terrain === "forest" ? html`<path d=${`M${x - 5},${y + 8} l5,-14 l5,14 z`} fill="#2e6b2b" />` : null}
      </g>`);
      const boat = boatAt[name];
      if (boat) {
        // the boat stays clickable under its explorers: it stands for its space (sailing starts there)
        const boatProps = picker.pick(name, t("the boat on {cell}", { cell: name }));
        pieces.push(html`<g ...${boatProps || { role: "img" }} class=${`boat ${boatProps ? boatProps.class : "inert"}`}
          aria-label=${(boatProps && boatProps["aria-label"]) || t("the boat on {cell}", { cell: name })}>
          <path d=${`M${x - 13},${y + 2} h26 l-5,8 h-16 z`} fill="#8b5a2b" stroke="#3b2410" />
          ${boatProps ? html`<rect class="hit" x=${x - W / 2} y=${y - 16} width=${W} height="32" fill="transparent" />` : null}
        </g>`);
      }
      (creaturesAt[name] || []).forEach((kind, k) => pieces.push(html`<${Creature} kind=${kind} x=${x - 6 + k * 8} y=${y - 8} />`));
      const here = explorersAt[name] || [];
      const stacked = here.length > 1 || (boat && here.length > 0);
      here.forEach((explorer, k) => {
        const dx = (k - (here.length - 1) / 2) * 11;
        pieces.push(html`<${Explorer} explorer=${explorer} x=${x + dx} y=${y + (boat ? -7 : 3)} picker=${picker}
          picked=${picker.isPicked(explorer.id)} recent=${recentCells.has(name)} stacked=${stacked}
          size=${stacked ? 6.5 : 9} />`);
      });
      const choices = stacked ? stackChoices(name, here, boat, picker) : [];
      if (choices.some((choice) => choice.key !== "boat")) {
        // one tap target for the stack (boat and explorers): it opens a chooser of its pieces
        const open = () => {
          setOpenStack(name);
          setOpened((count) => count + 1);
        };
        pieces.push(html`<g class="stack pickable" data-choice=${`stack:${name}`} role="button" tabindex="0"
          data-holds=${[...choices.map((choice) => (choice.key === "boat" ? name : choice.key))].join(" ")}
          aria-label=${t("{count} pieces on {cell}: choose one", { count: here.length + (boat ? 1 : 0), cell: name })}
          onClick=${(/** @type {MouseEvent} */ event) => { event.stopPropagation(); open(); }}
          onKeyDown=${(/** @type {KeyboardEvent} */ event) => { if (event.key === "Enter" || event.key === " ") { event.preventDefault(); open(); } }}>
          <rect class="hit" x=${x - 18} y=${y - 18} width="36" height="36" rx="6" fill="transparent" />
        </g>`);
      }
    });
  }
  const chooser = openStack
    ? stackChoices(openStack, explorersAt[openStack] || [], boatAt[openStack], picker)
    : [];
  return html`${pans || fit
    ? html`<div class="pan-bar" id="board-pans"><span class="muted">${fit ? t("The whole island: zoom in to tap its spaces easily.") : t("The island is wider than the screen: swipe sideways to see all of it.")}</span>
        <button type="button" data-board-zoom=${fit ? "in" : "fit"} onClick=${() => setFit(!fit)}>${fit ? t("Zoom in") : t("Show the whole island")}</button></div>`
    : null}<div class=${`board-wrap ${fit ? "fit" : ""}`} ref=${wrap} role="region" aria-label=${t("map of the island")}><svg class="board" viewBox=${`0 0 ${width.toFixed(0)} ${height.toFixed(0)}`} role="group" aria-label=${t("the island")}>
    ${labels}${cells}${pieces}
  </svg></div>
  ${chooser.length ? html`<${StackChooser} cell=${openStack} opened=${opened} choices=${chooser} onClose=${() => setOpenStack(null)} />` : null}`;
}

/** @param {{view: View, seat: number | null, picker: Picker}} props */
function Unplaced({ view, seat, picker }) {
  /** @type {Array<SurviveExplorer>} */
  const explorers = view.explorers;
  const waiting = explorers.filter((explorer) => explorer.status === "unplaced" && explorer.player === seat);
  const box = useRef(/** @type {HTMLDivElement | null} */ (null));
  useRoving(box);
  if (!waiting.length) return null;
  return html`<div class="unplaced" ref=${box} aria-label=${t("explorers to place")}>
    <span>${t("Explorers to place (their values):")}</span>
    <svg viewBox=${`0 0 ${waiting.length * 22 + 4} 22`} width=${waiting.length * 36 + 6} height="36">
      ${waiting.map((explorer, i) => html`<${Explorer} explorer=${explorer} x=${13 + i * 22} y="11" picker=${picker}
        picked=${picker.isPicked(explorer.id)} recent=${false} hitWidth="22" hitHeight="22" size="8" />`)}
    </svg>
  </div>`;
}

/** @param {{view: View, picker: Picker}} props */
function Held({ view, picker }) {
  if (!view.held.length) return null;
  return html`<div class="held" aria-label=${t("your tiles")} data-place="tiles">
    ${view.held.map((/** @type {{effect: string}} */ tile) => {
      const token = `tile:${tile.effect}`;
      const what = EFFECT_TEXT[tile.effect] ? t(EFFECT_TEXT[tile.effect]) : "";
      const props = picker.pick(token, `${tileName(tile.effect)}: ${what}`) || {};
      return html`<span ...${props} class=${`tile ${props.class || ""}`} data-tile=${tile.effect} title=${what}>
        <b>${tileName(tile.effect)}</b><small class="effect">${what}</small></span>`;
    })}
  </div>`;
}

/** @param {import("asobiba/renderer_contract.js").TableProps} props */
function Table({ view, seat, picker, recent, name, highlight }) {
  const highlighted = eventPlayers(recent);
  const players = [...Array(view.players).keys()];
  const result = view.is_over ? view.result : undefined;
  /** @type {Array<SurviveExplorer>} */
  const explorers = view.explorers;
  // the die this turn, or the one just rolled when the turn has passed since (a creature that could not move)
  const die = view.die || lastRoll(recent);
  return html`<div class="sv">
    <div class="opponents">${players.map((player) => html`<${SeatPanel} player=${player} view=${view} seat=${seat} picker=${picker} name=${name} recent=${highlighted}>
      <div class="colours">${view.colours[player].map((/** @type {string} */ colour) => html`<svg width="14" height="14" viewBox="0 0 14 14" role="img" aria-label=${word(DOMAIN, colour)}>
        <${Shape} shape=${COLOURS[colour].shape} x="7" y="7" size="5" fill=${COLOURS[colour].fill} stroke="#222" /></svg>`)}</div>
      <div>${t("rescued: {count}", { count: view.rescued[player] })} · ${t("tiles: {count}", { count: view.held_counts[player] })}</div>
      ${result ? html`<div class="score"><b>${t("{points} points", { points: result.scores[player] })}</b></div>` : null}
    </${SeatPanel}>`)}</div>
    <div class="sv-status">
      ${view.moves_left ? html`<span class="tag">${t("move points left: {count}", { count: view.moves_left })}</span>` : null}
      ${die ? html`<span class="tag" data-place="die">${t("the die: {creature}", { creature: word(DOMAIN, die) })}</span>` : null}
      <span class="muted" data-place="tiles">${t("tiles left: beach {beach}, forest {forest}, mountain {mountain}", view.tiles_left)}</span>
    </div>
    <${Unplaced} view=${view} seat=${seat} picker=${picker} />
    <${Board} view=${view} picker=${picker} recent=${recent} highlight=${highlight} />
    <${Held} view=${view} picker=${picker} />
    <${Legend} view=${view} />
    ${result ? html`<div class="rescued-reveal"><h4>${t("Rescued explorers")}</h4>
      ${explorers.some((e) => e.status === "rescued") ? null : html`<span class="muted">${t("none")}</span>`}
      ${explorers.filter((e) => e.status === "rescued").map((e) => html`<span class="tag">${explorerWords(e)}</span>`)}</div>` : null}
  </div>`;
}

/** The creature of the last die roll among `events` (null if none was rolled).
 * @param {Array<WireEvent> | null | undefined} events @returns {string | null} */
export function lastRoll(events) {
  const rolled = (events || []).filter((event) => event.event === "DieRolled");
  return rolled.length ? rolled[rolled.length - 1].creature : null;
}

const CELL = /^r\d+c\d+$/;

/** The board's cells an event names (its fields, lists included): a log line lights them.
 * @param {WireEvent | null | undefined} event @returns {Array<string>} */
export function eventPlaces(event) {
  /** @type {Set<string>} */
  const cells = new Set();
  for (const value of Object.values(event || {})) {
    for (const item of Array.isArray(value) ? value : [value]) if (typeof item === "string" && CELL.test(item)) cells.add(item);
  }
  return [...cells];
}
/** Copies of the engine's tables (asobiba.games.survive.data; a test keeps them equal): an action's
 * data names explorers, creatures and tiles by their index in these. */
export const COLOUR_ORDER = ["red", "blue", "yellow", "green"];
export const EXPLORERS_PER_COLOUR = 10;
export const CREATURES = ["serpent", "shark", "whale"];
export const EFFECTS = ["shark", "whale", "boat", "whirlpool", "volcano", "dolphin", "winds", "move-serpent", "move-shark", "move-whale", "kill-shark", "kill-whale"];
/** The cells' names in the engine's order (row by row, as MAP lists them). */
export const CELL_NAMES = MAP.flatMap(([row, first, letters]) => [...letters].map((_, i) => `r${row}c${first + i}`));
const explorerName = (/** @type {number} */ explorer) => `${COLOUR_ORDER[Math.floor(explorer / EXPLORERS_PER_COLOUR)]}#${(explorer % EXPLORERS_PER_COLOUR) + 1}`;

/** @type {import("asobiba/renderer_contract.js").RendererParts} */
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
  drawn: (token) => CELL.test(token) || token.includes("#") || token.startsWith("tile:") || token === "escape" || playerOf(token) !== null,
  tokenLabel(token, view) {
    if (token.startsWith("tile:")) return tileName(token.slice(5));
    if (token === "board") return t("board the boat");
    if (token === "escape") return t("escape to the safe island");
    if (["serpent", "shark", "whale"].includes(token)) return word(DOMAIN, token);
    if (token.includes("#")) {
      const explorer = view && /** @type {Array<SurviveExplorer>} */ (view.explorers).find((e) => e.id === token);
      return explorer ? explorerWords(explorer) : explorerLabel(token);
    }
    return token;
  },
  kindText: (pending, view, mine = true) => t((!mine && OTHERS_KIND_TEXT[pending.kind]) || KIND_TEXT[pending.kind] || pending.kind),
  resultText: (view, name) => winnersText(view, name),
  eventPlaces,
};
