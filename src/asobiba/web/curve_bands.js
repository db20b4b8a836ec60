// Where a click on the coach's curve lands, as a pure function (`node --test` runs it): each point owns
// the strip of the plot nearer to it than to its neighbours, so close points never cover each other.

/** The clickable strip [left, right] of each point at ``xs`` (ascending): from the middle between it
 * and the point before to the middle between it and the point after; the first and the last reach
 * ``reach`` beyond their point (but not past the plot's ``low``/``high`` edges).
 * @param {Array<number>} xs @param {number} reach @param {number} [low] @param {number} [high]
 * @returns {Array<[number, number]>} */
export function hitBands(xs, reach, low = -Infinity, high = Infinity) {
  return xs.map((x, i) => [
    i ? (xs[i - 1] + x) / 2 : Math.max(low, x - reach),
    i < xs.length - 1 ? (x + xs[i + 1]) / 2 : Math.min(high, x + reach),
  ]);
}
