// The room's kept chat comes again after every reconnect: each message (by its id) is shown once;
// the server's log lines (notice frames) join the log at once.
import assert from "node:assert/strict";
import { test } from "node:test";
import { MAX_CHAT, initialRoom, reduceRoom } from "../../src/asobiba/web/room_state.js";

const chat = (id, text) => ({ type: "chat", id, seat: 0, name: "Aki", text });
const receive = (state, frame) => reduceRoom(state, { type: "received", frame, at: 0 });

test("a kept message received again after a reconnect is shown once", () => {
  let state = initialRoom();
  for (const frame of [chat(1, "one"), chat(2, "two"), chat(1, "one"), chat(2, "two"), chat(3, "three")]) {
    state = receive(state, frame);
  }
  assert.deepEqual(state.chat.map((message) => message.text), ["one", "two", "three"]);
});

test("the chat keeps the server's 200 messages", () => {
  let state = initialRoom();
  for (let id = 1; id <= 250; id += 1) state = receive(state, chat(id, `m${id}`));
  assert.equal(MAX_CHAT, 200);
  assert.equal(state.chat.length, 200);
  assert.equal(state.chat[0].text, "m51");
});

test("a notice is a line of the log at once, numbered after the others", () => {
  let state = initialRoom();
  state = receive(state, { type: "notice", event: "SeatTakenOver", player: 1, name: "Ken", seq: 4, text: "p1 is away: a bot plays for them" });
  state = receive(state, { type: "notice", event: "SeatGivenBack", player: 1, name: "Ken", seq: 4, text: "p1 is back: the bot gives the seat back" });
  assert.deepEqual(state.log, [
    { key: 0, text: "p1 is away: a bot plays for them", fresh: true },
    { key: 1, text: "p1 is back: the bot gives the seat back", fresh: true },
  ]);
  assert.equal(state.logCount, 2);
});
