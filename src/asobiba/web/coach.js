// The coach: after the game, an analysis of any seat's decisions (POST/GET /api/rooms/{room}/analysis,
// docs/protocol.md) — the win-probability curve drawn in SVG (a point jumps the replay there), each
// decision said in words (what the better move was and why, with the chances before and after and
// their intervals; or that the move was good, or that the difference is within noise), the moves
// weighed with their chances, the costliest marked; and,
// while playing alone among bots, the hint "what the coach would play" (GET /api/rooms/{room}/hint).
import { useEffect, useState } from "preact/hooks";
import { html } from "./html.js";
import { currentLang, t } from "./i18n.js";
import { hitBands } from "./curve_bands.js";
import { withValue } from "./fields.js";
import { failureText, postJson } from "./lobby.js";
import { withNames } from "./table_words.js";

/** @typedef {import("./games.js").Texts} Texts */
/**
 * A move the coach weighed (docs/protocol.md, the analysis): its notation, its words, its chance of
 * winning with the 95% interval and the samples it was played out in.
 * @typedef {{action: string, label?: Texts | null, win: number, low: number, high: number, n: number}} Candidate
 */
/**
 * How the coach judged a decision: the move played was as good as any ("best"), about as good as the
 * best ("close"), gave away chance for sure ("costly"), or the difference is within noise ("noise").
 * @typedef {"best" | "close" | "costly" | "noise"} Verdict
 */
/**
 * One decision of the seat analysed: the move chosen, the best, what the choice lost, the verdict and
 * the coach's words (`why` in the language asked; `words` in every language).
 * @typedef {{seq: number, marked: boolean, loss: number, chosen: string, best: string, candidates: Array<Candidate>,
 *   verdict?: Verdict, why?: Array<string>, words?: Object<string, Array<string>>}} Decision
 */
/** A point of the win-probability curve. @typedef {{seq: number, win: number, marked: boolean}} CurvePoint */
/** @typedef {{seat: number, samples: number, curve: Array<CurvePoint>, decisions: Array<Decision>}} Analysis */

/** Marks a message for the catalog (python -m asobiba.web.catalog finds it); t() translates it.
 * @param {string} message */
const N_ = (message) => message;

/** The tag of each verdict. @type {Object<Verdict, string>} */
const VERDICT_TAGS = {
  best: N_("good move"),
  close: N_("about as good"),
  costly: N_("could be better"),
  noise: N_("within noise"),
};

/** The coach's words for a decision, in the reader's language (`why` if the server gave no others).
 * @param {Decision} decision @returns {Array<string>} */
export function decisionWords(decision) {
  return (decision.words && (decision.words[currentLang()] || decision.words.en)) || decision.why || [];
}

const WIDTH = 320;
const HEIGHT = 140;
const PAD = { left: 34, right: 8, top: 8, bottom: 18 };

/** @param {number} chance */
const percent = (chance) => `${Math.round(chance * 100)}%`;

/** A move of the analysis in the reader's language (its notation if the server gave no words).
 * @param {{action: string, label?: Texts | null}} candidate */
function label(candidate) {
  return (candidate.label && (candidate.label[currentLang()] || candidate.label.en)) || candidate.action;
}

/**
 * Where an analysis is: not asked for, on its way (`queued`: its place in the server's queue, 0 once
 * it runs), made, or failed.
 * @typedef {{idle?: true, progress?: number, queued?: number, analysis?: Analysis, error?: string}} AnalysisState
 */

/** Start the analysis of `seat` (or join it) and follow it until made: {analysis} or {progress, queued}
 * (`queued`: its place in the server's queue, 0 once it runs).
 * @param {string} room @param {number} seat
 * @returns {[AnalysisState, () => Promise<void>]} */
function useAnalysis(room, seat) {
  const [found, setFound] = useState(/** @type {AnalysisState} */ ({ idle: true }));
  useEffect(() => {
    setFound({ idle: true });
  }, [room, seat]);
  const start = async () => {
    setFound({ progress: 0, queued: 0 });
    try {
      let answer = await postJson(`/api/rooms/${room}/analysis?seat=${seat}&lang=${currentLang()}`, {});
      while (!answer.decisions) {
        setFound({ progress: answer.progress || 0, queued: answer.queued || 0 });
        await new Promise((resolve) => setTimeout(resolve, 600));
        const response = await fetch(`/api/rooms/${room}/analysis?seat=${seat}&lang=${currentLang()}`);
        answer = await response.json();
        if (!response.ok) throw new Error(answer.message || response.statusText);
      }
      setFound({ analysis: /** @type {Analysis} */ (answer) }); // the answer that holds the decisions is the analysis
    } catch (failure) {
      setFound({ error: failureText(failure) });
    }
  };
  return [found, start];
}

/** The win-probability curve of `player`: a point per decision (marked ones red), the end, the replay's position.
 * @param {{curve: Array<CurvePoint>, currentSeq: number | null, onJump: (seq: number) => void, stepOf: (seq: number) => number,
 *   player: string}} props */
export function Curve({ curve, currentSeq, onJump, stepOf, player }) {
  const last = curve.length ? curve[curve.length - 1].seq : 1;
  /** @param {number} seq */
  const x = (seq) => PAD.left + ((WIDTH - PAD.left - PAD.right) * seq) / Math.max(1, last);
  /** @param {number} chance */
  const y = (chance) => PAD.top + (HEIGHT - PAD.top - PAD.bottom) * (1 - chance);
  const path = curve.map((point, i) => `${i ? "L" : "M"}${x(point.seq).toFixed(1)},${y(point.win).toFixed(1)}`).join(" ");
  // each point is clicked anywhere in its own strip of the plot: close points (a decision one step
  // before the end) never cover each other
  const bands = hitBands(curve.map((point) => x(point.seq)), 9, PAD.left, WIDTH - PAD.right);
  return html`<svg class="coach-curve" id="coach-curve" viewBox=${`0 0 ${WIDTH} ${HEIGHT}`} role="group"
    aria-label=${t("{player}'s chance of winning over the game", { player })}>
    ${[0, 0.5, 1].map(
      (level) => html`<g><line class="grid" x1=${PAD.left} x2=${WIDTH - PAD.right} y1=${y(level)} y2=${y(level)} />
        <text class="axis" x=${PAD.left - 4} y=${y(level) + 4} text-anchor="end">${percent(level)}</text></g>`,
    )}
    ${currentSeq === null ? null : html`<line class="now" x1=${x(currentSeq)} x2=${x(currentSeq)} y1=${PAD.top} y2=${HEIGHT - PAD.bottom} />`}
    <path class="line" d=${path} />
    ${curve.map(
      (point, i) => html`<g class=${`point ${point.marked ? "marked" : ""}`} data-curve-seq=${point.seq} data-marked=${point.marked ? "true" : "false"}
        role="button" tabindex="0" aria-label=${t("Step {step}: {player}'s chance of winning {chance}", { step: stepOf(point.seq), player, chance: percent(point.win) })}
        onClick=${() => onJump(point.seq)} onKeyDown=${(/** @type {KeyboardEvent} */ event) => { if (event.key === "Enter") onJump(point.seq); }}>
        <rect class="hit" x=${bands[i][0]} width=${bands[i][1] - bands[i][0]} y=${PAD.top} height=${HEIGHT - PAD.top - PAD.bottom} />
        <circle cx=${x(point.seq)} cy=${y(point.win)} r=${point.marked ? 5 : i === curve.length - 1 ? 4 : 3} />
      </g>`,
    )}
  </svg>`;
}

/** @param {{decision: Decision, index: number, onJump: (seq: number) => void, stepOf: (seq: number) => number, current: boolean}} props */
function DecisionEntry({ decision, index, onJump, stepOf, current }) {
  const [head, ...reasons] = decisionWords(decision);
  const verdict = decision.verdict || "noise";
  return html`<li class=${`coach-decision ${decision.marked ? "marked" : ""} ${current ? "current" : ""}`} data-decision-seq=${decision.seq}
      data-step=${stepOf(decision.seq)} data-verdict=${verdict} data-loss=${decision.loss}>
    <button type="button" class="jump" data-jump=${decision.seq} onClick=${() => onJump(decision.seq)}>
      ${t("Decision {number} (step {step})", { number: index + 1, step: stepOf(decision.seq) })}
      ${decision.marked
        ? html` <span class="tag warn">${t("costly")}</span>`
        : html` <span class=${`tag verdict-${verdict}`}>${t(VERDICT_TAGS[verdict])}</span>`}
    </button>
    ${head ? html`<p class="coach-words">${head}</p>` : null}
    ${reasons.length
      ? html`<ul class="coach-why" aria-label=${t("Why")}>${reasons.map((reason) => html`<li>${reason}</li>`)}</ul>`
      : null}
    <details class="coach-moves" open=${decision.marked}>
      <summary>${t("Every move the coach weighed")}</summary>
      <table class="coach-candidates">
        <thead><tr><th scope="col">${t("Move")}</th><th scope="col">${t("Win")}</th><th scope="col">${t("95% interval")}</th><th scope="col">${t("Games imagined")}</th></tr></thead>
        <tbody>${decision.candidates.map(
          (candidate) => html`<tr data-candidate=${candidate.action} class=${candidate.action === decision.chosen ? "chosen" : ""}>
            <td>${label(candidate)}${candidate.action === decision.chosen ? html` <span class="tag you">${t("played")}</span>` : null}
              ${candidate.action === decision.best ? html` <span class="tag">${t("best")}</span>` : null}</td>
            <td>${percent(candidate.win)}</td><td>${percent(candidate.low)}–${percent(candidate.high)}</td><td>${candidate.n}</td></tr>`,
        )}</tbody>
      </table>
    </details>
  </li>`;
}

/** The decision that cost the player most (the marked one that lost most), said first, in words.
 * @param {{analysis: Analysis, player: string, onJump: (seq: number) => void, stepOf: (seq: number) => number}} props */
function Costliest({ analysis, player, onJump, stepOf }) {
  const marked = analysis.decisions.filter((decision) => decision.marked);
  if (!marked.length) return html`<p class="coach-costliest" id="coach-costliest">${t("No move cost {player} much for sure.", { player })}</p>`;
  const costliest = marked.reduce((most, decision) => (decision.loss > most.loss ? decision : most));
  const [head, ...reasons] = decisionWords(costliest);
  return html`<div class="coach-costliest" id="coach-costliest" data-decision-seq=${costliest.seq}>
    <p><strong>${t("The move that cost {player} the most: decision {number} (step {step})", {
      player, number: analysis.decisions.indexOf(costliest) + 1, step: stepOf(costliest.seq),
    })}</strong> <button type="button" class="jump" data-jump-costliest=${costliest.seq} onClick=${() => onJump(costliest.seq)}>${t("Show it")}</button></p>
    ${head ? html`<p class="coach-words">${head}</p>` : null}
    ${reasons.length ? html`<ul class="coach-why" aria-label=${t("Why")}>${reasons.map((reason) => html`<li>${reason}</li>`)}</ul>` : null}
  </div>`;
}

/**
 * The coach's panel of the replay: a seat to analyse, "Analyse", its progress, then the analysis.
 * `stepOf` numbers a position as the replay numbers its steps; `asked` (the result screen's "What
 * could I have done better?") starts the analysis of `initialSeat` at once and brings the panel into view.
 * @param {{room: string, players: number, seatName: (player: number) => string, initialSeat: number,
 *   currentSeq: number | null, onJump: (seq: number) => void, stepOf: (seq: number) => number, asked: boolean}} props
 */
export function CoachPanel({ room, players, seatName, initialSeat, currentSeq, onJump, stepOf, asked }) {
  const [seat, setSeat] = useState(initialSeat);
  const [found, start] = useAnalysis(room, seat);
  useEffect(() => {
    if (!asked) return;
    document.getElementById("coach")?.scrollIntoView({ block: "start" });
    start();
  }, [asked]);
  const analysis = found.analysis;
  const current =
    analysis && currentSeq !== null ? [...analysis.decisions].reverse().find((decision) => decision.seq <= currentSeq) : null;
  return html`<section class="coach card-panel" id="coach" aria-label=${t("Coach")}>
    <h3>${t("Coach")}</h3>
    <div class="coach-controls">
      <label for="coach-seat">${t("Analyse the decisions of")}</label>
      <select id="coach-seat" value=${seat} onChange=${withValue((value) => setSeat(Number(value)))}>
        ${[...Array(players).keys()].map((p) => html`<option value=${p}>${seatName(p)}</option>`)}
      </select>
      <button type="button" class="primary" id="analyse" disabled=${"progress" in found} onClick=${start}>${t("Analyse")}</button>
    </div>
    ${"progress" in found
      ? html`<p class="muted" role="status" id="coach-status" data-queued=${found.queued}>${found.queued
          ? t("Queued: number {position} in line for the coach…", { position: found.queued })
          : t("The coach is thinking… {done}", { done: percent(found.progress || 0) })}
          <progress id="coach-progress" max="1" value=${found.progress} aria-label=${t("Coach")}></progress></p>`
      : null}
    ${found.error ? html`<p class="error" role="alert">${found.error}</p>` : null}
    ${analysis
      ? html`<div class="coach-result" id="coach-result" data-seat=${analysis.seat}>
          <p class="muted">${t("Judged from what {player} knew at each decision, by imagining how the game could go on from there. Red points cost the most.", { player: seatName(analysis.seat) })}</p>
          <${Curve} curve=${analysis.curve} currentSeq=${currentSeq} onJump=${onJump} stepOf=${stepOf} player=${seatName(analysis.seat)} />
          <${Costliest} analysis=${analysis} player=${seatName(analysis.seat)} onJump=${onJump} stepOf=${stepOf} />
          ${analysis.decisions.length === 0 ? html`<p>${t("This seat had no choice to make.")}</p>` : null}
          <ol class="coach-decisions">${analysis.decisions.map(
            (decision, index) => html`<${DecisionEntry} decision=${decision} index=${index} onJump=${onJump} stepOf=${stepOf} current=${decision === current} />`,
          )}</ol>
        </div>`
      : null}
  </section>`;
}

/** "What the coach would play", while the player is alone among bots and it is his turn (asked once per
 * position), and why, in words (the game's reasons; players written p0…pN by the server get their names).
 * @param {{room: string, seat: number, seq: number, token: string, presence: import("./wire.js").Presence | null}} props */
export function CoachHint({ room, seat, seq, token, presence }) {
  const [hint, setHint] = useState(/** @type {{text: string, action: string, why: Array<string>} | {error: string} | null} */ (null));
  useEffect(() => {
    setHint(null);
    let cancelled = false;
    fetch(`/api/rooms/${room}/hint?seat=${seat}`, { headers: { authorization: `Bearer ${token}` } })
      .then((response) => response.json().then((body) => (response.ok ? body : Promise.reject(new Error(body.message)))))
      .then((body) => {
        const why = (body.why && (body.why[currentLang()] || body.why.en)) || [];
        if (!cancelled && body.seq === seq) setHint({ text: label(body), action: body.action, why });
      })
      .catch((failure) => { if (!cancelled) setHint({ error: failureText(failure) }); });
    return () => { cancelled = true; };
  }, [room, seat, seq, token]);
  if (!hint) return html`<p class="coach-hint muted" id="coach-hint" role="status">${t("The coach is thinking…")}</p>`;
  if ("error" in hint) return html`<p class="coach-hint error" id="coach-hint" role="status">${hint.error}</p>`;
  /** @param {string} text */
  const named = (text) => withNames(text, presence, t);
  return html`<div class="coach-hint" id="coach-hint" role="status" data-hint=${hint.action}>
    <p>${t("The coach would play: {move}", { move: named(hint.text) })}</p>
    ${hint.why.length
      ? html`<ul class="hint-why" aria-label=${t("Why")}>${hint.why.map((reason) => html`<li>${named(reason)}</li>`)}</ul>`
      : null}
  </div>`;
}
