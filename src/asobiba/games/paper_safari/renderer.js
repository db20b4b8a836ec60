// Paper Safari: each player's 2×3 grid, the pile, the discard and the card in hand.
import { useEffect, useState } from "preact/hooks";
import { html } from "asobiba/html.js";
import { N_, currentLang, t } from "asobiba/i18n.js";
import { SeatPanel, eventPlayers, playerOf, winnersText } from "asobiba/game_parts.js";

/** @typedef {import("asobiba/wire.js").View} View */
/** @typedef {import("asobiba/renderer_contract.js").SeatName} SeatName */
/** @typedef {import("asobiba/renderer_contract.js").Picker} Picker */
/** A card as the view describes it (`view.cards`): its value (null: a Ditto), whether it is a star, its names.
 * @typedef {{value: number | null, star?: boolean, en: string, ja?: string}} CardInfo */
/** A round as it was scored (`view.rounds`).
 * @typedef {{round: number, winner: number | null, grids: Array<Array<string>>, numbers: Array<Array<number>>,
 *   scores: Array<number>}} ScoredRound */

/** @type {Object<string, string>} */
const KIND_TEXT = {
  turn: N_("draw from the pile or take the top of the discard"),
  place: N_("swap the card into one of your places, or discard it"),
  flip: N_("turn one of your face-down cards face up"),
  peek: N_("Charizard: look at one of your face-down cards, or skip"),
  snorlax: N_("Snorlax: exchange two of your places, or skip"),
  mew_opponent: N_("Mew: choose an opponent"),
  mew_take: N_("Mew: choose the opponent's card to take"),
  mew_place: N_("Mew: choose where the taken card goes"),
  meowth: N_("Team Rocket (Meowth): swap it into one of your places"),
  rocket: N_("Team Rocket (Pikachu): choose the place everybody throws away"),
};
/** @type {Object<string, string>} words for another's decision ("Ken is deciding: …") */
const OTHERS_KIND_TEXT = {
  place: N_("swap the card into one of their places, or discard it"),
  flip: N_("turn one of their face-down cards face up"),
  peek: N_("Charizard: look at one of their face-down cards, or skip"),
  snorlax: N_("Snorlax: exchange two of their places, or skip"),
  meowth: N_("Team Rocket (Meowth): swap it into one of their places"),
};
/** Card colours by value: from cool (low, good) to warm (high, bad); stars are gold.
 * @param {CardInfo | undefined} info */
function valueColour(info) {
  if (!info || info.value === null) return "#8c6bb1";
  if (info.star) return "#b8860b";
  const hues = ["#1a9850", "#66bd63", "#a6d96a", "#d9ef8b", "#fee08b", "#fdae61", "#f46d43", "#d73027", "#a50026"];
  return hues[Math.max(0, Math.min(hues.length - 1, Math.floor((info.value + 2) / 1.4)))];
}

/** True for a colour dark enough to need white text on it. @param {string} colour */
function darkBackground(colour) {
  const [r, g, b] = [1, 3, 5].map((i) => parseInt(colour.slice(i, i + 2), 16));
  return 0.299 * r + 0.587 * g + 0.114 * b < 140;
}

/**
 * A card face up (`card`), or face down (none).
 * @param {{card?: string | null, view: View, props?: Object<string, any> | null, picked?: boolean, known?: boolean,
 *   label?: string, place?: string, highlight?: boolean}} props
 */
export function PokeCard({ card, view, props, picked, known, label, place, highlight }) {
  const placed = (/** @type {string} */ text) => (place ? `${place}: ${text}` : text);
  const classes = ["card", "ps-card", picked ? "picked" : "", highlight ? "recent" : "", props ? props.class : ""].join(" ");
  if (!card) {
    return html`<svg ...${props || {}} class=${classes} viewBox="0 0 60 84" width="60" height="84"
      aria-label=${(props && props["aria-label"]) || placed(label || t("a card face down"))}>
      <rect x="1" y="1" width="58" height="82" rx="6" fill="#2b4a7d" stroke=${picked ? "#d00" : "#123"} stroke-width=${picked ? 3 : 1} />
      <circle cx="30" cy="42" r="14" fill="#fff" stroke="#123" stroke-width="2" />
      <path d="M16 42h28" stroke="#123" stroke-width="3" /><circle cx="30" cy="42" r="4" fill="#fff" stroke="#123" stroke-width="2" />
      ${label ? html`<text x="30" y="76" font-size="10" text-anchor="middle" fill="#fff">${label}</text>` : null}
    </svg>`;
  }
  /** @type {CardInfo | undefined} */
  const info = view.cards[card];
  const lang = currentLang();
  const title = info ? info[lang] || info.en : card;
  const value = info && info.value !== null ? String(info.value) : "?";
  const colour = valueColour(info);
  return html`<svg ...${props || {}} class=${classes} viewBox="0 0 60 84" width="60" height="84" data-card=${card}
    aria-label=${(props && props["aria-label"]) || placed(`${title} ${value}`)}>
    <rect x="1" y="1" width="58" height="82" rx="6" fill="#fffdf5" stroke=${picked ? "#d00" : "#333"} stroke-width=${picked ? 3 : 1} />
    <rect x="5" y="5" width="50" height="40" rx="4" fill=${colour} />
    <text x="30" y="36" font-size="24" font-weight="700" text-anchor="middle" fill=${darkBackground(colour) ? "#fff" : "#111"}>${value}</text>
    ${info && info.star ? html`<text x="50" y="16" font-size="11" text-anchor="middle" fill="#fff">★</text>` : null}
    <text x="30" y="60" font-size=${title.length > 8 ? 8 : 10} text-anchor="middle" fill="#222">${title}</text>
    ${known ? html`<text x="30" y="76" font-size="8" text-anchor="middle" fill="#666">${t("seen")}</text>` : null}
  </svg>`;
}

/** @param {{view: View, player: number, picker: Picker, seat: number | null}} props */
function Grid({ view, player, picker, seat }) {
  const cards = view.grids[player];
  return html`<div class="grid" aria-label=${t("grid")} data-place=${`grid:${player}`}>
    ${view.positions.map((/** @type {string} */ position, /** @type {number} */ index) => {
      const token = `g${player}.${position}`;
      const known = player === seat && view.known && view.known[position];
      const card = cards[index] || (known ? view.known[position] : null);
      // the slot's name once, under the card: never over a face-up card's number
      return html`<div class="slot" data-slot=${position}><${PokeCard} card=${card} view=${view} props=${picker.pick(token, position)}
        picked=${picker.isPicked(token)} known=${!cards[index] && known} place=${position} />
        <span class="pos" aria-hidden="true">${position}</span></div>`;
    })}
  </div>`;
}

/** @param {{view: View, seat: number | null, picker: Picker, name: SeatName}} props */
function Middle({ view, seat, picker, name }) {
  const pile = picker.pick("pile", t("draw from the pile"));
  const discard = picker.pick("discard", t("the discard"));
  return html`<div class="ps-middle">
    <div class="stack" data-place="deck"><${PokeCard} card=${null} view=${view} props=${pile} label=${String(view.pile_size)} />
      <span>${t("pile")}</span></div>
    <div class="stack" data-place="discard">${view.discard_top
      ? html`<${PokeCard} card=${view.discard_top} view=${view} props=${discard} />`
      : html`<div class="empty-slot" ...${discard || {}}>${t("empty")}</div>`}<span>${t("discard")}</span></div>
    ${view.hand_holder !== null && view.hand_holder !== undefined
      ? html`<div class="stack in-hand" id="in-hand" data-place="hand"><${PokeCard} card=${view.hand} view=${view} />
          <span>${view.hand_holder === seat ? t("in your hand") : t("in the hand of {player}", { player: name(view.hand_holder) })}</span></div>`
      : null}
    <div class="tokens">${t("Round {round}", { round: view.round })} · ${t("Round wins needed: {count}", { count: view.tokens_to_win })}</div>
  </div>`;
}

/** A round's scoring holds the table this long unless the person presses Continue first (seconds). */
export const HOLD_SECONDS = 10;

/** @param {ScoredRound} round @param {SeatName} name */
function roundTitle(round, name) {
  return round.winner === null || round.winner === undefined
    ? t("Round {round}: nobody wins it", { round: round.round })
    : t("Round {round}: {player} wins it", { round: round.round, player: name(round.winner) });
}

/** A column's count with its sign: +3, +0, -2. */
const signed = (/** @type {number} */ count) => (count < 0 ? String(count) : `+${count}`);

/** Whether column `column` (0–2: a1/b1, a2/b2, a3/b3) shows one number twice: it counts 0. */
const matched = (/** @type {Array<number>} */ numbers, /** @type {number} */ column) => numbers[column] === numbers[column + 3];

/** A grid as it was scored: its 2×3 layout, each Ditto with the number it took, the matched
 * columns marked (they count 0) and each column's count under it.
 * @param {{view: View, round: ScoredRound, player: number}} props */
function ScoredGrid({ view, round, player }) {
  const cards = round.grids[player];
  const numbers = round.numbers[player];
  return html`<div class="grid scored" data-scored=${player}>
    ${view.positions.map((/** @type {string} */ position, /** @type {number} */ index) => {
      /** @type {CardInfo | undefined} */
      const info = view.cards[cards[index]];
      const ditto = Boolean(info && info.value === null);
      const pair = matched(numbers, index % 3);
      return html`<div class=${`slot ${pair ? "matched" : ""}`} data-position=${position} data-matched=${pair ? "true" : "false"}>
        <${PokeCard} card=${cards[index]} view=${view} />
        ${ditto ? html`<span class="ditto-as" data-ditto=${numbers[index]}>${t("Ditto = {number}", { number: numbers[index] })}</span>` : null}
      </div>`;
    })}
    ${[0, 1, 2].map((column) => html`<span class=${`column-count ${matched(numbers, column) ? "matched" : ""}`}
      data-column=${column}>${matched(numbers, column) ? t("pair: 0") : signed(numbers[column] + numbers[column + 3])}</span>`)}
  </div>`;
}

/** @param {{view: View, round: ScoredRound, name: SeatName}} props */
function RoundRows({ view, round, name }) {
  return round.grids.map((_, player) => html`<div class=${`reveal-row ${player === round.winner ? "winner" : ""}`} data-round-player=${player}>
    <b>${name(player)}</b>: <span class="round-score" data-score=${round.scores[player]}>${t("{points} points", { points: round.scores[player] })}</span>
    ${player === round.winner ? html` <span class="winner-badge">${t("wins the round")}</span>` : null}
    <${ScoredGrid} view=${view} round=${round} player=${player} />
  </div>`);
}

/** @param {{seconds: number}} props */
function Countdown({ seconds }) {
  const [left, setLeft] = useState(seconds);
  useEffect(() => {
    const timer = setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => clearInterval(timer);
  }, []);
  return html`<span class="muted">${t("(goes on in {seconds} s)", { seconds: left })}</span>`;
}

/** The round just scored, in place of the next round's table until Continue (or HOLD_SECONDS).
 * @param {{view: View, round: ScoredRound, name: SeatName, onContinue: () => void}} props */
function RoundScoring({ view, round, name, onContinue }) {
  return html`<section class="round-scoring card-panel" data-round-scoring=${round.round} aria-label=${t("Round scoring")}>
    <h3>${roundTitle(round, name)}</h3>
    <p class="muted">${t("A column of two equal numbers counts 0; a Ditto takes a neighbour's number.")}</p>
    <${RoundRows} view=${view} round=${round} name=${name} />
    <p><button type="button" class="primary" data-choice="continue" onClick=${onContinue}>${t("Continue")}</button>
      <${Countdown} seconds=${HOLD_SECONDS} /></p>
  </section>`;
}

/** @param {{view: View, name: SeatName}} props */
function Rounds({ view, name }) {
  if (!view.rounds.length) return null;
  const last = view.rounds[view.rounds.length - 1];
  return html`<details class="rounds" open=${view.is_over}>
    <summary>${roundTitle(last, name)}</summary>
    ${view.rounds.map((/** @type {ScoredRound} */ round) => html`<div class="round-reveal">
      <h4>${roundTitle(round, name)}</h4>
      <${RoundRows} view=${view} round=${round} name=${name} />
    </div>`)}
  </details>`;
}

/**
 * The rounds the person has seen scored: a round that ends during the game holds the picture (its
 * scoring instead of the next deal) until Continue or HOLD_SECONDS. The server does not pause: the
 * next round's position is already here, and the page alone waits. Rounds over before the page
 * opened, and the last one of a finished game (the end panel shows it), are not held.
 * @param {View} view
 * @returns {[boolean, () => void]}
 */
function useRoundHold(view) {
  const [seen, setSeen] = useState(view.rounds.length);
  const holding = !view.is_over && view.rounds.length > seen;
  const release = () => setSeen(view.rounds.length);
  useEffect(() => {
    if (!holding) return undefined;
    const timer = setTimeout(release, HOLD_SECONDS * 1000);
    return () => clearTimeout(timer);
  }, [holding, view.rounds.length]);
  return [holding, release];
}

/** @param {import("asobiba/renderer_contract.js").TableProps} props */
function Table({ view, seat, picker, recent, name }) {
  const players = [...Array(view.players).keys()];
  const order = seat === null ? players : [...players.slice(seat + 1), ...players.slice(0, seat)];
  const highlighted = eventPlayers(recent);
  const [holding, release] = useRoundHold(view);
  if (holding) {
    return html`<div class="ps"><${RoundScoring} view=${view} round=${view.rounds[view.rounds.length - 1]} name=${name}
      onContinue=${release} /></div>`;
  }
  const panel = (/** @type {number} */ player) => html`<${SeatPanel} player=${player} view=${view} seat=${seat} picker=${picker} name=${name} recent=${highlighted}>
    <div class="tokens" data-place=${`tokens:${player}`}>${"●".repeat(view.tokens[player])}${"○".repeat(Math.max(0, view.tokens_to_win - view.tokens[player]))}</div>
    <${Grid} view=${view} player=${player} picker=${picker} seat=${seat} />
  </${SeatPanel}>`;
  return html`<div class="ps">
    <div class="opponents">${order.map(panel)}</div>
    <${Middle} view=${view} seat=${seat} picker=${picker} name=${name} />
    ${seat !== null ? html`<div class="mine">${panel(seat)}</div>` : null}
    <${Rounds} view=${view} name=${name} />
  </div>`;
}

/** The fields of an action's data that name a place of a grid. */
const PLACE_FIELDS = ["position", "first", "second"];

/** @type {import("asobiba/renderer_contract.js").RendererParts} */
export default {
  Table,
  /** From the action's data: the pile, the discard, a place of a grid, an opponent, or the kind. */
  tokens({ action }, view) {
    if (action.kind === "draw") return ["pile"];
    if (action.kind === "discard" || action.kind === "take_discard") return ["discard"];
    if (action.kind === "mew_choose") return [`p${action.opponent}`];
    const grid = action.kind === "mew_take" && view.pending ? view.pending.opponent : view.to_move;
    const places = PLACE_FIELDS.filter((field) => field in action).map((field) => `g${grid}.${view.positions[action[field]]}`);
    return places.length ? places : [action.kind];
  },
  drawn: (token) => token === "pile" || token === "discard" || /^g\d+\./.test(token) || playerOf(token) !== null,
  tokenLabel(token) {
    if (token === "skip") return t("Skip");
    const match = /^g\d+\.(.+)$/.exec(token);
    return match ? match[1] : token;
  },
  kindText: (pending, view, mine = true) => t((!mine && OTHERS_KIND_TEXT[pending.kind]) || KIND_TEXT[pending.kind] || pending.kind),
  resultText: (view, name) => winnersText(view, name),
  scoreHeading: N_("Tokens"),
};
