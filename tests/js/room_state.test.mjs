// The room page's state is one reducer: frames queue up and are shown one by one into the log.
import assert from "node:assert/strict";
import { test } from "node:test";
import {
  MAX_LOG,
  MAX_VERDICTS,
  initialRoom,
  isCurrent,
  reduceRoom,
  secondsLeft,
  waitBeforeShowing,
} from "../../src/asobiba/web/room_state.js";

const frame = (seq, { seat = 0, toMove = 1, events = ["something"], fresh = false } = {}) => ({
  type: "state",
  seq,
  seat,
  fresh,
  view: { seq, pending: { player: toMove } },
  legal: [],
  events: events.map((text) => ({ text })),
  clock: null,
});
/** Apply events; a `{type: "show"}` without a frame shows the oldest queued one (as the page does). */
const run = (events, state = initialRoom()) =>
  events.reduce((current, event) => reduceRoom(current, event.type === "show" && !("frame" in event) ? { ...event, frame: current.queue[0] } : event), state);

test("a state frame waits in the queue until it is shown; then its events join the log", () => {
  let state = run([{ type: "received", frame: frame(1), at: 10 }]);
  assert.equal(state.queue.length, 1);
  assert.equal(state.shown, null);
  state = run([{ type: "show", at: 20 }], state);
  assert.equal(state.shown.seq, 1);
  assert.equal(state.shown.receivedAt, 10);
  assert.deepEqual(state.queue, []);
  assert.deepEqual(state.log, [{ key: 0, text: "something", event: { text: "something" }, fresh: true }]); // the event kept: its places light up
});

test("older log lines stop being fresh; a fresh frame (a reconnection's snapshot) starts the log again", () => {
  let state = run([
    { type: "received", frame: frame(1), at: 0 },
    { type: "show", at: 0 },
    { type: "received", frame: frame(2, { events: ["more"] }), at: 0 },
    { type: "show", at: 0 },
  ]);
  assert.deepEqual(
    state.log.map((entry) => [entry.key, entry.text, entry.fresh]),
    [
      [0, "something", false],
      [1, "more", true],
    ],
  );
  state = run([{ type: "received", frame: frame(3, { fresh: true, events: ["all"] }), at: 0 }, { type: "show", at: 0 }], state);
  assert.deepEqual(state.log.map((entry) => entry.text), ["all"]);
});

test("the log keeps its last lines only", () => {
  const many = Array.from({ length: MAX_LOG + 5 }, (_, index) => `line ${index}`);
  const state = run([{ type: "received", frame: frame(1, { events: many }), at: 0 }, { type: "show", at: 0 }]);
  assert.equal(state.log.length, MAX_LOG);
  assert.equal(state.log.at(-1).text, `line ${MAX_LOG + 4}`);
});

test("showing a frame forgets a half-picked decision", () => {
  const state = run([
    { type: "pick", picked: ["card=S3"] },
    { type: "received", frame: frame(1), at: 0 },
    { type: "show", at: 0 },
  ]);
  assert.deepEqual(state.picked, []);
});

test("a rejection is shown until an act is accepted; a stale one is not shown", () => {
  let state = run([{ type: "received", frame: { type: "rejected", code: "illegal", message: "no" }, at: 0 }]);
  assert.equal(state.rejection, "no");
  state = reduceRoom(state, { type: "received", frame: { type: "accepted", id: 1, seq: 2 }, at: 0 });
  assert.equal(state.rejection, null);
  state = reduceRoom(state, { type: "received", frame: { type: "rejected", code: "stale", message: "old" }, at: 0 });
  assert.equal(state.rejection, null);
});

test("presence and chat are kept as they come", () => {
  const state = run([
    { type: "received", frame: { type: "presence", seats: [], spectators: 2 }, at: 0 },
    { type: "received", frame: { type: "chat", seat: 0, text: "hi" }, at: 0 },
  ]);
  assert.equal(state.presence.spectators, 2);
  assert.deepEqual(state.chat.map((message) => message.text), ["hi"]);
});

test("a position after another player's move waits its moment; one after ours does not", () => {
  let state = run([
    { type: "status", status: { online: true } },
    { type: "received", frame: frame(1, { toMove: 1 }), at: 0 },
    { type: "show", at: 1000 },
    { type: "received", frame: frame(2), at: 1100 },
  ]);
  assert.equal(waitBeforeShowing(state, 1200), 700); // speed 0.9 s from when seq 1 appeared
  assert.equal(isCurrent(state), false);
  state = run([{ type: "show", at: 1900 }, { type: "received", frame: frame(3, { toMove: 0 }), at: 2000 }, { type: "show", at: 2000 }], state);
  state = reduceRoom(state, { type: "received", frame: frame(4), at: 2100 });
  assert.equal(waitBeforeShowing(state, 2100), 0); // the shown position was ours to move
  state = run([{ type: "show", at: 2100 }], state);
  assert.equal(isCurrent(state), true);
});

test("the clock counts down from the server's remaining seconds, not from the client's clock", () => {
  const clock = { player: 0, deadline: 1e12, remaining: 30, per_decision: 30, banks: null };
  assert.equal(secondsLeft(clock, 5000, 5000), 30);
  assert.equal(secondsLeft(clock, 5000, 15_000), 20);
  assert.equal(secondsLeft(clock, 5000, 99_000), 0);
  assert.equal(secondsLeft({ ...clock, remaining: null }, 0, 0), null);
  assert.equal(secondsLeft(null, 0, 0), null);
});

test("a show of a frame that is no longer the oldest changes nothing: no frame is skipped", () => {
  let state = run([
    { type: "received", frame: frame(1), at: 0 },
    { type: "received", frame: frame(2), at: 0 },
  ]);
  const first = state.queue[0]; // the queued frame, as the page's timer holds it
  state = reduceRoom(state, { type: "show", frame: first, at: 0 });
  assert.equal(state.shown.seq, 1);
  const again = reduceRoom(state, { type: "show", frame: first, at: 5 }); // a stale timer
  assert.equal(again, state);
  state = run([{ type: "show", at: 10 }], state);
  assert.equal(state.shown.seq, 2);
});

test("an unknown event is an error, not silently ignored", () => {
  assert.throws(() => reduceRoom(initialRoom(), { type: "nonsense" }), /no event nonsense/);
});

test("a learning room's verdicts are kept one per move, in move order, the last 20 (a reconnection sends them again)", () => {
  const verdict = (seq, text = "Good move.") => ({
    type: "verdict", seat: 0, seq, action: `move${seq}`, move: `move ${seq}`, kind: "good", text, reasons: [], better: null,
  });
  let state = run([
    { type: "received", frame: verdict(7), at: 0 },
    { type: "received", frame: verdict(3), at: 1 }, // a late verdict of an earlier move
    { type: "received", frame: verdict(7, "Good move."), at: 2 }, // sent again after a reconnect
  ]);
  assert.deepEqual(state.verdicts.map((kept) => kept.seq), [3, 7]);
  assert.equal(state.log.length, 0); // the log is the table's: verdicts are the player's own
  state = run(Array.from({ length: 30 }, (_, index) => ({ type: "received", frame: verdict(100 + index), at: index })), state);
  assert.equal(state.verdicts.length, MAX_VERDICTS);
  assert.equal(state.verdicts[MAX_VERDICTS - 1].seq, 129);
});
