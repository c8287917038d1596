import { describe, expect, it } from 'vitest';
import { reciprocalRankFusion } from '../../../src/core/retrieval/fusion.ts';

const list = (...ids: string[]) => ({ hits: ids.map((id, index) => ({ id, score: 10 - index })) });

describe('reciprocalRankFusion', () => {
  it('favours items ranked well by both lists', () => {
    const fused = reciprocalRankFusion([list('a', 'b', 'c'), list('b', 'c', 'a')], 3);
    expect(fused.map((hit) => hit.id)).toEqual(['b', 'a', 'c']);
  });

  it('sums 1 / (60 + rank) per list', () => {
    const [top] = reciprocalRankFusion([list('x'), list('x')], 1);
    expect(top!.score).toBeCloseTo(2 / 61);
  });

  it('keeps items found by one list only and honours weights and k', () => {
    const fused = reciprocalRankFusion([list('a'), { ...list('b'), weight: 2 }], 5);
    expect(fused.map((hit) => hit.id)).toEqual(['b', 'a']);
    expect(reciprocalRankFusion([list('a', 'b', 'c')], 2)).toHaveLength(2);
  });

  it('returns nothing for k <= 0 (found by a property test: k = -1 gave all but the last)', () => {
    expect(reciprocalRankFusion([list('a', 'g')], -1)).toEqual([]);
    expect(reciprocalRankFusion([list('a', 'g')], 0)).toEqual([]);
  });
});
