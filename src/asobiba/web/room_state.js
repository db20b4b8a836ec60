// The room page's state, in one reducer: what the server said (frames, presence, chat, the answer to
// our last act), the frames not yet shown, the shown one and the log, the decision being picked, and
// the page's own choices. `reduceRoom(state, event)` is pure: `node --test` runs it.

/** @typedef {import("./wire.js").StateFrame} StateFrame */
/** @typedef {import("./wire.js").ServerFrame} ServerFrame */
/** @typedef {import("./wire.js").Presence} Presence */
/** @typedef {import("./wire.js").ChatFrame} ChatFrame */
/** @typedef {import("./wire.js").VerdictFrame} VerdictFrame */
/** @typedef {import("./renderer_contract.js").WireEvent} WireEvent */

/**
 * A state frame as the room keeps it: `fresh` when its events are the whole game's (the answer to a
 * hello without a seq: the log starts again), `receivedAt` the time it arrived (ms).
 * @typedef {StateFrame & {fresh?: boolean, receivedAt?: number}} KeptState
 */
/** A frame from the server as net.js hands it on. @typedef {Exclude<ServerFrame, StateFrame> | KeptState} Received */
/**
 * The connection: online, waiting to connect again (`retryAt`, ms; `attempts`), or ended (`fatal`).
 * @typedef {{online: boolean, connecting?: boolean, retryAt?: number, attempts?: number, fatal?: string}} SocketStatus
 */
/** A line of the log: an event's (with the event) or a notice's. @typedef {{key: number, text: string, event?: WireEvent, fresh: boolean}} LogLine */

/**
 * The room page's state.
 * @typedef {object} RoomState
 * @property {string | null} token this tab's seat token
 * @property {Object<string, any> | null} summary the room's summary (GET /api/rooms/{room})
 * @property {SocketStatus} status
 * @property {Array<KeptState>} queue state frames not yet shown, oldest first
 * @property {KeptState | null} shown
 * @property {number} shownAt
 * @property {Array<LogLine>} log
 * @property {number} logCount
 * @property {Presence | null} presence
 * @property {Array<ChatFrame>} chat
 * @property {Array<VerdictFrame>} verdicts a learning room's verdicts of our moves, by the seq of each move
 * @property {string | null} rejection
 * @property {Array<string>} picked
 * @property {number} speed
 * @property {boolean} replaying
 */

/**
 * What changes the room's state.
 * @typedef {{type: "received", frame: Received, at: number} | {type: "show", frame: KeptState, at: number}
 *   | {type: "status", status: SocketStatus} | {type: "summary", summary: Object<string, any>}
 *   | {type: "fatal", reason: string} | {type: "pick", picked: Array<string>}
 *   | {type: "rejection", message: string | null} | {type: "token", token: string | null}
 *   | {type: "speed", speed: number} | {type: "replaying", on: boolean}} RoomEvent
 */

/** The log keeps this many lines. */
export const MAX_LOG = 400;
/** The chat keeps this many messages. */
export const MAX_CHAT = 200;
/** The page keeps this many verdicts of a learning room (the server keeps as many). */
export const MAX_VERDICTS = 20;

/**
 * @param {{token?: string | null, speed?: number}} [given]
 * @returns {RoomState}
 */
export function initialRoom({ token = null, speed = 0.9 } = {}) {
  return {
    token,
    summary: null,
    status: { online: false, connecting: true },
    queue: [], // state frames not yet shown, oldest first
    shown: null,
    shownAt: 0,
    log: [],
    logCount: 0,
    presence: null,
    chat: [],
    verdicts: [],
    rejection: null,
    picked: [],
    speed,
    replaying: false,
  };
}

/** A frame from the server, `at` the time it arrived (ms).
 * @param {RoomState} state @param {Received} frame @param {number} at @returns {RoomState} */
function received(state, frame, at) {
  switch (frame.type) {
    case "state":
      return { ...state, queue: [...state.queue, { ...frame, receivedAt: at }] };
    case "presence":
      return { ...state, presence: frame };
    case "chat": // kept messages come again after a reconnect: each id once
      if (frame.id !== undefined && state.chat.some((message) => message.id === frame.id)) return state;
      return { ...state, chat: [...state.chat.slice(-(MAX_CHAT - 1)), frame] };
    case "notice": // a line of the log from the server (a clock ran out, a bot took a seat over)
      return {
        ...state,
        log: [...state.log, { key: state.logCount, text: frame.text, fresh: true }].slice(-MAX_LOG),
        logCount: state.logCount + 1,
      };
    case "verdict": // a learning room's verdict of one of our moves: one per move (sent again after a reconnect), in move order
      return {
        ...state,
        verdicts: [...state.verdicts.filter((kept) => kept.seq !== frame.seq), frame]
          .sort((a, b) => a.seq - b.seq)
          .slice(-MAX_VERDICTS),
      };
    case "rejected":
      return frame.code === "stale" ? state : { ...state, rejection: frame.message };
    case "accepted":
      return { ...state, rejection: null };
    default:
      return state;
  }
}

/**
 * The oldest frame not yet shown, `frame`, becomes the shown one; its events join the log. A show
 * of a frame that is no longer the oldest (a timer that outlived its moment) changes nothing, so no
 * frame is ever skipped.
 * @param {RoomState} state @param {KeptState} frame @param {number} at @returns {RoomState}
 */
function showNext(state, frame, at) {
  if (state.queue.length === 0 || state.queue[0] !== frame) return state;
  const [next, ...queue] = state.queue;
  const texts = next.events.map((event, index) => ({ key: state.logCount + index, text: event.text, event, fresh: true }));
  const kept = next.fresh ? [] : state.log.map((entry) => (entry.fresh ? { ...entry, fresh: false } : entry));
  return {
    ...state,
    queue,
    shown: next,
    shownAt: at,
    picked: [],
    log: [...kept, ...texts].slice(-MAX_LOG),
    logCount: state.logCount + texts.length,
  };
}

/** @param {RoomState} state @param {RoomEvent} event @returns {RoomState} */
export function reduceRoom(state, event) {
  switch (event.type) {
    case "received":
      return received(state, event.frame, event.at);
    case "show":
      return showNext(state, event.frame, event.at);
    case "status":
      return { ...state, status: event.status };
    case "summary":
      return { ...state, summary: event.summary };
    case "fatal":
      return { ...state, status: { online: false, fatal: event.reason } };
    case "pick":
      return { ...state, picked: event.picked };
    case "rejection":
      return { ...state, rejection: event.message };
    case "token":
      return { ...state, token: event.token };
    case "speed":
      return { ...state, speed: event.speed };
    case "replaying":
      return { ...state, replaying: event.on };
    default:
      throw new Error(`the room has no event ${/** @type {{type: string}} */ (event).type}`);
  }
}

/**
 * How long the oldest queued frame waits before it is shown (ms): a position after somebody else's
 * decision waits its moment (counted from when the previous one appeared, so frames arriving
 * meanwhile never starve it); one after our own decision, or with nothing to show, at once.
 * @param {RoomState} state @param {number} now
 */
export function waitBeforeShowing(state, now) {
  const next = state.queue[0];
  const shown = state.shown;
  if (!next || !shown || next.fresh || next.events.length === 0) return 0;
  const othersMoved = shown.view.pending && shown.view.pending.player !== shown.seat;
  return othersMoved ? Math.max(0, state.shownAt + state.speed * 1000 - now) : 0;
}

/** Whether the shown position is the latest one while connected (only then may we act on it).
 * @param {RoomState} state */
export function isCurrent(state) {
  return Boolean(state.shown) && state.queue.length === 0 && state.status.online;
}

/** Seconds left on the clock of the shown frame, from the server's `remaining` when it arrived.
 * @param {import("./wire.js").ClockInfo | null} clock @param {number} receivedAt @param {number} now */
export function secondsLeft(clock, receivedAt, now) {
  if (!clock || clock.remaining === null || clock.remaining === undefined) return null;
  return Math.max(0, Math.round(clock.remaining - (now - receivedAt) / 1000));
}
