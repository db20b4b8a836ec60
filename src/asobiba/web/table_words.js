// What the room says about people, as pure functions (`node --test` runs them): a seat's name, the
// log's lines with names for p0…pN, the prompt that speaks to the reader, the page title that tells
// whose turn it is (and when it has just come), and the final standing of every seat. No i18n import: texts come back as
// [message, fields] for the page's t() (the messages are marked for the catalog with N_).
import { SECOND_PERSON, YOU, secondPerson } from "./second_person.js";

/** @typedef {import("./wire.js").Presence} Presence */
/** @typedef {import("./wire.js").SeatInfo} SeatInfo */
/** A message and its fields, for the page's t(). @typedef {[string, Object<string, unknown>]} Words */
/** @callback Translate @param {string} message @param {Object<string, unknown>} [fields] @returns {string} */

/** Marks a message for the catalog (python -m asobiba.web.catalog finds it); the page translates it.
 * @param {string} message */
const N_ = (message) => message;

/** The page title's mark while it is the reader's turn. */
export const TURN_MARK = "● ";

/** An English message with its {fields} filled: the translation where none is given (node tests).
 * @type {Translate} */
export function fill(message, fields = {}) {
  return message.replace(/\{(\w+)\}/g, (whole, key) => (key in fields ? String(fields[key]) : whole));
}

/** Whether a seat of the presence is played by a bot (its kind "bot:<level>"). @param {SeatInfo} seat */
const isBot = (seat) => typeof seat.kind === "string" && seat.kind.startsWith("bot");

/** A bot seat's name, as [message, fields]: "Bot" when it is the table's only bot, else "Bot 1",
 * "Bot 2"… in seat order (a seat a bot plays for an absent person keeps the person's name).
 * @param {Presence} presence @param {number} player @returns {Words} */
export function botName(presence, player) {
  const bots = presence.seats.filter(isBot).map((seat) => seat.seat);
  return bots.length === 1 ? [N_("Bot"), {}] : [N_("Bot {number}"), { number: bots.indexOf(player) + 1 }];
}

/** The name a seat goes by: the name its person gave; a bot's name ("Bot 2", in the reader's language
 * through ``translate``); else "Seat 1" (a seat nobody has taken yet: its number, as in its invite
 * link and the server's messages).
 * @param {Presence | null | undefined} presence @param {number} player @param {Translate} [translate] @returns {string} */
export function seatName(presence, player, translate = fill) {
  const seat = presence && presence.seats && presence.seats[player];
  if (seat && seat.name) return seat.name;
  if (presence && seat && isBot(seat)) return translate(...botName(presence, player));
  return translate(N_("Seat {seat}"), { seat: player });
}

/** A player written p0…pN in a text (the notation's players), as a whole word. */
const PLAYER_WORD = /(?<![A-Za-z0-9_#])p(\d{1,2})(?![A-Za-z0-9_])/g;

/** ``text`` with every p0…pN of a seat of the room replaced by the seat's name (a person's, a bot's, or
 * "Seat 1" while nobody has taken it); a seat named "You" (a tutorial's learner) read in the second person.
 * @template {string | null | undefined} T
 * @param {T} text @param {Presence | null | undefined} presence @param {Translate} [translate] @returns {T | string} */
export function withNames(text, presence, translate = fill) {
  if (!text || !presence || !presence.seats) return text;
  const named = text.replace(PLAYER_WORD, (whole, number) => {
    if (!presence.seats[Number(number)]) return whole;
    const name = seatName(presence, Number(number), translate);
    return name === SECOND_PERSON ? YOU : name;
  });
  return named.includes(YOU) ? secondPerson(named) : named;
}

/** The legal moves, their labels naming the seats (buttons, list, spoken labels), never "p1".
 * @template {{label: string}} E
 * @param {Array<E>} legal @param {Presence | null | undefined} presence @param {Translate} [translate] @returns {Array<E>} */
export function namedLabels(legal, presence, translate = fill) {
  return legal.map((entry) => ({ ...entry, label: withNames(entry.label, presence, translate) }));
}

/** The line above the table, as [message, fields]: "Your turn: …" to the mover, "Ken is deciding: …"
 * to everyone else.
 * @param {{mover: number, reader: number | null, what: string, presence: Presence | null | undefined,
 *   translate?: Translate}} props @returns {Words} */
export function decisionPrompt({ mover, reader, what, presence, translate = fill }) {
  if (mover === reader) return [N_("Your turn: {what}"), { what }];
  return [N_("{player} is deciding: {what}"), { player: seatName(presence, mover, translate), what }];
}

/** The page title: the room's title, marked while it is the reader's turn. @param {string} title @param {boolean} yourTurn */
export function pageTitle(title, yourTurn) {
  return yourTurn ? `${TURN_MARK}${title}` : title;
}

/** The player of a chance node (a deal, a die): the view's to_move there. */
export const CHANCE = -1;

/**
 * Whether the reader's turn has just come, once per turn: `before` is who decided in the positions
 * shown so far (`undefined` before the first: a page opened on its turn does not announce it; `null`
 * nobody: the waiting room, a finished game), `mover` who decides in the position shown now.
 * Returns [arrived, before for the next position]. The reader's decisions in a row (a draw and its
 * placing, the steps of a move) are one turn, and so are the reader's before and after a chance
 * outcome (a die rolled within the turn).
 * @param {number | null | undefined} before @param {number | null} mover @param {number | null} reader
 * @returns {[boolean, number | null | undefined]}
 */
export function turnArrival(before, mover, reader) {
  if (mover === CHANCE) return [false, before];
  return [before !== undefined && reader !== null && mover === reader && before !== reader, mover];
}

/** A seat's place at the end (``resigned``: its player resigned or forfeited, so it is last).
 * @typedef {{seat: number, rank: number, score: number | null, winner: boolean, resigned: boolean}} Standing */

/**
 * Every seat's standing at the end, best first: winners share rank 1; the others are ranked by their
 * score (higher first, ties share a rank) after the winners. `result` is the view's
 * `{winners, losers, scores, reason}`.
 * @param {{winners?: Array<number>, scores?: Array<unknown>}} result @param {number} players
 * @param {Array<number>} [resigned] the seats whose player resigned or forfeited
 * @returns {Array<Standing>}
 */
export function standings(result, players, resigned = []) {
  const out = new Set(resigned); // seats whose player resigned or forfeited: last, whatever the game says
  const winners = new Set((result.winners || []).filter((seat) => !out.has(seat)));
  const scores = result.scores || [];
  const seats = [...Array(players).keys()];
  /** @param {number} seat @returns {number | null} */
  const score = (seat) => (typeof scores[seat] === "number" ? scores[seat] : null);
  const order = [...seats].sort(
    (a, b) =>
      Number(out.has(a)) - Number(out.has(b)) ||
      Number(winners.has(b)) - Number(winners.has(a)) ||
      (out.has(a) ? 0 : (score(b) ?? 0) - (score(a) ?? 0)) ||
      a - b,
  );
  /** @type {Array<Standing>} */
  const rows = [];
  order.forEach((seat, index) => {
    const previous = rows[index - 1];
    const tied =
      previous &&
      (out.has(seat)
        ? previous.resigned
        : !previous.resigned && winners.has(seat) === previous.winner && (winners.has(seat) || score(seat) === previous.score));
    rows.push({ seat, rank: tied ? previous.rank : index + 1, score: score(seat), winner: winners.has(seat), resigned: out.has(seat) });
  });
  return rows;
}
