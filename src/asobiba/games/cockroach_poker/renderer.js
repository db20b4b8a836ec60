// Cockroach Poker: hands, the face-up rows, the card in play; offer = a card, a player, a claim.
import { html } from "asobiba/html.js";
import { N_, listText, sentences, t, word } from "asobiba/i18n.js";
import { PALETTE, SeatPanel, eventPlayers, playerOf, winnersText } from "asobiba/game_parts.js";

/** @typedef {import("asobiba/wire.js").View} View */
/** @typedef {import("asobiba/renderer_contract.js").SeatName} SeatName */

const DOMAIN = "cockroach_poker";
/** @type {Object<string, string>} */
const SUIT_LETTERS = { S: "spades", C: "clubs", H: "hearts", D: "diamonds", J: "joker" };
/** The trump suits' marks; the original game's creatures are shown by their names (no codes, no ids). */
/** @type {Object<string, string>} */
const SYMBOLS = { spades: "♠", clubs: "♣", hearts: "♥", diamonds: "♦", joker: "★" };
const isCreature = (/** @type {string} */ kind) => !(kind in SYMBOLS);
const KIND_ORDER = ["spades", "clubs", "hearts", "diamonds", "cockroach", "rat", "bat", "fly", "toad", "spider", "scorpion", "stinkbug", "joker"];
/** @type {Object<string, string>} */
const KIND_TEXT = {
  offer: N_("choose a card from your hand, a player to give it to, and what you say it is"),
  answer: N_("believe the claim or not, or look at the card and pass it on"),
  pass: N_("pass the card on to a player, with a claim"),
};
/** @type {Object<string, string>} words for another's decision ("Ken is deciding: …") */
const OTHERS_KIND_TEXT = {
  offer: N_("choose a card from their hand, a player to give it to, and what they say it is"),
};

export const cardKind = (/** @type {string} */ card) => (/^[SCHDJ]\d+$/.test(card) ? SUIT_LETTERS[card[0]] : card.replace(/\d+$/, ""));
const cardNumber = (/** @type {string} */ card) => (card.match(/\d+$/) || [""])[0];
const kindName = (/** @type {string} */ kind) => word(DOMAIN, kind === "stinkbug" ? "stink bug" : kind);
const kindColour = (/** @type {string} */ kind) => (kind === "joker" ? "#555" : PALETTE[KIND_ORDER.indexOf(kind) % 7]);
/** @type {Object<string, string>} */
const RANKS = { 1: "A", 11: "J", 12: "Q", 13: "K" };

/** A card in words: "hearts Q", a joker, or a creature by its name alone (the id tells a reader nothing).
 * @param {string} card */
export function cardLabel(card) {
  const kind = cardKind(card);
  if (isCreature(kind) || kind === "joker") return kindName(kind);
  const number = cardNumber(card);
  return `${kindName(kind)} ${RANKS[number] || number}`;
}

/** A card face up (`card`), or face down (none).
 * @param {{card?: string | null, props?: Object<string, any> | null, picked?: boolean, small?: boolean, label?: string}} props */
export function Card({ card, props, picked, small, label }) {
  const width = small ? 34 : 54;
  const height = small ? 48 : 78;
  const classes = ["card", small ? "small" : "", picked ? "picked" : "", props ? props.class : ""].join(" ");
  if (!card) {
    return html`<svg class=${classes} viewBox="0 0 54 78" width=${width} height=${height} role="img" aria-label=${t("a card face down")}>
      <rect x="1" y="1" width="52" height="76" rx="6" fill="#7a2e2e" stroke="#3a1010" />
      <path d="M8 12h38M8 24h38M8 36h38M8 48h38M8 60h38" stroke="#a55" stroke-width="3" />
    </svg>`;
  }
  const kind = cardKind(card);
  const colour = kindColour(kind);
  const name = kindName(kind);
  const frame = html`<rect x="1" y="1" width="52" height="76" rx="6" fill="#fffdf7" stroke=${picked ? "#d00" : "#333"} stroke-width=${picked ? 3 : 1} />
    <rect x="5" y="5" width="44" height="68" rx="4" fill="none" stroke=${colour} stroke-width="2" />`;
  if (isCreature(kind)) {
    // a creature card is its creature: its name, large, fitted to the card (no letter code, no card id)
    return html`<svg ...${props || {}} class=${classes} viewBox="0 0 54 78" width=${width} height=${height}
      data-card=${card} role="img" aria-label=${(props && props["aria-label"]) || label || name}>
      ${frame}
      <circle cx="27" cy="30" r="12" fill=${colour} opacity="0.85" />
      <text x="27" y="60" font-size=${name.length > 4 ? 8 : 10} font-weight="700" text-anchor="middle" fill="#222"
        textLength=${name.length > 3 ? 40 : undefined} lengthAdjust="spacingAndGlyphs">${name}</text>
    </svg>`;
  }
  const number = cardNumber(card);
  const rank = kind === "joker" ? "" : RANKS[number] || number;
  return html`<svg ...${props || {}} class=${classes} viewBox="0 0 54 78" width=${width} height=${height}
    data-card=${card} role="img" aria-label=${(props && props["aria-label"]) || label || cardLabel(card)}>
    ${frame}
    <text x="9" y="18" font-size="12" font-weight="700" fill=${colour}>${rank}</text>
    <text x="27" y="50" font-size="26" text-anchor="middle" fill=${colour}>${SYMBOLS[kind]}</text>
    ${small ? null : html`<text x="27" y="68" font-size="8" text-anchor="middle" fill="#333">${name}</text>`}
  </svg>`;
}

/** @param {{row: Array<string>, view: View, player: number}} props */
function Row({ row, view, player }) {
  const counts = view.row_counts[player];
  return html`<div class="row" aria-label=${t("face-up cards")} data-place=${`row:${player}`}>
    ${row.length === 0 ? html`<span class="muted">${t("no cards face up")}</span>` : null}
    ${row.map((card) => html`<${Card} card=${card} small=${true} />`)}
    <div class="counts">${Object.entries(/** @type {Object<string, number>} */ (counts)).filter(([, n]) => n > 0).map(([kind, n]) =>
      html`<span class="count" style=${{ borderColor: kindColour(kind) }}>${SYMBOLS[kind] || ""} ${kindName(kind)} ×${n}</span>`)}</div>
  </div>`;
}

/** @param {{view: View, name: SeatName}} props */
function InPlay({ view, name }) {
  const play = view.in_play;
  if (!play) return null;
  const steps = play.steps.map((/** @type {{action: string, player: number, to: number, claim: string}} */ step) => {
    if (step.action === "redirect") return t("{player} played a joker face up and made {target} answer", { player: name(step.player), target: name(step.to) });
    if (step.action === "peek") return t("{player} looked at it", { player: name(step.player) });
    return t("{player} → {target}: “{claim}”", { player: name(step.player), target: name(step.to), claim: kindName(step.claim) });
  });
  return html`<div class="in-play" id="in-play" data-place="in-play">
    <${Card} card=${play.card} />
    <div>
      <p><b>${t("“It is {claim}”", { claim: kindName(play.claim) })}</b> — ${t("{giver} gives it to {receiver}", { giver: name(play.giver), receiver: name(play.receiver) })}</p>
      <ol class="steps">${steps.map((/** @type {string} */ text) => html`<li>${text}</li>`)}</ol>
    </div>
  </div>`;
}

/** @param {{view: View, name: SeatName}} props */
function LastRound({ view, name }) {
  const last = view.log && view.log[view.log.length - 1];
  if (!last || view.in_play) return null;
  const who = last.steps[last.steps.length - 1];
  const fields = { player: name(who.player), row: name(last.row) };
  const outcome = last.correct
    ? t("{player} guessed right; it went face up in front of {row}", fields)
    : t("{player} guessed wrong; it went face up in front of {row}", fields);
  return html`<div class="last-round muted">
    ${t("Last round: the card was")} <${Card} card=${last.card} small=${true} /> — ${outcome}
  </div>`;
}

/** @param {import("asobiba/renderer_contract.js").TableProps} props */
function Table({ view, seat, picker, recent, name }) {
  const players = [...Array(view.players).keys()];
  const others = seat === null ? players : [...players.slice(seat + 1), ...players.slice(0, seat)];
  const highlighted = eventPlayers(recent);
  const lost = new Set(view.result ? view.result.losers : []);
  const panel = (/** @type {number} */ player) => html`<${SeatPanel} player=${player} view=${view} seat=${seat} picker=${picker} name=${name} recent=${highlighted}>
    <div class="hand-size">${t("{count} cards in hand", { count: view.hand_sizes[player] })}</div>
    ${lost.has(player) ? html`<div class="tag warn">${t("loses")}</div>` : null}
    <${Row} row=${view.rows[player]} view=${view} player=${player} />
  </${SeatPanel}>`;
  return html`<div class="cp">
    <div class="opponents">${others.map(panel)}</div>
    <div class="centre">
      <${InPlay} view=${view} name=${name} />
      <${LastRound} view=${view} name=${name} />
      ${view.options && view.options.rules === "trump" && view.options.jokers === "redirect"
        ? html`<span class="muted">${t("Jokers in the heap: {count}", { count: view.heap.length })}</span>`
        : null}
    </div>
    ${seat !== null
      ? html`<div class="mine">${panel(seat)}
          <div class="hand" aria-label=${t("your hand")} data-place="hand">
            ${(view.hand || []).map((/** @type {string} */ card) => html`<${Card} card=${card} props=${picker.pick(`card=${card}`)} picked=${picker.isPicked(`card=${card}`)} />`)}
          </div></div>`
      : null}
  </div>`;
}

/** @type {import("asobiba/renderer_contract.js").RendererParts} */
export default {
  Table,
  /** From the action's data: an offer is a card, then a player, then a claim. */
  tokens({ action }) {
    switch (action.kind) {
      case "offer":
        return [`card=${action.card}`, `p${action.target}`, action.claim];
      case "answer":
        return [action.yes ? "yes" : "no"];
      case "redirect":
        return [`p${action.target}`];
      case "pass":
        return [`p${action.target}`, action.claim];
      default:
        return [];
    }
  },
  drawn: (token) => token.startsWith("card=") || playerOf(token) !== null,
  /** Spending a joker and passing a card on ask for a confirming click (with "confirm moves" on). */
  costly: ({ action }) => action.kind === "redirect" || action.kind === "pass",
  tokenLabel(token) {
    if (token.startsWith("card=")) return cardLabel(token.slice(5));
    if (playerOf(token) !== null) return token;
    if (token === "yes") return t("It is!");
    if (token === "no") return t("It is not!");
    return kindName(token);
  },
  kindText: (pending, view, mine = true) => t((!mine && OTHERS_KIND_TEXT[pending.kind]) || KIND_TEXT[pending.kind] || pending.kind),
  resultText(view, name) {
    const losers = listText(((view.result && view.result.losers) || []).map(name));
    return sentences([losers ? t("{players} loses.", { players: losers }) : "", winnersText(view, name)]);
  },
};
