// A picture's targets as one Tab stop; arrow keys to the nearest target that way, Home/End; after a
// step chosen by keyboard the next step's target has the keyboard. No import (node --test).

/** @typedef {[number, number]} Point */
const TARGET = '[role="button"][tabindex]';
export const MOVE_KEYS = ["ArrowRight", "ArrowLeft", "ArrowDown", "ArrowUp", "Home", "End"];

/** The points' indices row by row (``row`` apart), left to right.
 * @param {Array<Point>} points @param {number} [row] @returns {Array<number>} */
export function readingOrder(points, row = 8) {
  return [...points.keys()].sort((a, b) => {
    const dy = points[a][1] - points[b][1];
    return Math.abs(dy) >= row ? dy : points[a][0] - points[b][0] || dy;
  });
}

/** Where ``key`` moves from ``points[from]``: the nearest point that way (a sideways step counts
 * twice), the first or last in reading order for Home and End; ``from`` when there is none.
 * @param {Array<Point>} points @param {number} from @param {string} key @returns {number} */
export function nextTarget(points, from, key) {
  if (key === "Home" || key === "End") {
    const order = readingOrder(points);
    return order.length ? order[key === "Home" ? 0 : order.length - 1] : from;
  }
  const [fx, fy] = points[from];
  let [best, bestScore] = [from, Infinity];
  points.forEach(([x, y], index) => {
    const [dx, dy] = [x - fx, y - fy];
    /** @type {Object<string, [number, number]>} */
    const axes = { ArrowRight: [dx, dy], ArrowLeft: [-dx, dy], ArrowDown: [dy, dx], ArrowUp: [-dy, dx] };
    const [along, across] = axes[key] || [0, 0];
    const score = along + 2 * Math.abs(across);
    if (along > 0.5 && Math.abs(across) <= along * 2.5 && score < bestScore) [best, bestScore] = [index, score];
  });
  return best;
}

let keyboardPick = 0; // when a target was last chosen by keyboard
/** @param {Element} e a target's identity across redraws */
const keyOf = (e) => ["explorer", "cell", "choice", "action"].map((name) => e.getAttribute(`data-${name}`)).join(":") + e.tagName;
/** @param {Element} e @returns {Point} */
const centre = (e) => {
  const box = e.getBoundingClientRect();
  return [box.x + box.width / 2, box.y + box.height / 2];
};
/** @param {Element} root */
const targetsOf = (root) => [...root.querySelectorAll(TARGET)];
/** @param {Array<Element>} targets @param {Element} stop */
const setStop = (targets, stop) => targets.forEach((e) => e.setAttribute("tabindex", e === stop ? "0" : "-1"));

/** After a redraw: the targets under ``root`` are one Tab stop (the one focused last, else the first
 * in reading order); with no target, ``root`` itself when ``frame`` (a frame that scrolls).
 * @param {Element} root @param {{active: string | null}} memory @param {boolean} [frame] */
export function rove(root, memory, frame = false) {
  const targets = targetsOf(root);
  const chosen = targets.find((e) => keyOf(e) === memory.active) || targets[readingOrder(targets.map(centre))[0]];
  setStop(targets, chosen);
  const focused = document.activeElement;
  // the keyboard's piece is no target now (and no chooser took the keyboard)
  const lost = !(focused instanceof SVGElement || focused instanceof HTMLElement) || focused === document.body || (focused.tabIndex < 0 && !focused.matches(TARGET));
  if ((chosen instanceof SVGElement || chosen instanceof HTMLElement) && lost && Date.now() - keyboardPick < 2000) {
    keyboardPick = 0;
    chosen.focus();
  }
  if (frame) root.setAttribute("tabindex", targets.length ? "-1" : "0");
}

/** The keyboard of ``root``'s targets; returns what removes its listeners.
 * @param {Element} root @param {{active: string | null}} memory @returns {() => void} */
export function listen(root, memory) {
  /** @param {Event} event */
  const focused = (event) => {
    if (event.target instanceof Element && event.target.matches(TARGET)) memory.active = keyOf(event.target);
  };
  /** @param {Event} event */
  const key = (event) => {
    const targets = targetsOf(root);
    const from = targets.findIndex((e) => e === event.target);
    if (!(event instanceof KeyboardEvent) || from < 0) return;
    if (event.key === "Enter" || event.key === " ") keyboardPick = Date.now();
    if (!MOVE_KEYS.includes(event.key)) return;
    event.preventDefault(); // not the frame's scroll
    const next = targets[nextTarget(targets.map(centre), from, event.key)];
    setStop(targets, next);
    memory.active = keyOf(next);
    if (next instanceof SVGElement || next instanceof HTMLElement) next.focus();
  };
  root.addEventListener("focusin", focused);
  root.addEventListener("keydown", key, true); // before the target's own Enter redraws the picture
  return () => {
    root.removeEventListener("focusin", focused);
    root.removeEventListener("keydown", key, true);
  };
}
