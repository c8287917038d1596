import { describe, expect, it } from 'vitest';
import { parseQuestions } from '../../../src/core/eval/dataset.ts';
import {
  allFound,
  exactMatch,
  reciprocalRank,
  recall,
  tokenF1,
} from '../../../src/core/eval/metrics.ts';

describe('retrieval metrics', () => {
  it('computes recall, all-found and reciprocal rank', () => {
    expect(recall(['a', 'b', 'c'], ['b', 'z'])).toBe(0.5);
    expect(allFound(['a', 'b'], ['b', 'a'])).toBe(1);
    expect(allFound(['a'], ['a', 'b'])).toBe(0);
    expect(reciprocalRank(['x', 'y', 'b'], ['b'])).toBeCloseTo(1 / 3);
    expect(reciprocalRank(['x'], ['b'])).toBe(0);
  });
});

describe('answer metrics', () => {
  it('normalises case, punctuation and articles for exact match', () => {
    expect(exactMatch('The Rush!', ['rush'])).toBe(1);
    expect(exactMatch('Rush band', ['rush'])).toBe(0);
  });

  it('computes token F1 against the best alias', () => {
    expect(tokenF1('Neil Peart drummer', ['Neil Peart'])).toBeCloseTo(0.8);
    expect(tokenF1('nothing', ['Neil Peart', 'nothing'])).toBe(1);
    expect(tokenF1('', ['x'])).toBe(0);
  });
});

describe('parseQuestions', () => {
  it('reads JSON lines and reports a broken line by number', () => {
    const questions = parseQuestions(
      '{"id":"1","question":"Q?","answer":"A","gold":["c/x.md"]}\n\n',
    );
    expect(questions[0]).toMatchObject({ id: '1', answers: ['A'], gold: ['c/x.md'] });
    expect(() => parseQuestions('{"question":"ok"}\n{broken')).toThrow(/Line 2/);
  });
});
