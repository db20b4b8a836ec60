// The tutorial player: any game's tutorial (GET /api/tutorials/{game}/{name}), drawn with the game's
// renderer exactly as a room draws it, with the teacher's panel (the words, Back / Skip / Next, step k
// of n), the log of the step's events, and the places the words speak of lit, with the element to click
// next for the move asked. A move made on the picture is tried first (POST …/attempt): refused, the
// teacher says why and nothing changes. The server keeps nothing: the step reached is kept in this
// browser (localStorage), and a tutorial opened again offers to resume there.
import { useEffect, useMemo, useRef, useState } from "preact/hooks";
import { html } from "./html.js";
import { loadRenderer } from "./games.js";
import { t } from "./i18n.js";
import { failureText, postJson, rememberToken } from "./lobby.js";
import { makePicker } from "./picker.js";
import { ActionBar, Log, Table } from "./room.js";
import { withNames } from "./table_words.js";
import { moveSelector, pointSelector, resumeStep, storageKey } from "./tutorial_marks.js";

/** @typedef {import("./renderer_contract.js").Renderer} Renderer */
/** @typedef {import("./renderer_contract.js").WireEvent} WireEvent */
/** @typedef {import("./wire.js").StateFrame} StateFrame */
/** @typedef {import("./wire.js").Presence} Presence */
/** @typedef {import("./i18n.js").Lang} Lang */
/** @typedef {import("./games.js").Json} Json */

/**
 * A tutorial's position at a step (server/routes/tutorials.py `position`).
 * @typedef {object} Position
 * @property {{game: string, name: string, key: string, title: string, minutes: number, players: number, learner: number,
 *   names: Array<string>, play_on: string, steps: number, options: Object<string, Json>}} tutorial
 * @property {number} index
 * @property {boolean} finished
 * @property {{say: string, point: Array<string>, do: Array<string>, wrong: string | null} | null} step
 * @property {string} last_say
 * @property {StateFrame} frame
 */

/** The tutorial's names as a room's presence gives seats theirs (the table and the log name players by them).
 * @param {Array<string>} names @param {number} learner @returns {Presence} */
function namedSeats(names, learner) {
  return {
    type: "presence",
    seats: names.map((name, seat) => ({
      seat, name, kind: seat === learner ? "human" : "bot:easy", occupied: true, connected: true, taken_over: false,
      invited: false, kept: false, resigned: false, timeouts: 0,
    })),
    spectators: 0, rematch: null, started: true, creator: learner, spectator_chat: false, muted: [], learning: false,
  };
}

/** The position at `step` of the tutorial `game`/`name`, in `lang`.
 * @param {string} game @param {string} name @param {number} step @param {Lang} lang @returns {Promise<Position>} */
async function fetchPosition(game, name, step, lang) {
  const response = await fetch(`/api/tutorials/${encodeURIComponent(game)}/${encodeURIComponent(name)}?step=${step}&lang=${lang}`);
  const data = await response.json().catch(() => ({}));
  if (!response.ok) throw new Error(data.message || response.statusText);
  return data;
}

/** Whether the page asks a confirming click for a move (the room's setting). */
function confirmMoves() {
  return localStorage.getItem("asobiba.confirm") !== "0";
}

/** Lights the places the words speak of (`data-tut-point`) and the element to click next (`data-tut-move`)
 * under `root`; returns the first element lit for the move (and true), else the first place (and false).
 * @param {HTMLElement} root @param {string} points @param {string} moves @returns {[Element | null, boolean]} */
function light(root, points, moves) {
  for (const element of root.querySelectorAll("[data-tut-point], [data-tut-move]")) {
    element.removeAttribute("data-tut-point");
    element.removeAttribute("data-tut-move");
  }
  const pointed = points ? [...root.querySelectorAll(points)] : [];
  const moving = moves ? [...root.querySelectorAll(moves)] : [];
  pointed.forEach((element) => element.setAttribute("data-tut-point", "true"));
  moving.forEach((element) => element.setAttribute("data-tut-move", "true"));
  return moving.length ? [moving[0], true] : [pointed[0] || null, false];
}

/** The end of a tutorial: the teacher's last words, a game against easy bots, the lobby.
 * @param {{position: Position}} props */
function Finished({ position }) {
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);
  const tutorial = position.tutorial;
  const play = async () => {
    setBusy(true);
    try {
      const seats = Object.fromEntries([...Array(tutorial.players).keys()].map((seat) => [String(seat), seat === 0 ? "human" : "bot:easy"]));
      const made = await postJson("/api/rooms", {
        game: tutorial.game, players: tutorial.players, options: tutorial.options, seats,
        name: localStorage.getItem("asobiba.name") || null, bot_delay: 1,
      });
      if (made.token) rememberToken(made.room, made.token);
      location.assign(`/r/${made.room}`);
    } catch (failure) {
      setError(failureText(failure));
      setBusy(false);
    }
  };
  return html`<div class="tutorial-end" data-tutorial-end="true">
    <h2>${t("You have finished the tutorial.")}</h2>
    <p class="teacher-say">${position.last_say}</p>
    <div class="buttons">
      <button type="button" class="primary" id="tutorial-play" onClick=${play} disabled=${busy}>${t("Play a game against easy bots")}</button>
      <a class="button" id="tutorial-lobby" href="/">${t("Back to the lobby")}</a>
    </div>
    ${error ? html`<p class="error" role="alert">${error}</p>` : null}
  </div>`;
}

/** @param {{game: string, name: string, lang: Lang}} props */
export function TutorialPage({ game, name, lang }) {
  const key = `${game}/${name}`;
  const [position, setPosition] = useState(/** @type {Position | null} */ (null));
  const [offer, setOffer] = useState(/** @type {{step: number, steps: number} | null} */ (null)); // "Resume at step k"
  const [renderer, setRenderer] = useState(/** @type {Renderer | null} */ (null));
  const [picked, setPicked] = useState(/** @type {Array<string>} */ ([]));
  const [why, setWhy] = useState(/** @type {string | null} */ (null));
  const [error, setError] = useState(/** @type {string | null} */ (null));
  const [busy, setBusy] = useState(false);
  const asked = useRef(0); // the last position asked for: an older answer is dropped
  const page = useRef(/** @type {HTMLDivElement | null} */ (null));
  const shownIndex = useRef(/** @type {number | null} */ (null));

  /** @param {Position} next */
  const show = (next) => {
    setPosition(next);
    setPicked([]);
    setWhy(null);
    setError(null);
    if (next.finished) localStorage.removeItem(storageKey(key));
    else localStorage.setItem(storageKey(key), String(next.index));
  };
  /** @param {number} step */
  const go = (step) => {
    const ticket = ++asked.current;
    setBusy(true);
    fetchPosition(game, name, step, lang)
      .then((next) => ticket === asked.current && show(next))
      .catch((failure) => ticket === asked.current && setError(failureText(failure)))
      .finally(() => ticket === asked.current && setBusy(false));
  };

  useEffect(() => {
    // the first visit starts at once; a tutorial left midway offers to resume where it was
    fetchPosition(game, name, 0, lang)
      .then((first) => {
        const stored = resumeStep(localStorage.getItem(storageKey(key)), first.tutorial.steps);
        if (stored === null) show(first);
        else setOffer({ step: stored, steps: first.tutorial.steps });
      })
      .catch((failure) => setError(failureText(failure)));
  }, [key]);
  useEffect(() => {
    if (position) go(position.index); // the same step in the other language
  }, [lang]);

  const gameName = position ? position.frame.view.game : null;
  useEffect(() => {
    if (gameName) loadRenderer(gameName).then((found) => setRenderer(() => found));
  }, [gameName]);
  useEffect(() => {
    document.title = `asobiba — ${position ? position.tutorial.title : t("Learn to play")}`;
  }, [position, lang]);

  const frame = position ? position.frame : null;
  /** @param {string} notation */
  const act = async (notation) => {
    if (!position || busy) return;
    setBusy(true);
    try {
      const answer = await postJson(`/api/tutorials/${encodeURIComponent(game)}/${encodeURIComponent(name)}/attempt?lang=${lang}`, {
        step: position.index,
        move: notation,
      });
      if (answer.accepted) show(answer.position);
      else {
        setPicked([]);
        setWhy(answer.why);
      }
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setBusy(false);
    }
  };
  const picker = useMemo(
    () => (renderer && frame ? makePicker(frame.legal, renderer, picked, setPicked, act, frame.view, { confirm: confirmMoves() }) : null),
    [renderer, frame, picked, busy],
  );
  const undo = useRef(/** @type {(() => void) | null} */ (null));
  undo.current = picker ? picker.undo : null;
  useEffect(() => {
    /** @param {KeyboardEvent} event */
    const escape = (event) => {
      if (event.key === "Escape" && undo.current) undo.current();
    };
    addEventListener("keydown", escape);
    return () => removeEventListener("keydown", escape);
  }, []);

  // the places the words speak of, and the element to click next, lit after every drawing
  const step = position ? position.step : null;
  const points = step ? pointSelector(step.point) : "";
  const moves =
    step && frame && renderer && picker ? moveSelector(step.do, frame.legal, (entry) => renderer.tokens(entry, frame.view), picker.picked) : "";
  const marks = useRef({ points, moves });
  marks.current = { points, moves };
  useEffect(() => {
    // a part of the picture drawn on its own (a stack's chooser, a round's scoring) is lit as it comes
    const root = page.current;
    if (!root) return undefined;
    const observer = new MutationObserver(() => light(root, marks.current.points, marks.current.moves));
    observer.observe(root, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [Boolean(position)]);
  useEffect(() => {
    if (!page.current || !position) return;
    const [first, moving] = light(page.current, points, moves);
    // brought into view once a step: the element to click when there is one, else what the words speak of
    if (first && shownIndex.current !== position.index && (moving || !moves)) {
      first.scrollIntoView({ block: "center", behavior: "instant" });
      shownIndex.current = position.index;
    }
  });

  if (error && !position && !offer) return html`<p class="error" role="alert" id="tutorial-error">${error} <a href="/">${t("Back to the lobby")}</a></p>`;
  if (offer && !position) {
    return html`<section class="teacher card-panel tutorial-resume" id="teacher" aria-label=${t("Teacher")}>
      <p>${t("You stopped at step {step} of {steps}.", { step: offer.step + 1, steps: offer.steps })}</p>
      <div class="buttons">
        <button type="button" class="primary" id="tutorial-resume" onClick=${() => { setOffer(null); go(offer.step); }}>
          ${t("Resume at step {step}", { step: offer.step + 1 })}</button>
        <button type="button" id="tutorial-restart" onClick=${() => { setOffer(null); go(0); }}>${t("Start again")}</button>
      </div>
    </section>`;
  }
  if (!position || !frame) return html`<p class="muted">${t("Loading…")}</p>`;
  const tutorial = position.tutorial;
  const presence = namedSeats(tutorial.names, tutorial.learner);
  /** @param {string} text */
  const named = (text) => withNames(text, presence, t);
  const log = frame.events.map((/** @type {WireEvent} */ event, index) => ({ key: `${position.index}-${index}`, text: event.text, fresh: true, event }));
  const count = Math.min(position.index + 1, tutorial.steps);
  return html`<div class="tutorial" ref=${page} data-step=${position.index} data-steps=${tutorial.steps}
    data-finished=${position.finished ? "true" : "false"} aria-busy=${busy ? "true" : "false"}>
    <div class="status-line">
      <h1>${tutorial.title} <span class="muted">${t("Learn to play")}</span></h1>
    </div>
    <div class="tutorial-grid">
      <div class="play">
        ${renderer ? html`<${Table} game=${renderer} frame=${frame} picker=${picker} presence=${presence} recent=${frame.events} current=${true} />` : null}
        ${frame.view.is_over && renderer
          ? html`<p class="result" data-place="result">${renderer.resultText(frame.view, (/** @type {number} */ p) => tutorial.names[p])}</p>`
          : null}
        <div class="tutorial-actions" data-place="actions">
          ${renderer ? html`<${ActionBar} picker=${picker} legal=${frame.legal} current=${true} game=${renderer} view=${frame.view} presence=${presence} />` : null}
        </div>
      </div>
      <aside>
        <section class="teacher card-panel" id="teacher" aria-label=${t("Teacher")}>
          <p class="muted tutorial-count" id="tutorial-count">${t("Step {step} of {steps}", { step: count, steps: tutorial.steps })}</p>
          ${step
            ? html`<p class="teacher-say" id="teacher-say" aria-live="polite">${named(step.say)}</p>`
            : html`<${Finished} position=${position} />`}
          ${why ? html`<p class="error teacher-why" role="alert" id="teacher-why">${named(why)}</p>` : null}
          ${error ? html`<p class="error" role="alert">${error}</p>` : null}
          <div class="buttons tutorial-nav">
            <button type="button" id="tutorial-back" disabled=${position.index === 0 || busy} onClick=${() => go(position.index - 1)}>${t("Back")}</button>
            ${step ? html`<button type="button" id="tutorial-skip" disabled=${busy} onClick=${() => go(position.index + 1)}>${t("Skip")}</button>` : null}
            ${step && !step.do.length
              ? html`<button type="button" class="primary" id="tutorial-next" disabled=${busy} onClick=${() => go(position.index + 1)}>${t("Next")}</button>`
              : null}
          </div>
        </section>
        <${Log} entries=${log} presence=${presence} game=${renderer} />
      </aside>
    </div>
  </div>`;
}
