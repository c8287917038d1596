import { describe, expect, it } from 'vitest';
import {
  countsAtLeast,
  frequenciesIn,
  kthLargest,
} from '../../../src/core/retrieval/list-lookups.ts';
import {
  LARGE_FREQUENCY,
  LargeFrequencies,
  packPair,
} from '../../../src/core/retrieval/packed-pairs.ts';

describe('frequenciesIn', () => {
  const pairs = Uint32Array.from(
    [
      [2, 1],
      [5, 3],
      [6, LARGE_FREQUENCY],
      [40, 2],
      [41, 7],
      [1000, 1],
    ].map(([slot, frequency]) => packPair(slot!, frequency!)),
  );
  const large = new LargeFrequencies();
  large.set(9, 6, 300);

  it('finds each slot’s frequency in the list, 0 where it holds none, large ones exactly', () => {
    const slots = Int32Array.from([0, 2, 6, 7, 41, 999, 1000, 2000]);
    const frequencies = new Float64Array(slots.length);
    frequenciesIn({ pairs, end: pairs.length }, 9, large, slots, slots.length, frequencies);
    expect([...frequencies]).toEqual([0, 1, 300, 0, 7, 0, 1, 0]);
  });

  it('reads only the used part of the list and the first `count` slots', () => {
    const slots = Int32Array.from([5, 40, 1000]);
    const frequencies = new Float64Array(3).fill(-1);
    frequenciesIn({ pairs, end: 4 }, 9, large, slots, 2, frequencies);
    expect([...frequencies]).toEqual([3, 2, -1]);
    frequenciesIn({ pairs, end: 4 }, 9, large, slots, 3, frequencies);
    expect(frequencies[2]).toBe(0);
  });
});

describe('kthLargest', () => {
  const values = Float64Array.from([0.5, 3, 1, 4, 1, 5, 9, 2, 6]);
  const slots = Int32Array.from([0, 1, 2, 3, 4, 5, 6, 7, 8]);

  it('gives the k-th largest of the values at the slots, counting repeats', () => {
    const sorted = [...values].sort((left, right) => right - left);
    for (let k = 1; k <= values.length; k += 1) {
      expect(kthLargest(values, slots, slots.length, k)).toBe(sorted[k - 1]);
    }
    expect(kthLargest(values, Int32Array.from([2, 4, 0]), 3, 2)).toBe(1);
  });

  it('gives 0 for fewer values than k, and the same answer above a floor at most the answer', () => {
    expect(kthLargest(values, slots, 3, 4)).toBe(0);
    expect(kthLargest(values, slots, slots.length, 0)).toBe(0);
    expect(kthLargest(values, slots, slots.length, 3, 5)).toBe(5);
    expect(kthLargest(values, slots, slots.length, 3, 4.5)).toBe(5);
  });
});

describe('countsAtLeast', () => {
  const values = Float64Array.from([0.5, 3, 1, 4, 1, 5]);
  const slots = Int32Array.from([0, 1, 2, 3, 4, 5]);

  it('tells whether k of the values reach the floor, counting values equal to it', () => {
    expect(countsAtLeast(values, slots, slots.length, 3, 3)).toBe(true);
    expect(countsAtLeast(values, slots, slots.length, 4, 3)).toBe(false);
    expect(countsAtLeast(values, slots, 4, 2, 3)).toBe(true);
    expect(countsAtLeast(values, slots, 3, 2, 3)).toBe(false);
  });
});
