// Hints while learning: in a learning room (the room option `learning`), the coach's one-line verdict of
// each of the player's moves ("Good move.", "Risky: …", "Costly: … (a better move was …)"), shown beside
// the table while the game goes on. The server sends each verdict to the seat alone (a `verdict` frame,
// docs/protocol.md) in the reader's language, players written p0…pN as in the log: here they get names.
import { html } from "./html.js";
import { t } from "./i18n.js";
import { withNames } from "./table_words.js";

/** @typedef {import("./wire.js").VerdictFrame} VerdictFrame */
/** @typedef {import("./wire.js").Presence} Presence */

/** The earlier verdicts shown under the newest. */
const EARLIER = 4;

/** The verdicts of our moves, newest first: each names its move (a verdict that comes late still
 * speaks of its own move), then the one line, then the game's further reasons.
 * @param {{verdicts: Array<VerdictFrame>, presence: Presence | null, learning: boolean}} props */
export function Verdicts({ verdicts, presence, learning }) {
  if (!learning && verdicts.length === 0) return null;
  /** @param {string} text */
  const named = (text) => withNames(text, presence, t);
  const newest = verdicts.slice(-(EARLIER + 1)).reverse();
  return html`<section class="verdicts card-panel" id="verdicts" aria-label=${t("The coach on your moves")} aria-live="polite">
    <h2>${t("The coach on your moves")}</h2>
    ${newest.length === 0
      ? html`<p class="muted" id="verdict-waiting">${t("After each of your moves, the coach says here what it makes of it.")}</p>`
      : html`<ol class="verdict-list">${newest.map(
          (verdict, index) => html`<li key=${verdict.seq} class=${`verdict verdict-${verdict.kind}${index === 0 ? " newest" : ""}`}
            data-seq=${verdict.seq} data-kind=${verdict.kind}>
            <span class="verdict-move">${named(verdict.move)}</span>
            <strong class="verdict-text">${named(verdict.text)}</strong>
            ${verdict.reasons.length
              ? html`<ul class="verdict-reasons">${verdict.reasons.map((reason) => html`<li>${named(reason)}</li>`)}</ul>`
              : null}
          </li>`,
        )}</ol>`}
  </section>`;
}
