// "Confirm moves": a costly action, or one whose last steps a click implies, waits for a confirming
// click; a multi-step choice is taken back one step at a time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { makePicker, needsConfirmation } from "../../src/asobiba/web/picker.js";
import { actionTokens } from "../../src/asobiba/web/tokens.js";

const entry = (notation, action) => ({ notation, action, label: notation });
const game = {
  tokens: (item) => actionTokens(item.action),
  drawn: () => false,
  costly: ({ action }) => action.kind === "redirect",
};
const SAIL = [entry("sail r1c1 r1c2", { kind: "sail", source: 1, target: 2 })];
const ANSWERS = [
  entry("answer yes", { kind: "answer", yes: true }),
  entry("answer no", { kind: "answer", yes: false }),
  entry("redirect p2", { kind: "redirect", target: 2 }),
];

function picker(legal, picked, confirm) {
  const calls = { acted: [], picked: [] };
  const made = makePicker(legal, game, picked, (next) => calls.picked.push(next), (notation) => calls.acted.push(notation), {}, { confirm });
  return { made, calls };
}

test("a click whose last step is implied waits for the confirming click", () => {
  const { made, calls } = picker(SAIL, [], true);
  made.props("sail").onClick({ stopPropagation() {} });
  assert.deepEqual(calls.acted, []);
  assert.deepEqual(calls.picked, [["sail", "source=1", "target=2"]]);
  const waiting = picker(SAIL, ["sail", "source=1", "target=2"], true).made;
  assert.equal(waiting.confirming, true);
  assert.deepEqual(waiting.complete.map((item) => item.notation), ["sail r1c1 r1c2"]);
});

test("spending a joker waits for the confirming click; a plain answer does not", () => {
  const { made, calls } = picker(ANSWERS, [], true);
  made.props("answer").onClick({ stopPropagation() {} });
  assert.deepEqual(calls.picked, [["answer"]]);
  const answering = picker(ANSWERS, ["answer"], true);
  answering.made.props("yes=true").onClick({ stopPropagation() {} });
  assert.deepEqual(answering.calls.acted, ["answer yes"]);
  const joker = picker(ANSWERS, [], true);
  joker.made.props("redirect").onClick({ stopPropagation() {} });
  assert.deepEqual(joker.calls.acted, []);
  assert.deepEqual(joker.calls.picked, [["redirect", "target=2"]]);
});

test("with confirm moves off, the click acts at once", () => {
  const { made, calls } = picker(SAIL, [], false);
  made.props("sail").onClick({ stopPropagation() {} });
  assert.deepEqual(calls.acted, ["sail r1c1 r1c2"]);
  assert.equal(needsConfirmation({ entry: SAIL[0], tokens: ["sail", "source=1", "target=2"] }, [], game, false), false);
});

test("undo takes back one step at a time", () => {
  const { made, calls } = picker(SAIL, ["sail", "source=1"], true);
  made.undo();
  assert.deepEqual(calls.picked, [["sail"]]);
});
