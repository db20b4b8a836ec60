// What the tutorial player lights: the places a step speaks of, and the element to click next for its move.
import assert from "node:assert/strict";
import { test } from "node:test";
import { moveSelector, pointSelector, resumeStep, storageKey } from "../../src/asobiba/web/tutorial_marks.js";

const entry = (notation, action) => ({ notation, action, label: notation });
// Cockroach Poker's tokens: a card, then a player, then a claim
const tokens = ({ action }) => [`card=${action.card}`, `p${action.target}`, action.claim];
const LEGAL = [
  entry("offer p1 spades card=S3", { card: "S3", target: 1, claim: "spades" }),
  entry("offer p1 clubs card=S3", { card: "S3", target: 1, claim: "clubs" }),
  entry("offer p2 spades card=S3", { card: "S3", target: 2, claim: "spades" }),
  entry("offer p1 spades card=S4", { card: "S4", target: 1, claim: "spades" }),
];

test("a place is lit by its data-place, or by its data-cell (a board's space)", () => {
  assert.equal(pointSelector(["hand", "r3c4"]), '[data-place="hand"], [data-cell="hand"], [data-place="r3c4"], [data-cell="r3c4"]');
  assert.equal(pointSelector([]), "");
});

test("the move asked lights its next token's element, step by step, then the confirming click", () => {
  const asked = ["offer p1 spades card=S3"];
  const action = '[data-action="offer p1 spades card=S3"]';
  assert.equal(moveSelector(asked, LEGAL, tokens, []), `[data-choice="card=S3"], ${action}, [data-holds~="card=S3"]`);
  assert.equal(moveSelector(asked, LEGAL, tokens, ["card=S3"]), `[data-choice="p1"], ${action}, [data-holds~="p1"]`);
  assert.equal(moveSelector(asked, LEGAL, tokens, ["card=S3", "p1"]), `[data-choice="spades"], ${action}, [data-holds~="spades"]`);
  assert.equal(moveSelector(asked, LEGAL, tokens, ["card=S3", "p1", "spades"]), action);
});

test("a pick that leads elsewhere lights Cancel; a step that asks no move lights nothing", () => {
  assert.equal(moveSelector(["offer p1 spades card=S3"], LEGAL, tokens, ["card=S4"]), "[data-cancel]");
  assert.equal(moveSelector([], LEGAL, tokens, []), "");
  assert.equal(moveSelector(["answer no"], LEGAL, tokens, []), ""); // not among the legal actions
});

test("any of several moves asked is lit", () => {
  const both = moveSelector(["offer p1 spades card=S3", "offer p1 spades card=S4"], LEGAL, tokens, []);
  assert.ok(both.includes('[data-choice="card=S3"]') && both.includes('[data-choice="card=S4"]'), both);
});

test("a tutorial resumes at a stored step past the first and before the end only", () => {
  assert.equal(resumeStep("3", 5), 3);
  for (const stored of [null, "0", "5", "9", "-1", "two", "3.5", "12345"]) assert.equal(resumeStep(stored, 5), null, stored);
  assert.equal(storageKey("survive/basic"), "asobiba.tutorial.survive/basic");
});
