// What the tutorial player lights on the page, as pure functions (`node --test` runs them): the places
// a step's words speak of (`point`: the `data-place` of a renderer's parts, The Island's cells by their
// `data-cell`), and the element to click next for the move the step asks (the move's tokens through the
// picker: the picture's element of the next token, or the choice bar's button, or the confirming click).
// No import.

/** @typedef {import("./wire.js").LegalAction} LegalAction */

/** A value in a CSS attribute selector, quoted. @param {string} value */
export function quoted(value) {
  return JSON.stringify(String(value));
}

/** The selector of every element of a place the words speak of.
 * @param {Array<string>} places @returns {string} */
export function pointSelector(places) {
  return places.flatMap((place) => [`[data-place=${quoted(place)}]`, `[data-cell=${quoted(place)}]`]).join(", ");
}

/** Whether `tokens` starts with `prefix`. @param {Array<string>} tokens @param {Array<string>} prefix */
function startsWith(tokens, prefix) {
  return prefix.length <= tokens.length && prefix.every((token, index) => tokens[index] === token);
}

/**
 * The selector of the elements to click next for the move a step asks (`expected`: its notations), after
 * the tokens `picked`: the next token's element (`data-choice`, or `data-action` where that click completes
 * the move, or a stack holding it: `data-holds`), the confirming click once every token is picked, or the
 * Cancel button when what is picked leads elsewhere. Empty when the step asks no move.
 * @param {Array<string>} expected
 * @param {Array<LegalAction>} legal
 * @param {(entry: LegalAction) => Array<string>} tokens
 * @param {Array<string>} picked
 * @returns {string}
 */
export function moveSelector(expected, legal, tokens, picked) {
  const asked = legal.filter((entry) => expected.includes(entry.notation));
  if (!asked.length) return "";
  /** @type {Array<string>} */
  const selectors = [];
  for (const entry of asked) {
    const steps = tokens(entry);
    if (!startsWith(steps, picked)) continue;
    const action = `[data-action=${quoted(entry.notation)}]`;
    if (steps.length === picked.length) {
      selectors.push(action);
      continue;
    }
    const next = steps[picked.length];
    selectors.push(`[data-choice=${quoted(next)}]`, action, `[data-holds~=${quoted(next)}]`);
  }
  return selectors.length ? [...new Set(selectors)].join(", ") : "[data-cancel]";
}

/** The step a tutorial resumes at: the stored one if it is a step of it past the first, else null.
 * @param {string | null} stored @param {number} steps @returns {number | null} */
export function resumeStep(stored, steps) {
  if (stored === null || !/^\d{1,4}$/.test(stored)) return null;
  const step = Number(stored);
  return step > 0 && step < steps ? step : null;
}

/** The key under which the step reached in a tutorial is kept (localStorage). @param {string} key */
export function storageKey(key) {
  return `asobiba.tutorial.${key}`;
}
