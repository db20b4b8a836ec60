// Keyboard play on a picture of many targets (roving.js): one Tab stop, arrow keys to the nearest
// target that way, Home and End to the first and the last in reading order.
import assert from "node:assert/strict";
import { test } from "node:test";
import { nextTarget, readingOrder } from "../../src/asobiba/web/roving.js";

// hexes of three rows (odd rows half a space to the left), as The Island draws them: 34 wide, 30 apart
const W = 34;
const hex = (row, column) => [column * W + (row % 2 === 0 ? W / 2 : 0), row * 30];
const POINTS = [hex(2, 3), hex(1, 1), hex(2, 1), hex(1, 3), hex(1, 2), hex(3, 2), hex(2, 2)];

test("the targets are read row by row, left to right", () => {
  assert.deepEqual(readingOrder(POINTS), [1, 4, 3, 2, 6, 0, 5]);
  assert.deepEqual(readingOrder([[10, 3], [0, 0], [5, 40]]), [1, 0, 2]); // a few pixels off is the same row
});

test("an arrow key moves to the nearest target that way, and stays where there is none", () => {
  const at = (row, column) => POINTS.findIndex(([x, y]) => x === hex(row, column)[0] && y === hex(row, column)[1]);
  assert.equal(nextTarget(POINTS, at(2, 2), "ArrowRight"), at(2, 3));
  assert.equal(nextTarget(POINTS, at(2, 2), "ArrowLeft"), at(2, 1));
  assert.equal(nextTarget(POINTS, at(1, 2), "ArrowRight"), at(1, 3));
  // up and down go to a neighbour of the next row (half a space aside), not to one of the same row
  assert.ok([at(1, 2), at(1, 3)].includes(nextTarget(POINTS, at(2, 2), "ArrowUp")));
  assert.ok([at(3, 2)].includes(nextTarget(POINTS, at(2, 2), "ArrowDown")));
  assert.equal(nextTarget(POINTS, at(3, 2), "ArrowDown"), at(3, 2)); // nothing below the last row
  assert.equal(nextTarget(POINTS, at(1, 1), "ArrowLeft"), at(1, 1));
});

test("Home and End go to the first and the last target in reading order", () => {
  assert.equal(nextTarget(POINTS, 0, "Home"), 1);
  assert.equal(nextTarget(POINTS, 0, "End"), 5);
});
