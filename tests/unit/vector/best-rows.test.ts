import { describe, expect, it } from 'vitest';
import { bestScaledRows } from '../../../src/adapters/vector/best-rows.ts';
import { seededRandom } from '../../../src/core/retrieval/vector-math.ts';

/** The rows of the `count` best products × scales, lower row first among equal scores. */
function sortedBest(products: Int32Array, scales: Float32Array, count: number): number[] {
  return Array.from(products, (product, row) => ({ row, score: product * scales[row]! }))
    .sort((left, right) => right.score - left.score || left.row - right.row)
    .slice(0, count)
    .map(({ row }) => row)
    .sort((left, right) => left - right);
}

function found(products: Int32Array, scales: Float32Array, count: number): number[] {
  return [...bestScaledRows(products, scales, count)].sort((left, right) => left - right);
}

function rowsOf(count: number, product: (row: number) => number, scale: (row: number) => number) {
  return {
    products: Int32Array.from({ length: count }, (_, row) => product(row)),
    scales: Float32Array.from({ length: count }, (_, row) => scale(row)),
  };
}

describe('bestScaledRows', () => {
  it('finds the rows a full sort finds, on scores spread at random', () => {
    const next = seededRandom(3);
    const { products, scales } = rowsOf(
      20_000,
      () => Math.round((next() - 0.5) * 60_000),
      () => 0.001 + next() * 0.01,
    );
    for (const count of [1, 10, 100, 500]) {
      expect(found(products, scales, count)).toEqual(sortedBest(products, scales, count));
    }
  });

  it('keeps the lower rows among equal scores, as duplicate documents have', () => {
    const next = seededRandom(5);
    // Few distinct scores: the best 500 end part way through a run of equal ones.
    const { products, scales } = rowsOf(
      12_000,
      () => Math.floor(next() * 40),
      () => 0.5,
    );
    expect(found(products, scales, 500)).toEqual(sortedBest(products, scales, 500));
  });

  it('offers every row when the sampled rows are unlike the rest', () => {
    // Every sampled row (0, 16, 32, ...) scores high, all the others low: fewer rows than asked
    // for reach the sample's bar.
    const { products, scales } = rowsOf(
      16_000,
      (row) => (row % 16 === 0 ? 1_000 + row : row % 97),
      () => 1,
    );
    expect(found(products, scales, 1_500)).toEqual(sortedBest(products, scales, 1_500));
  });

  it('gives every row when asked for at least as many as there are', () => {
    const { products, scales } = rowsOf(
      30,
      (row) => row * 3,
      () => 2,
    );
    expect(found(products, scales, 50)).toEqual(sortedBest(products, scales, 50));
    expect(found(new Int32Array(0), new Float32Array(0), 5)).toEqual([]);
  });
});
