// The coach's curve: every point keeps a strip of its own to click, however close its neighbours are.
import assert from "node:assert/strict";
import { test } from "node:test";
import { hitBands } from "../../src/asobiba/web/curve_bands.js";

test("neighbouring points split the space between them at the middle", () => {
  assert.deepEqual(hitBands([10, 20, 40], 9), [[1, 15], [15, 30], [30, 49]]);
});

test("points closer than a finger still own disjoint strips that hold their own centre", () => {
  const xs = [100, 100.5, 101, 240, 240.25]; // a decision one step before the end, as in a real game
  const bands = hitBands(xs, 9, 34, 312);
  bands.forEach(([left, right], i) => {
    assert.ok(left <= xs[i] && xs[i] <= right, `point ${i} lies in its own strip`);
    if (i) assert.equal(left, bands[i - 1][1], "strips meet without overlapping");
  });
  assert.deepEqual(bands[0][0], 91);
  assert.deepEqual(bands[4][1], 249.25);
  assert.deepEqual(hitBands([5], 9, 0, 8), [[0, 8]]);
});
