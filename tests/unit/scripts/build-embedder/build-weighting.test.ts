import { describe, expect, it } from 'vitest';
import {
  harmonicNumber,
  meanRow,
  principalDirections,
  projectOut,
  scaleRows,
  sifWeight,
  subtractFromRows,
  zipfProbability,
} from '../../../../scripts/build-embedder/weighting.ts';

describe('SIF weighting', () => {
  it('gives Zipf probabilities that sum to one over the vocabulary', () => {
    expect(harmonicNumber(3)).toBeCloseTo(1 + 1 / 2 + 1 / 3, 12);
    let total = 0;
    for (let rank = 1; rank <= 1000; rank += 1) total += zipfProbability(rank, 1000);
    expect(total).toBeCloseTo(1, 9);
    expect(zipfProbability(1, 1000)).toBeCloseTo(2 * zipfProbability(2, 1000), 12);
  });

  it('weights frequent words down and rare words close to one', () => {
    const a = 3e-5;
    const common = sifWeight(zipfProbability(1, 400_000), a);
    const rare = sifWeight(zipfProbability(100_000, 400_000), a);
    expect(common).toBeLessThan(0.001);
    expect(rare).toBeGreaterThan(0.95);
    expect(sifWeight(a, a)).toBeCloseTo(0.5, 12);
  });

  it('scales rows by their weights', () => {
    const rows = new Float32Array([1, 2, 3, 4]);
    scaleRows(rows, 2, [2, 0.5]);
    expect([...rows]).toEqual([2, 4, 1.5, 2]);
  });
});

describe('common directions', () => {
  it('finds the dominant direction and projects it out', () => {
    // Rows spread mostly along (1, 1, 0) / sqrt(2), a little along z.
    const rows = new Float32Array([3, 3, 0.1, -2, -2, 0.2, 4, 4, -0.1, 1, 1, 0.3]);
    const [direction] = principalDirections(rows, 3, 1, [1, 1, 1, 1]);
    expect(direction).toBeDefined();
    const d = direction!;
    expect(Math.abs(d[0]!)).toBeCloseTo(Math.SQRT1_2, 2);
    expect(Math.abs(d[1]!)).toBeCloseTo(Math.SQRT1_2, 2);
    expect(Math.hypot(...d)).toBeCloseTo(1, 9);
    projectOut(rows, 3, [d]);
    for (let row = 0; row < 4; row += 1) {
      const dot = rows[row * 3]! * d[0]! + rows[row * 3 + 1]! * d[1]! + rows[row * 3 + 2]! * d[2]!;
      expect(Math.abs(dot)).toBeLessThan(1e-5);
    }
  });

  it('returns orthonormal directions when asked for several', () => {
    const rows = new Float32Array([5, 0, 0, -5, 0, 0, 0, 2, 0, 0, -2, 0, 0, 0, 1]);
    const directions = principalDirections(rows, 3, 2, [1, 1, 1, 1, 1]);
    const [first, second] = directions;
    expect(Math.abs(first![0]!)).toBeCloseTo(1, 6);
    expect(Math.abs(second![1]!)).toBeCloseTo(1, 6);
  });

  it('centres non-zero rows only', () => {
    const rows = new Float32Array([1, 1, 3, 3, 0, 0]);
    const mean = meanRow(rows, 2, [1, 1, 0]);
    expect([...mean]).toEqual([2, 2]);
    subtractFromRows(rows, 2, mean);
    expect([...rows]).toEqual([-1, -1, 1, 1, 0, 0]);
  });
});
