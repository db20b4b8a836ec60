// A decision chosen on the picture, one token at a time. Each game says which tokens make up an
// action (`game.tokens(entry)`, in the order a person picks them: a card, then a player, then a claim)
// and which of them its picture draws (`game.drawn(token)`); the others are offered as buttons.
// An element whose token completes exactly one legal action carries data-action="<notation>";
// one that narrows the choice carries data-choice="<token>".

/** @typedef {import("./wire.js").LegalAction} LegalAction */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").Picker} Picker */
/** @typedef {{entry: LegalAction, tokens: Array<string>}} Tokenized */

/** @param {Array<string>} tokens @param {Array<string>} prefix */
function startsWith(tokens, prefix) {
  if (tokens.length < prefix.length) return false;
  return prefix.every((token, index) => tokens[index] === token);
}

/**
 * The choice after the tokens `picked`: the next tokens (each with the actions it leads to) and the
 * actions already complete. A step with one possible token only is taken at once (it is no choice).
 * `tokenized` is a list of `{entry, tokens}`. Pure: `node --test` runs it.
 * @param {Array<Tokenized>} tokenized
 * @param {Array<string>} picked
 * @returns {{picked: Array<string>, next: Map<string, Array<Tokenized>>, complete: Array<LegalAction>}}
 */
export function narrow(tokenized, picked) {
  let chosen = [...picked];
  for (;;) {
    const next = new Map();
    const complete = [];
    for (const item of tokenized) {
      if (!startsWith(item.tokens, chosen)) continue;
      if (item.tokens.length === chosen.length) {
        complete.push(item.entry);
        continue;
      }
      const token = item.tokens[chosen.length];
      if (!next.has(token)) next.set(token, []);
      next.get(token).push(item);
    }
    const [only] = next.values();
    if (complete.length === 0 && next.size === 1 && only.length > 1) {
      chosen = [...chosen, ...next.keys()];
      continue;
    }
    return { picked: chosen, next, complete };
  }
}

/**
 * Whether choosing the one action `item` with a click on its token asks for a confirming click first:
 * with "confirm moves" on, an action the game calls costly (`game.costly(entry)`: a joker spent, a
 * card passed on) or one whose last steps are implied by this click (a boat with one destination).
 * @param {Tokenized} item
 * @param {Array<string>} picked
 * @param {Pick<Renderer, "costly">} game
 * @param {boolean} confirm
 */
export function needsConfirmation(item, picked, game, confirm) {
  if (!confirm) return false;
  const implied = item.tokens.length > picked.length + 1;
  return implied || Boolean(game.costly && game.costly(item.entry));
}

/**
 * The picker of the decision: `legal` told apart by `game.tokens`, after the tokens `requested`.
 * @param {Array<LegalAction>} legal
 * @param {Pick<Renderer, "tokens" | "drawn" | "costly">} game
 * @param {Array<string>} requested
 * @param {(picked: Array<string>) => void} setPicked
 * @param {(notation: string) => void} act
 * @param {View} [view] (none for a picture nobody picks on: a replay's; then nothing is pickable)
 * @param {{confirm?: boolean}} [how]
 * @returns {Picker}
 */
export function makePicker(legal, game, requested, setPicked, act, view, { confirm = false } = {}) {
  const tokenized = view ? legal.map((entry) => ({ entry, tokens: game.tokens(entry, view) })) : [];
  const { picked, next, complete } = narrow(tokenized, requested);
  /** @param {string} token */
  const choose = (token) => {
    const items = next.get(token);
    if (!items) return;
    if (items.length === 1 && needsConfirmation(items[0], picked, game, confirm)) {
      setPicked(items[0].tokens); // every step taken: the action bar asks for the confirming click
    } else if (items.length === 1) {
      act(items[0].entry.notation);
      setPicked([]);
    } else {
      setPicked([...picked, token]);
    }
  };
  /** @param {string} token @param {string} [label] */
  const props = (token, label) => {
    const items = next.get(token);
    if (!items) return null;
    /** @param {Event} event */
    const onClick = (event) => {
      event.stopPropagation();
      choose(token);
    };
    /** @param {KeyboardEvent} event */
    const onKeyDown = (event) => {
      if (event.key === "Enter" || event.key === " ") {
        event.preventDefault();
        choose(token);
      }
    };
    const common = { onClick, onKeyDown, tabindex: "0", role: "button", class: "pickable" };
    if (items.length === 1) {
      return { ...common, "data-action": items[0].entry.notation, "aria-label": items[0].entry.label };
    }
    return { ...common, "data-choice": token, "aria-label": label || token };
  };
  return {
    picked,
    /** The tokens the person picked (the others of `picked` were the only choice). */
    requested,
    isPicked: (token) => picked.includes(token),
    /** Props that make a picture element pickable (or null when that token cannot be chosen now). */
    pick: (token, label) => props(token, label),
    /** The next tokens the picture does not draw, as buttons, and the actions already complete. */
    offered: [...next.keys()].filter((token) => !game.drawn(token, picked)),
    next,
    complete,
    props,
    cancel: () => setPicked([]),
    /** Take back the last step the person picked (Escape, or the Undo button). */
    undo: () => setPicked(requested.slice(0, -1)),
    /** Whether every step is taken and the action waits for its confirming click. */
    confirming: complete.length > 0 && next.size === 0 && requested.length > 0,
    act,
  };
}
