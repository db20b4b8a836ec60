// The room WebSocket (docs/protocol.md): hello with the last seq seen, reconnect with backoff,
// resend an act that got no answer.
/** @typedef {import("./wire.js").ClientMessage} ClientMessage */
/** @typedef {import("./wire.js").Act} Act */
/** @typedef {import("./room_state.js").Received} Received */
/** @typedef {import("./room_state.js").SocketStatus} SocketStatus */
/** @typedef {{onFrame: (frame: Received) => void, onStatus: (status: SocketStatus) => void}} SocketHandlers */

const FIRST_DELAY = 250;
const MAX_DELAY = 5000;
/** The close codes after which the socket does not reconnect, and why. @type {Object<number, string>} */
const FINAL_CLOSES = { 4403: "bad_token", 4404: "no_such_room", 4400: "protocol", 4410: "seat_freed" };

export class RoomSocket {
  /** @param {string} room @param {string | null} token @param {import("./i18n.js").Lang} lang @param {SocketHandlers} handlers */
  constructor(room, token, lang, handlers) {
    this.room = room;
    this.token = token;
    this.lang = lang;
    this.handlers = handlers; // onFrame(frame), onStatus({online, retryIn, attempts, fatal})
    this.lastSeq = null;
    /** The view of the last state (a protocol 2 state may carry only what changed since). @type {import("./wire.js").View | null} */
    this.view = null;
    /** Every legal entry got, by notation (a protocol 2 state names those got before in `known`). @type {Map<string, import("./wire.js").LegalAction>} */
    this.entries = new Map();
    this.delay = FIRST_DELAY;
    this.attempts = 0;
    /** @type {Act | null} */
    this.pendingAct = null;
    this.nextId = 1;
    this.closed = false;
    this.connect();
  }

  url() {
    const scheme = location.protocol === "https:" ? "wss:" : "ws:";
    return `${scheme}//${location.host}/api/rooms/${encodeURIComponent(this.room)}/ws`;
  }

  connect() {
    if (this.closed) return;
    const socket = new WebSocket(this.url());
    this.socket = socket;
    socket.onopen = () => this.hello();
    socket.onmessage = (message) => {
      /** @type {Received} */
      let frame;
      try {
        frame = JSON.parse(message.data);
      } catch {
        return;
      }
      if (frame.type === "state") {
        if (frame.base !== null && frame.base !== undefined) {
          // only the keys of the view that changed since the state of seq `base`, the last one here
          if (this.view === null || frame.base !== this.lastSeq) {
            this.hello(); // not the view held (never expected): ask for a whole state
            return;
          }
          /** @type {Object<string, any>} */
          const view = { ...this.view, ...frame.view };
          // the lists of which few items changed: cut or grown to `length`, those items set
          for (const [key, [length, changed]] of Object.entries(frame.items ?? {})) {
            const items = view[key].slice(0, length);
            while (items.length < length) items.push(null);
            for (const [index, item] of changed) items[index] = item;
            view[key] = items;
          }
          frame.view = /** @type {import("./wire.js").View} */ (view);
        }
        this.view = frame.view;
        for (const entry of frame.legal) this.entries.set(entry.notation, entry);
        if (frame.known) {
          // the legal entries got before, by their place in the whole list
          const legal = [...frame.legal];
          for (const [place, notation] of frame.known) {
            const entry = this.entries.get(notation);
            if (entry === undefined) {
              this.hello(); // never got (never expected): ask for a whole state
              return;
            }
            legal.splice(place, 0, entry);
          }
          frame.legal = legal;
        }
        if (this.awaiting) {
          frame.fresh = this.helloSeq === null; // its events are the whole game's: the log starts again
          this.awaiting = false;
        }
        if (this.attempts || !this.online) {
          this.attempts = 0;
          this.delay = FIRST_DELAY;
          this.online = true;
          this.handlers.onStatus({ online: true });
          if (this.pendingAct && this.pendingAct.seq === frame.seq) this.send(this.pendingAct);
        }
        this.lastSeq = frame.seq;
      }
      if ((frame.type === "accepted" || frame.type === "rejected") && this.pendingAct && frame.id === this.pendingAct.id) {
        this.pendingAct = null;
      }
      this.handlers.onFrame(frame);
    };
    socket.onclose = (event) => {
      if (this.socket !== socket) return;
      this.online = false;
      if (this.closed) return;
      if (FINAL_CLOSES[event.code]) {
        this.handlers.onStatus({ online: false, fatal: FINAL_CLOSES[event.code] });
        return;
      }
      this.attempts += 1;
      const wait = this.delay;
      this.delay = Math.min(MAX_DELAY, this.delay * 2);
      this.handlers.onStatus({ online: false, retryAt: Date.now() + wait, attempts: this.attempts });
      this.timer = setTimeout(() => this.connect(), wait);
    };
  }

  hello() {
    this.helloSeq = this.lastSeq;
    this.awaiting = true;
    this.send({ type: "hello", protocol: 2, token: this.token, seq: this.lastSeq, lang: this.lang });
  }

  /** @param {ClientMessage} message */
  send(message) {
    if (this.socket && this.socket.readyState === WebSocket.OPEN) {
      this.socket.send(JSON.stringify(message));
      return true;
    }
    return false;
  }

  /** @param {number} seq @param {string} notation */
  act(seq, notation) {
    /** @type {Act} */
    const message = { type: "act", id: `a${this.nextId++}`, seq, action: notation };
    this.pendingAct = message;
    this.send(message);
  }

  /** @param {string} text */
  chat(text) {
    return this.send({ type: "chat", text });
  }

  /** @param {string} spectator */
  mute(spectator) {
    return this.send({ type: "mute", id: `m${this.nextId++}`, spectator });
  }

  /** @param {import("./i18n.js").Lang} lang */
  setLang(lang) {
    this.lang = lang;
    this.lastSeq = null; // the whole log again, in the new language
    this.hello();
  }

  close() {
    this.closed = true;
    clearTimeout(this.timer);
    if (this.socket) this.socket.close();
  }
}
