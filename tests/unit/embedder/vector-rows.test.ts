import { describe, expect, it } from 'vitest';
import {
  isBlank,
  normaliseInPlace,
  orderByLength,
  poolRow,
} from '../../../src/adapters/embedder/vector-rows.ts';

describe('orderByLength', () => {
  it('orders longest first and keeps input order on ties', () => {
    expect(orderByLength(['bb', 'a', 'cccc', 'dd'])).toEqual([2, 0, 3, 1]);
  });
});

describe('isBlank', () => {
  it('is true only for whitespace', () => {
    expect(isBlank(' \n\t')).toBe(true);
    expect(isBlank(' x ')).toBe(false);
  });
});

describe('poolRow', () => {
  // Two rows of three tokens, dim 2; row 1 has one padding token.
  const states = {
    hidden: [1, 0, 0, 1, 1, 1, 3, 0, 0, 4, 9, 9],
    mask: [1, 1, 1, 1, 1, 0],
    rows: 2,
    tokens: 3,
    dim: 2,
  };

  it('mean-pools the unmasked tokens to a unit vector', () => {
    const target = new Float32Array(4);
    poolRow(states, 0, 'mean', target, 1);
    expect(target[0]).toBe(0);
    expect(target[2]).toBeCloseTo(Math.SQRT1_2, 6);
    expect(target[3]).toBeCloseTo(Math.SQRT1_2, 6);
    poolRow(states, 1, 'mean', target, 0);
    expect(target[0]).toBeCloseTo(0.6, 6);
    expect(target[1]).toBeCloseTo(0.8, 6);
  });

  it('takes the first token for cls pooling', () => {
    const target = new Float32Array(2);
    poolRow(states, 1, 'cls', target, 0);
    expect([...target]).toEqual([1, 0]);
  });

  it('gives a zero row, not NaN, when every token vector is zero', () => {
    const target = new Float32Array([5, 5]);
    poolRow(
      { hidden: [0, 0, 0, 0], mask: [1, 1], rows: 1, tokens: 2, dim: 2 },
      0,
      'mean',
      target,
      0,
    );
    expect([...target]).toEqual([0, 0]);
  });
});

describe('normaliseInPlace', () => {
  it('zeroes a row that is not finite', () => {
    const row = new Float32Array([NaN, 1, 2, 2]);
    normaliseInPlace(row, 0, 2);
    normaliseInPlace(row, 2, 2);
    expect([...row]).toEqual([0, 0, Math.SQRT1_2, Math.SQRT1_2].map((x) => Math.fround(x)));
  });
});
