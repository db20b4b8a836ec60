// Keyboard play on a picture of many places (The Island's hexes and pieces): one Tab stop for the
// whole picture (a "roving tabindex"), on a legal target; the arrow keys move between the targets,
// to the nearest one that way; Home and End to the first and the last; after a step chosen by the
// keyboard, the next step's first target has the keyboard. No import: `node --test` runs
// the pure parts (the order and the direction); `rove` wires them to a picture's element.

/** A point of the picture: the centre of a target. @typedef {[number, number]} Point */

/** The keys that move between targets. */
export const MOVE_KEYS = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"];

/** Points in reading order: row by row (centres less than ``row`` apart are on one row), left to right.
 * Returns their indices. @param {Array<Point>} points @param {number} [row] @returns {Array<number>} */
export function readingOrder(points, row = 8) {
  return [...points.keys()].sort((a, b) => {
    const dy = points[a][1] - points[b][1];
    return Math.abs(dy) >= row ? dy : points[a][0] - points[b][0] || dy;
  });
}

/**
 * The target an arrow key (or Home, End) moves to from ``points[from]``: the nearest one that way
 * (distance along the key's direction, with a sideways step counted twice), the first or last in
 * reading order for Home and End; ``from`` itself when there is none that way.
 * @param {Array<Point>} points @param {number} from @param {string} key @returns {number}
 */
export function nextTarget(points, from, key) {
  if (key === "Home" || key === "End") {
    const order = readingOrder(points);
    return order.length ? order[key === "Home" ? 0 : order.length - 1] : from;
  }
  const [fx, fy] = points[from];
  let best = from;
  let bestScore = Infinity;
  points.forEach(([x, y], index) => {
    if (index === from) return;
    const [dx, dy] = [x - fx, y - fy];
    /** @type {Object<string, [number, number]>} */
    const axes = { ArrowRight: [dx, dy], ArrowLeft: [-dx, dy], ArrowDown: [dy, dx], ArrowUp: [-dy, dx] };
    const [along, across] = axes[key] || [0, 0];
    if (along <= 0.5 || Math.abs(across) > along * 2.5) return; // not that way
    const score = along + 2 * Math.abs(across);
    if (score < bestScore) [best, bestScore] = [index, score];
  });
  return best;
}

/** When a target was last chosen by the keyboard (Enter, Space): the next step's targets then take
 * the keyboard at once (the chosen piece is no target any more). */
let keyboardPick = 0;

/** A target's identity across redraws (its space, its piece, or its choice). @param {Element} element */
function keyOf(element) {
  const data = element instanceof HTMLElement || element instanceof SVGElement ? element.dataset : {};
  return `${element.tagName}:${data.explorer || ""}:${data.cell || ""}:${data.choice || data.action || ""}`;
}

/** The centre of an element on the page. @param {Element} element @returns {Point} */
function centre(element) {
  const box = element.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
}

/**
 * Makes the pickable elements (`[role=button][tabindex]`) under ``root`` one Tab stop: the one focused
 * last if it is still a target, else the first in reading order. With no target, ``root`` itself
 * (a frame that may scroll) is the stop, when ``focusableWhenEmpty``. Call after every redraw, with
 * the state it returns (the key of the target focused last) kept between calls.
 * @param {Element} root @param {{active: string | null}} memory @param {boolean} [focusableWhenEmpty]
 */
export function rove(root, memory, focusableWhenEmpty = false) {
  const targets = [...root.querySelectorAll('[role="button"][tabindex]')];
  const order = readingOrder(targets.map(centre));
  const chosen = targets.find((element) => keyOf(element) === memory.active) || targets[order[0]];
  for (const element of targets) element.setAttribute("tabindex", element === chosen ? "0" : "-1");
  const focused = document.activeElement;
  const lost = !focused || focused === document.body || !focused.matches('[role="button"][tabindex]');
  if (chosen && lost && Date.now() - keyboardPick < 2000 && (chosen instanceof HTMLElement || chosen instanceof SVGElement)) {
    keyboardPick = 0;
    chosen.focus(); // the step chosen by the keyboard: its next targets have the keyboard
  }
  if (focusableWhenEmpty) root.setAttribute("tabindex", targets.length ? "-1" : "0");
}

/**
 * The keyboard of a picture: an arrow key on a target focuses the nearest target that way (and makes
 * it the Tab stop); focusing a target remembers it. Returns the function that removes the listeners.
 * @param {Element} root @param {{active: string | null}} memory @returns {() => void}
 */
export function listen(root, memory) {
  /** @param {Event} event */
  const focused = (event) => {
    const target = event.target;
    if (target instanceof Element && target.matches('[role="button"][tabindex]')) memory.active = keyOf(target);
  };
  /** @param {Event} event */
  const key = (event) => {
    if (!(event instanceof KeyboardEvent)) return;
    const targets = [...root.querySelectorAll('[role="button"][tabindex]')];
    const from = targets.findIndex((element) => element === event.target);
    if (from < 0) return;
    if (event.key === "Enter" || event.key === " ") keyboardPick = Date.now();
    if (!MOVE_KEYS.includes(event.key)) return;
    event.preventDefault(); // the arrow moves between targets, not the frame's scroll
    const next = targets[nextTarget(targets.map(centre), from, event.key)];
    for (const element of targets) element.setAttribute("tabindex", element === next ? "0" : "-1");
    memory.active = keyOf(next);
    if (next instanceof HTMLElement || next instanceof SVGElement) next.focus();
  };
  root.addEventListener("focusin", focused);
  // captured: before the target's own Enter redraws the picture (a microtask between two listeners)
  root.addEventListener("keydown", key, true);
  return () => {
    root.removeEventListener("focusin", focused);
    root.removeEventListener("keydown", key, true);
  };
}
