import { useEffect, useMemo, useReducer, useRef, useState } from "preact/hooks";
import { loadRenderer } from "./games.js";
import { html } from "./html.js";
import { N_, gameTitle, t } from "./i18n.js";
import { failureText, postJson, rememberToken, seatKindLabel } from "./lobby.js";
import { sendJson, whoAmI } from "./account.js";
import { selectAll, withChecked, withValue } from "./fields.js";
import { RoomSocket } from "./net.js";
import { makePicker } from "./picker.js";
import { initialRoom, isCurrent, reduceRoom, secondsLeft, waitBeforeShowing } from "./room_state.js";
import { Icon } from "./icons.js";
import { CoachHint, CoachPanel } from "./coach.js";
import { Verdicts } from "./learning.js";
import { RulesPanel } from "./rules_panel.js";
import { decisionPrompt, namedLabels, pageTitle, seatName, standings, turnArrival, withNames } from "./table_words.js";
import { Chat } from "./chat.js";
import { NameEditor } from "./name_edit.js";
import { WaitingRoom } from "./waiting.js";
import { SeatExit } from "./seat_exit.js";
import { linkedInvite, rememberInvites, seatLink, storedInvites } from "./invites.js";

/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").Picker} Picker */
/** @typedef {import("./renderer_contract.js").WireEvent} WireEvent */
/** @typedef {import("./wire.js").Presence} Presence */
/** @typedef {import("./wire.js").View} View */
/** @typedef {import("./wire.js").LegalAction} LegalAction */
/** @typedef {import("./wire.js").ClockInfo} ClockInfo */
/** @typedef {import("./room_state.js").KeptState} KeptState */
/** @typedef {import("./room_state.js").LogLine} LogLine */
/** @typedef {import("./i18n.js").Lang} Lang */
/** What a table draws: a position of the game and the seat it is seen from (a state frame, or a replay's step).
 * @typedef {{seq: number, seat: number | null, view: View, started?: boolean}} TableFrame */
/** A step of a replay (GET /api/rooms/{room}/replay). @typedef {{seq: number, view: View, events: Array<WireEvent>}} ReplayFrame */

/** @type {Array<[number, string]>} */
const SPEEDS = [
  [0, N_("instant")],
  [0.4, N_("fast")],
  [0.9, N_("normal")],
  [1.8, N_("slow")],
];

function storedSpeed() {
  const value = Number(localStorage.getItem("asobiba.speed"));
  return localStorage.getItem("asobiba.speed") !== null && Number.isFinite(value) ? value : 0.9;
}

/** @param {string} room */
function takeToken(room) {
  const match = location.hash.match(/token=([A-Za-z0-9_-]{1,200})/);
  if (match) {
    rememberToken(room, match[1]);
    history.replaceState(null, "", location.pathname); // the token leaves the address bar
  }
  if (location.hash === "#watch") return null;
  return localStorage.getItem(`asobiba.token.${room}`);
}

/** A seat's name as every part of the room shows it (the name its person gave, a bot's name in the
 * reader's language, else "Seat 1" while nobody has taken it). */
export const playerName = (/** @type {Presence | null} */ presence, /** @type {number} */ player) => seatName(presence, player, t);

/** ``text`` with the seats' names for p0…pN, in the reader's language. */
const withSeatNames = (/** @type {string} */ text, /** @type {Presence | null} */ presence) => withNames(text, presence, t);

/** A setting of the page, kept in localStorage (`on`: its value when never set).
 * @param {string} key @param {boolean} on */
function storedFlag(key, on) {
  const value = localStorage.getItem(key);
  return value === null ? on : value === "1";
}

/**
 * The table of a game: the game's picture inside the root that carries data-seq/phase/seat.
 * @param {{game: Renderer, frame: TableFrame, picker: Picker, presence: Presence | null, recent: Array<WireEvent>,
 *   current: boolean, highlight?: Set<string> | null}} props
 */
export function Table({ game, frame, picker, presence, recent, current, highlight }) {
  // In the waiting room nobody decides yet: no seat is marked to move.
  const view = frame.started === false ? { ...frame.view, to_move: null } : frame.view;
  const name = (/** @type {number} */ player) => playerName(presence, player);
  return html`<div class=${`table game-${view.game} ${current ? "current" : "behind"}`} id="table"
    data-seq=${frame.seq} data-phase=${view.phase} data-seat=${frame.seat === null ? "spectator" : frame.seat}
    data-current=${current ? "yes" : "no"}>
    <${game.Table} view=${view} seat=${frame.seat} picker=${picker} recent=${recent} name=${name} highlight=${highlight} />
  </div>`;
}

/** @param {Renderer} game @param {View} view @param {number | null} seat @param {Presence | null} presence */
function decisionText(game, view, seat, presence) {
  if (view.is_over) return t("The game is over.");
  const pending = view.pending;
  if (!pending) return "";
  if (pending.player < 0) return t("Shuffling…");
  const [message, fields] = decisionPrompt({ mover: pending.player, reader: seat, what: game.kindText(pending, view, pending.player === seat), presence, translate: t });
  return t(message, fields);
}

/** The words name the seats as the log does (`presence`).
 * @param {{picker: Picker | null, legal: Array<LegalAction>, current: boolean, game: Renderer, view?: View,
 *   presence?: Presence | null}} props */
export function ActionBar({ picker, legal, current, game, view, presence = null }) {
  if (!current || legal.length === 0 || !picker) return null;
  /** @param {string} token */
  const tokenWords = (token) => withSeatNames(game.tokenLabel(token, view), presence);
  /** @param {string} token */
  const labelOf = (token) => {
    const items = picker.next.get(token);
    return items && items.length === 1 ? items[0].entry.label : tokenWords(token);
  };
  return html`<div class="action-bar" role="group" aria-label=${t("Your choice")} data-place="actions">
    ${picker.picked.length
      ? html`<span class="picked">${picker.picked.map(tokenWords).join(" → ")}</span>`
      : null}
    ${picker.requested.length
      ? html`<button type="button" class="undo" data-undo="1" onClick=${picker.undo} aria-label=${t("Undo the last step")}>
          <${Icon} name="undo" /> ${t("Undo")}</button>
        <button type="button" class="cancel" data-cancel="1" onClick=${picker.cancel}>${t("Cancel")}</button>`
      : null}
    ${picker.complete.map(
      (entry) => html`<button type="button" class=${`act ${picker.confirming ? "confirm primary" : ""}`} data-action=${entry.notation}
        onClick=${() => { picker.act(entry.notation); picker.cancel(); }}>${picker.confirming ? t("Confirm: {move}", { move: entry.label }) : entry.label}</button>`,
    )}
    ${picker.offered.map((token) => {
      const props = picker.props(token, labelOf(token));
      return html`<button type="button" class="act" ...${props}>${labelOf(token)}</button>`;
    })}
  </div>`;
}

/** @param {{legal: Array<LegalAction>, act: (notation: string) => void}} props */
function AllMoves({ legal, act }) {
  if (legal.length === 0) return null;
  return html`<details class="all-moves">
    <summary>${t("All legal moves ({count})", { count: legal.length })}</summary>
    <ul>
      ${legal.map(
        (entry) => html`<li><button type="button" data-action=${entry.notation} data-list="1"
          onClick=${() => act(entry.notation)}>${entry.label}</button></li>`,
      )}
    </ul>
  </details>`;
}

/** The log; hovering, focusing or tapping a line lights the places it names on the picture
 * (`game.eventPlaces(event)`, for a game that has places), through `onHighlight`.
 * @param {{entries: Array<Omit<LogLine, "key"> & {key: number | string}>, presence: Presence | null, game?: Renderer | null,
 *   onHighlight?: (places: Set<string> | null) => void}} props */
export function Log({ entries, presence, game, onHighlight }) {
  const list = useRef(/** @type {HTMLOListElement | null} */ (null));
  /** @param {{event?: WireEvent}} entry @returns {Array<string>} */
  const places = (entry) => (game && game.eventPlaces && entry.event ? game.eventPlaces(entry.event) : []);
  useEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [entries.length]);
  return html`<section class="log card-panel" aria-label=${t("Log")} data-place="log">
    <h3>${t("Log")}</h3>
    <ol ref=${list} aria-live="polite" tabindex="0">
      ${entries.map((entry) => {
        const named = places(entry);
        if (!named.length || !onHighlight) return html`<li key=${entry.key} class=${entry.fresh ? "fresh" : ""}>${withSeatNames(entry.text, presence)}</li>`;
        const light = () => onHighlight(new Set(named));
        return html`<li key=${entry.key} class=${`places ${entry.fresh ? "fresh" : ""}`} data-places=${named.join(" ")}
          onMouseEnter=${light} onMouseLeave=${() => onHighlight(null)} onFocus=${light} onBlur=${() => onHighlight(null)}
          onClick=${light} tabindex="0">${withSeatNames(entry.text, presence)}</li>`;
      })}
    </ol>
  </section>`;
}

/** @param {{presence: Presence | null, seat: number | null, toMove: number | null, clock: ClockInfo | null, receivedAt: number}} props */
function Seats({ presence, seat, toMove, clock, receivedAt }) {
  if (!presence) return null;
  return html`<section class="seats card-panel" aria-label=${t("Seats")}>
    <ul>
      ${presence.seats.map(
        (s) => html`<li class=${`seat ${s.seat === toMove ? "to-move" : ""}`} data-seat-info=${s.seat}>
          <span class=${`dot ${s.connected || s.kind !== "human" ? "on" : "off"}`} aria-hidden="true"></span>
          <b>${playerName(presence, s.seat)}</b>
          ${s.seat === seat ? html` <span class="tag you">${t("you")}</span>` : null}
          ${s.kind !== "human" ? html` <span class="tag">${seatKindLabel(s.kind)}</span>` : null}
          ${s.taken_over && !s.resigned ? html` <span class="tag warn">${t("a bot plays for now")}</span>` : null}
          ${s.resigned ? html` <span class="tag warn" data-resigned="true">${t("resigned: a bot plays on")}</span>` : null}
          ${s.kind === "human" && !s.occupied ? html` <span class="tag">${t("free seat")}</span>` : null}
          ${s.kind === "human" && s.occupied && !s.connected ? html` <span class="tag">${t("away")}</span>` : null}
          ${clock && clock.player === s.seat ? html` <${Clock} clock=${clock} receivedAt=${receivedAt} />` : null}
        </li>`,
      )}
      <li class="muted">${t("{count} watching", { count: presence.spectators })}</li>
    </ul>
  </section>`;
}

/** @param {{clock: ClockInfo, receivedAt: number}} props */
function Clock({ clock, receivedAt }) {
  const [now, setNow] = useState(Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 500);
    return () => clearInterval(timer);
  }, []);
  const left = secondsLeft(clock, receivedAt, now);
  if (left === null) return null;
  return html`<span class=${`clock ${left < 10 ? "low" : ""}`} role="timer"><${Icon} name="clock" size="14" /> ${timeLeftText(left)}</span>`;
}

/** Seconds left as a reader counts them: days and hours (a turn-based room's clock), hours and
 * minutes, or seconds. @param {number} left */
export function timeLeftText(left) {
  const days = Math.floor(left / 86400);
  const hours = Math.floor((left % 86400) / 3600);
  const minutes = Math.floor((left % 3600) / 60);
  if (days > 0) return t("{days} d {hours} h left", { days, hours });
  if (hours > 0) return t("{hours} h {minutes} min left", { hours, minutes });
  return t("{seconds} s", { seconds: left });
}

/** Ask the browser once for notifications (after the person ticked the box: a user gesture). */
function askToNotify() {
  if ("Notification" in window && Notification.permission === "default") Notification.requestPermission().catch(() => {});
}

/** The page's one AudioContext for the chime (made on first use: a browser allows only a few). */
/** @type {AudioContext | null} */
let audio = null;

/** A short two-note chime and, while the page is hidden, a notification.
 * @param {string} text @param {string} title */
function announceTurn(text, title) {
  try {
    const context = audio || new AudioContext();
    audio = context;
    if (context.state === "suspended") context.resume().catch(() => {});
    [660, 880].forEach((frequency, index) => {
      const tone = context.createOscillator();
      const gain = context.createGain();
      tone.frequency.value = frequency;
      gain.gain.setValueAtTime(0.08, context.currentTime + index * 0.15);
      gain.gain.exponentialRampToValueAtTime(0.001, context.currentTime + index * 0.15 + 0.14);
      tone.connect(gain).connect(context.destination);
      tone.start(context.currentTime + index * 0.15);
      tone.stop(context.currentTime + index * 0.15 + 0.15);
    });
  } catch {
    // no sound on this machine
  }
  if (document.hidden && "Notification" in window && Notification.permission === "granted") new Notification(title, { body: text });
}

/** Taking the seat of an invite link: the joiner's name (remembered), then the seat (with the
 * link's invite code, if it carries one).
 * @param {{room: string, seat: number, invite: string | null, onJoined: (token: string) => void}} props */
function JoinSeat({ room, seat, invite, onJoined }) {
  const [name, setName] = useState(localStorage.getItem("asobiba.name") || "");
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);
  /** @param {Event} event */
  const submit = async (event) => {
    event.preventDefault();
    setBusy(true);
    try {
      const granted = await postJson(`/api/rooms/${room}/join`, invite ? { name, seat, invite } : { name, seat });
      localStorage.setItem("asobiba.name", name.trim());
      rememberToken(room, granted.token);
      history.replaceState(null, "", location.pathname);
      onJoined(granted.token);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };
  return html`<form class="join-seat card-panel" id="join-seat" onSubmit=${submit}>
    <h2>${t("You are invited to seat {seat}", { seat })}</h2>
    <div class="field"><label for="join-name">${t("Your name")}</label>
      <input id="join-name" type="text" maxlength="24" required value=${name}
        onInput=${withValue((value) => { setError(null); setName(value); })} /></div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
    <button type="submit" class="primary" id="take-seat" disabled=${busy || !name.trim()}>${t("Take the seat")}</button>
  </form>`;
}

/** The links of the free seats this page may hand out (an open seat's plain link; an invited seat's
 * link with the code this browser holds, i.e. its creator's), and the spectators' link.
 * @param {{room: string, presence: Presence | null, codes: Object<string, string>}} props */
function Invite({ room, presence, codes }) {
  const watch = `${location.origin}/r/${room}#watch`;
  /** @param {number} seat */
  const link = (seat) => seatLink(room, seat, codes[seat]);
  const free = presence
    ? presence.seats.filter((s) => s.kind === "human" && !s.occupied && (!s.invited || codes[s.seat]))
    : [];
  const [copied, setCopied] = useState(/** @type {number | "watch" | null} */ (null));
  /** @param {string} text @param {number | "watch"} which */
  const copy = (text, which) => {
    const done = () => setCopied(which);
    if (navigator.clipboard) navigator.clipboard.writeText(text).then(done, done);
    else done();
  };
  return html`<section class="invite card-panel">
    ${free.map(
      (s) => html`<div class="link-row" data-invite=${s.seat}><span>${t("Invite for seat {seat}", { seat: s.seat })}</span>
        <input readonly value=${link(s.seat)} aria-label=${t("Invite link")} onFocus=${selectAll} />
        <button type="button" data-copy=${`seat-${s.seat}`} onClick=${() => copy(link(s.seat), s.seat)}>
          ${copied === s.seat ? t("Copied") : t("Copy link")}</button></div>`,
    )}
    <div class="link-row"><span>${t("For spectators")}</span>
      <input readonly value=${watch} aria-label=${t("Spectator link")} onFocus=${selectAll} />
      <button type="button" data-copy="watch" onClick=${() => copy(watch, "watch")}>
        ${copied === "watch" ? t("Copied") : t("Copy link")}</button></div>
  </section>`;
}

/** The rematch's link for this page's player: it carries their token (their seat there is kept for it).
 * @param {string} rematch @param {string | null} token */
function rematchLink(rematch, token) {
  return token ? `/r/${rematch}#token=${token}` : `/r/${rematch}`;
}

/** `onReplay(coach)`: the replay, with the coach asked at once for this page's seat when `coach`.
 * @param {{game: Renderer, room: string, token: string | null, frame: KeptState, presence: Presence | null,
 *   onReplay: (coach: boolean) => void}} props */
function EndPanel({ game, room, token, frame, presence, onReplay }) {
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const view = frame.view;
  const rematch = async () => {
    try {
      const made = await postJson(`/api/rooms/${room}/rematch`, { token });
      if (made.token) rememberToken(made.room, made.token);
      location.assign(`/r/${made.room}`);
    } catch (failure) {
      setError(failureText(failure));
    }
  };
  const resigned = presence ? presence.seats.filter((s) => s.resigned).map((s) => s.seat) : [];
  const rows = standings(view.result || {}, view.players, resigned);
  return html`<section class="end card-panel" role="status" data-result="true">
    <h2>${t("Game over")}</h2>
    <p class="result" id="result" data-place="result">${game.resultText(view, (/** @type {number} */ p) => playerName(presence, p))}</p>
    <table class="standings">
      <thead><tr><th scope="col">${t("Rank")}</th><th scope="col">${t("Player")}</th><th scope="col">${t(game.scoreHeading || "Score")}</th></tr></thead>
      <tbody>${rows.map((row) => html`<tr data-seat=${row.seat} data-winner=${row.winner ? "true" : "false"} class=${row.winner ? "winner" : ""}>
        <td>${row.rank}</td><td>${playerName(presence, row.seat)}${row.seat === frame.seat ? html` <span class="tag you">${t("you")}</span>` : null}
          ${row.winner ? html` <span class="winner-badge">${t("winner")}</span>` : null}</td>
        <td>${row.score === null ? "—" : row.score}</td></tr>`)}</tbody>
    </table>
    <ul class="why">${frame.events.map((/** @type {WireEvent} */ event) => html`<li>${withSeatNames(event.text, presence)}</li>`)}</ul>
    <div class="buttons">
      <button type="button" class="primary" id="rematch" onClick=${rematch}>${t("Rematch")}</button>
      <button type="button" id="replay" onClick=${() => onReplay(false)}>${t("Replay")}</button>
      ${frame.seat === null
        ? null
        : html`<button type="button" id="coach-me" onClick=${() => onReplay(true)}>${t("What could I have done better?")}</button>`}
    </div>
    ${presence && presence.rematch
      ? html`<p>${t("A rematch is ready:")} <a id="rematch-link" href=${rematchLink(presence.rematch, token)}>${presence.rematch}</a></p>`
      : null}
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </section>`;
}

/** Times a replay is asked for again after 503 busy before it is given up. */
const REPLAY_TRIES = 10;

/**
 * `coach`: the coach is asked at once for `seat` (the result screen's "What could I have done better?").
 * @param {{game: Renderer, room: string, players: number, lang: Lang, presence: Presence | null, seat: number | null,
 *   coach: boolean, onClose: () => void}} props
 */
function Replay({ game, room, players, lang, presence, seat, coach, onClose }) {
  const [perspective, setPerspective] = useState("spectator"); // "spectator", or a seat's number
  const [frames, setFrames] = useState(/** @type {{perspective: string, list: Array<ReplayFrame>} | null} */ (null));
  const [index, setIndex] = useState(0);
  const [error, setError] = useState(/** @type {string | null} */ (null));
  useEffect(() => {
    const seat = perspective === "spectator" ? "" : `seat=${perspective}&`;
    let left = false;
    /** @type {ReturnType<typeof setTimeout> | undefined} */
    let timer;
    // 503 busy: the server makes other replays just now; ask again when its Retry-After says
    /** @param {number} tries @returns {Promise<void>} */
    const ask = (tries) =>
      fetch(`/api/rooms/${room}/replay?${seat}lang=${lang}`)
        .then((response) => {
          if (response.status === 503 && tries < REPLAY_TRIES) {
            const seconds = Math.min(Math.max(Number(response.headers.get("Retry-After")) || 1, 1), 30);
            timer = setTimeout(() => ask(tries + 1), seconds * 1000);
            return null;
          }
          return response.ok ? response.json() : Promise.reject(new Error(response.statusText));
        })
        .then((/** @type {Array<ReplayFrame> | null} */ list) => {
          if (left || list === null) return;
          setFrames({ perspective, list });
          setIndex((i) => Math.min(i, list.length - 1));
        })
        .catch(() => {
          if (!left) setError(t("The replay is not available."));
        });
    ask(0);
    return () => {
      left = true;
      clearTimeout(timer);
    };
  }, [perspective, lang]);
  const picker = useMemo(() => makePicker([], { tokens: () => [], drawn: () => true }, [], () => {}, () => {}), []);
  useEffect(() => {
    /** @param {KeyboardEvent} event */
    const key = (event) => {
      if (event.target instanceof HTMLInputElement || event.target instanceof HTMLSelectElement) return;
      if (event.key === "ArrowRight") setIndex((i) => Math.min(i + 1, frames ? frames.list.length - 1 : 0));
      if (event.key === "ArrowLeft") setIndex((i) => Math.max(i - 1, 0));
    };
    addEventListener("keydown", key);
    return () => removeEventListener("keydown", key);
  }, [frames]);
  if (error) return html`<p class="error">${error} <button type="button" onClick=${onClose}>${t("Close")}</button></p>`;
  if (!frames || frames.perspective !== perspective) return html`<p class="muted">${t("Loading…")}</p>`;
  const list = frames.list;
  const frame = list[index];
  const shown = { seq: frame.seq, seat: perspective === "spectator" ? null : Number(perspective), view: frame.view };
  // the step (1, 2, …) the replay shows for a position: the coach numbers its decisions the same way
  const stepOf = (/** @type {number} */ seq) => Math.max(0, list.findLastIndex((f) => f.seq <= seq)) + 1;
  const jump = (/** @type {number} */ seq) => setIndex(stepOf(seq) - 1);
  const log = list.slice(0, index + 1).flatMap((f, i) => f.events.map((e, j) => ({ key: `${i}-${j}`, text: e.text, fresh: i === index })));
  return html`<div class="replay" id="replay-view">
    <div class="replay-controls card-panel">
      <label for="perspective">${t("Seen by")}</label>
      <select id="perspective" value=${perspective} onChange=${withValue(setPerspective)}>
        <option value="spectator">${t("a spectator")}</option>
        ${[...Array(players).keys()].map((p) => html`<option value=${p}>${playerName(presence, p)}</option>`)}
      </select>
      <button type="button" data-replay="first" onClick=${() => setIndex(0)} aria-label=${t("First")}><${Icon} name="first" /></button>
      <button type="button" data-replay="back" onClick=${() => setIndex(Math.max(0, index - 1))} aria-label=${t("Back")}><${Icon} name="previous" /></button>
      <input type="range" min="0" max=${list.length - 1} value=${index} aria-label=${t("Step")}
        onInput=${withValue((value) => setIndex(Number(value)))} />
      <button type="button" data-replay="next" onClick=${() => setIndex(Math.min(list.length - 1, index + 1))} aria-label=${t("Next")}><${Icon} name="next" /></button>
      <button type="button" data-replay="last" onClick=${() => setIndex(list.length - 1)} aria-label=${t("Last")}><${Icon} name="last" /></button>
      <span class="muted" id="replay-step" data-step=${index + 1}>${t("step {step} of {steps}", { step: index + 1, steps: list.length })}</span>
      <button type="button" onClick=${onClose}>${t("Close")}</button>
    </div>
    <div class="room-grid">
      <div class="play"><${Table} game=${game} frame=${shown} picker=${picker} presence=${presence} recent=${frame.events} current=${false} /></div>
      <aside><${Log} entries=${log} presence=${presence} /></aside>
    </div>
    <${CoachPanel} room=${room} players=${players} seatName=${(/** @type {number} */ p) => playerName(presence, p)}
      initialSeat=${seat === null ? 0 : seat} currentSeq=${frame.seq} onJump=${jump} stepOf=${stepOf}
      asked=${coach && seat !== null} />
  </div>`;
}

/** @param {{room: string, lang: Lang}} props */
export function Room({ room, lang }) {
  const [state, dispatch] = useReducer(reduceRoom, undefined, () => initialRoom({ token: takeToken(room), speed: storedSpeed() }));
  const [game, setGame] = useState(/** @type {import("./renderer_contract.js").Renderer | null} */ (null)); // the renderer of the room's game (its own, or the generic table)
  const socket = useRef(/** @type {RoomSocket | null} */ (null));
  const { token, summary, status, queue, shown, log, presence, chat, verdicts, rejection, picked, speed, replaying } = state;
  const setPicked = (/** @type {Array<string>} */ next) => dispatch({ type: "pick", picked: next });
  const setReplaying = (/** @type {boolean} */ on) => dispatch({ type: "replaying", on });
  const [coaching, setCoaching] = useState(false); // the replay was opened for the coach ("What could I have done better?")

  useEffect(() => {
    fetch(`/api/rooms/${room}`)
      .then((response) => (response.ok ? response.json() : Promise.reject(new Error("no room"))))
      .then((found) => {
        dispatch({ type: "summary", summary: found });
        // a rematch keeps each player's seat for the token they held in the game before
        const before = found.rematch_of && localStorage.getItem(`asobiba.token.${found.rematch_of}`);
        if (!token && before && location.hash !== "#watch") {
          rememberToken(room, before);
          dispatch({ type: "token", token: before });
        } else if (!token && location.hash !== "#watch") {
          // no token here (another device, an emailed link): a signed-in player's own seat is taken back
          // on this device (a guest, or nobody's seat here: the room opens to watch)
          whoAmI()
            .then((me) => (me.guest ? Promise.reject(new Error("a guest")) : sendJson("POST", `/api/rooms/${room}/my-seat`, {})))
            .then((taken) => {
              rememberToken(room, taken.token);
              dispatch({ type: "token", token: taken.token });
            })
            .catch(() => null);
        }
      })
      .catch(() => dispatch({ type: "fatal", reason: "no_such_room" }));
  }, [room]);
  const [codes, setCodes] = useState(() => storedInvites(room)); // the invite codes this browser holds
  const keepInvite = (/** @type {number} */ seat, /** @type {string} */ link) => setCodes(rememberInvites(room, { [seat]: link }));

  useEffect(() => {
    if (status.fatal === "seat_freed") localStorage.removeItem(`asobiba.token.${room}`);
  }, [status.fatal]);

  useEffect(() => {
    const connection = new RoomSocket(room, token, lang, {
      onFrame: (frame) => dispatch({ type: "received", frame, at: Date.now() }),
      onStatus: (next) => dispatch({ type: "status", status: next }),
    });
    socket.current = connection;
    return () => connection.close();
  }, [room, token]);

  useEffect(() => {
    if (socket.current && socket.current.lang !== lang) socket.current.setLang(lang);
  }, [lang]);

  const gameName = summary ? summary.game : shown ? shown.view.game : null;
  useEffect(() => {
    if (gameName) loadRenderer(gameName).then((renderer) => setGame(() => renderer));
  }, [gameName]);

  // Show the frames one by one: each bot move gets its moment, never a jump to the last one.
  useEffect(() => {
    if (queue.length === 0) return undefined;
    const [next] = queue;
    const wait = waitBeforeShowing(state, Date.now());
    if (wait === 0) {
      dispatch({ type: "show", frame: next, at: Date.now() });
      return undefined;
    }
    const timer = setTimeout(() => dispatch({ type: "show", frame: next, at: Date.now() }), wait);
    return () => clearTimeout(timer);
  }, [queue, speed]);

  const [highlight, setHighlight] = useState(/** @type {Set<string> | null} */ (null)); // the places of the log line pointed at
  const [confirmMoves, setConfirmMoves] = useState(() => storedFlag("asobiba.confirm", true));
  const [alerts, setAlerts] = useState(() => storedFlag("asobiba.alerts", false));
  const [hints, setHints] = useState(() => storedFlag("asobiba.hints", false));
  /** @param {string} key @param {(on: boolean) => void} setter @returns {(on: boolean) => void} */
  const setFlag = (key, setter) => (on) => {
    localStorage.setItem(key, on ? "1" : "0");
    setter(on);
  };
  /** @param {number} value */
  const setSpeedStored = (value) => {
    localStorage.setItem("asobiba.speed", String(value));
    dispatch({ type: "speed", speed: value });
  };
  const current = isCurrent(state);
  const legal = current && shown ? namedLabels(shown.legal, presence, t) : []; // the moves' labels name the seats
  /** @param {string} notation */
  const act = (notation) => {
    if (!current || !shown || !socket.current) return;
    dispatch({ type: "rejection", message: null });
    socket.current.act(shown.seq, notation);
  };
  const picker = useMemo(
    () => (game && shown ? makePicker(legal, game, picked, setPicked, act, shown.view, { confirm: confirmMoves }) : null),
    [game, shown, picked, current, confirmMoves, presence],
  );
  const undoRef = useRef(/** @type {(() => void) | null} */ (null));
  undoRef.current = picker ? picker.undo : null;
  useEffect(() => {
    /** @param {KeyboardEvent} event */
    const escape = (event) => {
      if (event.key === "Escape" && undoRef.current) undoRef.current(); // one step back
    };
    addEventListener("keydown", escape);
    return () => removeEventListener("keydown", escape);
  }, []);
  // Whose turn: the title starts with "● " on ours; a sound and a notification if the person asked.
  const waiting = Boolean(shown && shown.started === false); // the waiting room: nobody moves yet
  const yourTurn = Boolean(shown && !waiting && !shown.view.is_over && shown.seat !== null && shown.view.to_move === shown.seat);
  useEffect(() => {
    document.title = pageTitle(`${summary ? gameTitle(summary.game) : "asobiba"} — ${t("Room")} ${room}`, yourTurn);
  }, [yourTurn, summary, lang]);
  // Who decides in the position shown (null: nobody yet or any more); the turn's arrival is announced
  // once, not at each of our decisions in a row.
  const mover = !shown ? undefined : waiting || shown.view.is_over ? null : shown.view.to_move;
  const lastMover = useRef(/** @type {number | null | undefined} */ (undefined));
  useEffect(() => {
    if (mover === undefined || !shown) return;
    const [arrived, before] = turnArrival(lastMover.current, mover, shown.seat);
    lastMover.current = before;
    if (arrived && alerts) announceTurn(t("Your turn"), gameName ? gameTitle(gameName) : "asobiba");
  }, [mover, shown ? shown.seq : null]);

  const join = async () => {
    const free = presence && presence.seats.find((s) => s.kind === "human" && !s.occupied && !s.invited);
    if (!localStorage.getItem("asobiba.name") && free) {
      location.assign(`/r/${room}?seat=${free.seat}`); // a name is asked on joining
      return;
    }
    try {
      const granted = await postJson(`/api/rooms/${room}/join`, { name: localStorage.getItem("asobiba.name") || null });
      history.replaceState(null, "", location.pathname);
      rememberToken(room, granted.token);
      dispatch({ type: "token", token: granted.token });
    } catch (failure) {
      dispatch({ type: "rejection", message: failureText(failure) });
    }
  };

  if (status.fatal) {
    /** @type {Object<string, string>} */
    const texts = {
      no_such_room: t("There is no such room."),
      bad_token: t("This link holds no seat in this room."),
      protocol: t("This page is out of date: reload it."),
      seat_freed: t("The room's creator freed your seat before the start."),
    };
    return html`<p class="error" role="alert">${texts[status.fatal]} <a href="/">${t("Back to the lobby")}</a></p>`;
  }
  if (replaying && shown && game) {
    return html`<${Replay} game=${game} room=${room} players=${shown.view.players} lang=${lang} presence=${presence}
      seat=${shown.seat} coach=${coaching} onClose=${() => setReplaying(false)} />`;
  }
  const seat = shown ? shown.seat : null;
  // the coach's hints: only for a player alone among bots (the server refuses them otherwise too)
  const alone = Boolean(presence && seat !== null && presence.seats.every((s) => s.seat === seat || s.kind !== "human"));
  const freeSeat = presence && presence.seats.some((s) => s.kind === "human" && !s.occupied && !s.invited);
  const invited = token ? null : linkedInvite();
  const offline = !status.online && !status.connecting;
  return html`<div class="room">
    ${offline
      ? html`<div class="offline" role="alert" id="offline">${t("Offline — reconnecting (attempt {attempt})…", { attempt: status.attempts || 1 })}
          ${shown ? html` ${t("The table shows the position at step {seq}; it may have moved on.", { seq: shown.seq })}` : null}</div>`
      : null}
    ${queue.length > 0 && shown
      ? html`<div class="catching-up" role="status">${t("Showing the moves made meanwhile ({count} to go)…", { count: queue.length })}
          <button type="button" onClick=${() => setSpeedStored(0)}>${t("Skip")}</button></div>`
      : null}
    ${invited !== null && !(shown && shown.view.is_over)
      ? html`<${JoinSeat} room=${room} seat=${invited.seat} invite=${invited.invite}
          onJoined=${(/** @type {string} */ granted) => dispatch({ type: "token", token: granted })} />`
      : null}
    <div class="status-line">
      <h1>${summary ? gameTitle(summary.game) : ""} <span class="muted">${t("Room")} ${room}</span></h1>
      <p class="decision" id="decision">${waiting ? t("Waiting for players…") : shown && game ? decisionText(game, shown.view, seat, presence) : t("Connecting…")}</p>
      ${seat === null && shown ? html`<p class="muted">${t("You are watching.")}${freeSeat && !shown.view.is_over && invited === null
        ? html` <button type="button" id="join" onClick=${join}>${t("Take a free seat")}</button>` : null}</p>` : null}
      ${rejection ? html`<p class="error" role="alert" id="rejected">${rejection}</p>` : null}
    </div>
    <div class="room-grid">
      <div class="play">
        ${waiting && shown ? html`<${WaitingRoom} room=${room} token=${token} presence=${presence} seat=${seat}
          game=${shown.view.game} players=${shown.view.players} codes=${codes} rematch=${Boolean(summary && summary.rematch_of)} onInvite=${keepInvite} invite=${html`<${Invite} room=${room} presence=${presence} codes=${codes} />`} />` : null}
        ${shown && game ? html`<${Table} game=${game} frame=${shown} picker=${picker} presence=${presence} recent=${shown.events} current=${current} highlight=${highlight} />` : null}
        ${alone && hints && yourTurn && current && token && shown
          ? html`<${CoachHint} room=${room} seat=${seat} seq=${shown.seq} token=${token} presence=${presence} />`
          : null}
        ${seat !== null && shown && !waiting
          ? html`<${Verdicts} verdicts=${verdicts} presence=${presence} learning=${Boolean(presence && presence.learning && alone)} />`
          : null}
        ${shown && game ? html`<${ActionBar} picker=${picker} legal=${legal} current=${current} game=${game} view=${shown.view} presence=${presence} />` : null}
        <${AllMoves} legal=${legal} act=${act} />
        ${shown && game && shown.view.is_over
          ? html`<${EndPanel} game=${game} room=${room} token=${token} frame=${shown} presence=${presence} onReplay=${(/** @type {boolean} */ coach) => {
              setCoaching(coach);
              setReplaying(true);
            }} />`
          : null}
      </div>
      <aside>
        ${seat !== null && token && presence ? html`<${NameEditor} room=${room} token=${token} presence=${presence} seat=${seat} />` : null}
        <${Seats} presence=${presence} seat=${seat} toMove=${mover ?? null} clock=${shown ? shown.clock : null} receivedAt=${shown ? shown.receivedAt : 0} />
        <${SeatExit} room=${room} token=${token} seat=${seat} presence=${presence} waiting=${waiting}
          over=${Boolean(shown && shown.view.is_over)} />
        <div class="speed card-panel">
          <label for="speed">${t("Others' moves")}</label>
          <select id="speed" value=${speed} onChange=${withValue((value) => setSpeedStored(Number(value)))}>
            ${SPEEDS.map(([value, label]) => html`<option value=${value}>${t(label)}</option>`)}
          </select>
        </div>
        <div class="settings card-panel">
          <label><input type="checkbox" id="confirm-moves" checked=${confirmMoves}
            onChange=${withChecked(setFlag("asobiba.confirm", setConfirmMoves))} /> ${t("Confirm moves")}</label>
          <label><input type="checkbox" id="turn-alerts" checked=${alerts}
            onChange=${withChecked((on) => { setFlag("asobiba.alerts", setAlerts)(on); if (on) askToNotify(); })} />
            <${Icon} name="bell" size="16" /> ${t("Sound and notification on my turn")}</label>
          ${alone
            ? html`<label><input type="checkbox" id="coach-hints" checked=${hints}
                onChange=${withChecked(setFlag("asobiba.hints", setHints))} /> ${t("Show what the coach would play")}</label>`
            : null}
        </div>
        ${gameName ? html`<${RulesPanel} game=${gameName} lang=${lang} />` : null}
        <${Log} entries=${log} presence=${presence} game=${game} onHighlight=${setHighlight} />
        <${Chat} messages=${chat} send=${(/** @type {string} */ text) => Boolean(socket.current && socket.current.chat(text))}
          presence=${presence} seat=${shown ? seat : queue.length ? queue[0].seat : undefined}
          mute=${(/** @type {string} */ spectator) => socket.current && socket.current.mute(spectator)} />
        ${shown && !waiting && !shown.view.is_over ? html`<${Invite} room=${room} presence=${presence} codes=${codes} />` : null}
      </aside>
    </div>
  </div>`;
}
