// A decision chosen on the picture, one token at a time. Each game says which tokens make up an
// action (`game.tokens(entry)`, in the order a person picks them: a card, then a player, then a claim)
// and which of them its picture draws (`game.drawn(token)`); the others are offered as buttons.
// An element whose token completes exactly one legal action carries data-action="<notation>";
// one that narrows the choice carries data-choice="<token>".

function startsWith(tokens, prefix) {
  if (tokens.length < prefix.length) return false;
  return prefix.every((token, index) => tokens[index] === token);
}

export function makePicker(legal, game, picked, setPicked, act, view) {
  const tokenized = legal.map((entry) => ({ entry, tokens: game.tokens(entry, view) }));
  const candidates = tokenized.filter((item) => startsWith(item.tokens, picked));
  const next = new Map();
  const complete = [];
  for (const item of candidates) {
    if (item.tokens.length === picked.length) {
      complete.push(item.entry);
      continue;
    }
    const token = item.tokens[picked.length];
    if (!next.has(token)) next.set(token, []);
    next.get(token).push(item);
  }
  const choose = (token) => {
    const items = next.get(token);
    if (!items) return;
    if (items.length === 1) {
      act(items[0].entry.notation);
      setPicked([]);
    } else {
      setPicked([...picked, token]);
    }
  };
  const props = (token, label) => {
    const items = next.get(token);
    if (!items) return null;
    const onClick = (event) => {
      event.stopPropagation();
      choose(token);
    };
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
    isPicked: (token) => picked.includes(token),
    /** Props that make a picture element pickable (or null when that token cannot be chosen now). */
    pick: (token, label) => props(token, label),
    /** The next tokens the picture does not draw, as buttons, and the actions already complete. */
    offered: [...next.keys()].filter((token) => !game.drawn(token, picked)),
    next,
    complete,
    props,
    cancel: () => setPicked([]),
    act,
  };
}
