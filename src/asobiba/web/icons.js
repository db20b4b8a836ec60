// Icons drawn as SVG (a font may lack ⏮ ⏭ ⏱ and show boxes): each is decorative (aria-hidden); the
// control that holds it carries the words (aria-label or visible text).
import { html } from "./html.js";

const PATHS = {
  first: "M5 4h2v16H5zM20 4v16L9 12z",
  previous: "M17 4v16L6 12z",
  next: "M7 4v16l11-8z",
  last: "M17 4h2v16h-2zM4 4v16l11-8z",
  clock: "M12 2a10 10 0 1 0 0 20 10 10 0 0 0 0-20zm0 2a8 8 0 1 1 0 16 8 8 0 0 1 0-16zm-1 3v6l5 3 1-1.7-4-2.3V7z",
  bell: "M12 22a2.5 2.5 0 0 0 2.5-2.5h-5A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5-6.7V3.5a2 2 0 0 0-4 0v.8A7 7 0 0 0 5 11v5l-2 2v1h18v-1z",
  sound: "M3 9v6h4l5 5V4L7 9zm13.5 3A4.5 4.5 0 0 0 14 8v8a4.5 4.5 0 0 0 2.5-4zM14 3.2v2.1a7 7 0 0 1 0 13.4v2.1a9 9 0 0 0 0-17.6z",
  undo: "M12.5 8A8.5 8.5 0 0 0 4.8 12.9L2 10v8h8l-3.1-3.1A6.5 6.5 0 0 1 19 16.5l2-.6A8.5 8.5 0 0 0 12.5 8z",
};

/** An icon by name (`first`, `previous`, `next`, `last`, `clock`, `bell`, `sound`, `undo`).
 * @param {{name: keyof typeof PATHS, size?: number | string}} props */
export function Icon({ name, size = 18 }) {
  return html`<svg class=${`icon icon-${name}`} width=${size} height=${size} viewBox="0 0 24 24" aria-hidden="true"
    focusable="false"><path d=${PATHS[name]} fill="currentColor" /></svg>`;
}
