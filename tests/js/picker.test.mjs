// The picker builds a decision from each legal action's data (its `to_json()`), one token at a time.
import assert from "node:assert/strict";
import { test } from "node:test";
import { makePicker, narrow } from "../../src/asobiba/web/picker.js";
import { actionTokens, tokenText } from "../../src/asobiba/web/tokens.js";

const entry = (notation, action) => ({ notation, action, label: notation });
const BIDS = [1, 2, 3].map((value) => entry(`bid ${value}`, { kind: "bid", value }));
const generic = { tokens: (item) => actionTokens(item.action), drawn: () => false };

test("an action's data is its kind, then each field as field=value", () => {
  assert.deepEqual(actionTokens({ kind: "offer", target: 2, claim: "bat", card: "B3" }), [
    "offer",
    "target=2",
    "claim=bat",
    "card=B3",
  ]);
  assert.deepEqual(actionTokens({ kind: "skip" }), ["skip"]);
  assert.deepEqual(actionTokens({ kind: "pick", cells: [3, 4], to: null }), ["pick", "cells=3,4", "to=none"]);
});

test("a token reads as words", () => {
  assert.equal(tokenText("take_discard"), "take discard");
  assert.equal(tokenText("card=B3"), "card: B3");
});

test("a step with one possible token is taken at once", () => {
  const tokenized = BIDS.map((item) => ({ entry: item, tokens: actionTokens(item.action) }));
  const { picked, next, complete } = narrow(tokenized, []);
  assert.deepEqual(picked, ["bid"]);
  assert.deepEqual([...next.keys()], ["value=1", "value=2", "value=3"]);
  assert.deepEqual(complete, []);
});

test("the kinds are the first choice when there are several", () => {
  const legal = [...BIDS, entry("pass", { kind: "pass" })];
  const picker = makePicker(legal, generic, [], () => {}, () => {}, {});
  assert.deepEqual(picker.picked, []);
  assert.deepEqual(picker.offered, ["bid", "pass"]);
  assert.equal(picker.props("pass")["data-action"], "pass");
  assert.equal(picker.props("bid")["data-choice"], "bid");
});

test("choosing a token that leaves one action plays it, else narrows the choice", () => {
  const played = [];
  const chosen = [];
  const legal = [...BIDS, entry("pass", { kind: "pass" })];
  const picker = makePicker(legal, generic, [], (next) => chosen.push(next), (notation) => played.push(notation), {});
  picker.props("pass").onClick({ stopPropagation() {} });
  assert.deepEqual(played, ["pass"]);
  picker.props("bid").onClick({ stopPropagation() {} });
  assert.deepEqual(chosen.at(-1), ["bid"]);
  const narrowed = makePicker(legal, generic, ["bid"], () => {}, () => {}, {});
  assert.deepEqual(narrowed.offered, ["value=1", "value=2", "value=3"]);
  assert.equal(narrowed.props("value=2")["data-action"], "bid 2");
});

test("a token the picture draws is not offered as a button", () => {
  const drawnPlayers = { ...generic, drawn: (token) => token.startsWith("target=") };
  const legal = [0, 1].map((target) => entry(`redirect p${target}`, { kind: "redirect", target }));
  const picker = makePicker(legal, drawnPlayers, [], () => {}, () => {}, {});
  assert.deepEqual(picker.picked, ["redirect"]);
  assert.deepEqual(picker.offered, []);
  assert.equal(picker.pick("target=1")["data-action"], "redirect p1");
  assert.equal(picker.pick("target=7"), null);
});

test("the picker tells the person's picks from the steps that were no choice", () => {
  const picker = makePicker(BIDS, generic, [], () => {}, () => {}, {});
  assert.deepEqual(picker.picked, ["bid"]);
  assert.deepEqual(picker.requested, []);
});
