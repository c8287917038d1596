import { describe, expect, it } from 'vitest';
import { TopK } from '../../../src/adapters/vector/top-k.ts';

/** The rows of `scores` kept by a TopK of `capacity`, offered in `order`. */
function kept(scores: readonly number[], capacity: number, order: readonly number[]) {
  const best = new TopK(capacity);
  for (const row of order) best.offer(scores[row]!, row);
  return best;
}

describe('TopK', () => {
  it('keeps the best rows, best first, and the least score kept', () => {
    const scores = [0.1, 0.9, 0.5, 0.7, 0.3];
    const best = kept(scores, 3, [0, 1, 2, 3, 4]);
    expect(best.bestFirst()).toEqual([
      { row: 1, score: 0.9 },
      { row: 3, score: 0.7 },
      { row: 2, score: 0.5 },
    ]);
    expect(best.size).toBe(3);
    expect(best.leastScore).toBe(0.5);
    expect([...best.rows()].sort()).toEqual([1, 2, 3]);
  });

  it('prefers the lower row among equal scores, whatever order they are offered in', () => {
    const scores = [0.5, 0.8, 0.5, 0.5, 0.8, 0.5];
    const forwards = kept(scores, 4, [0, 1, 2, 3, 4, 5]).bestFirst();
    const backwards = kept(scores, 4, [5, 4, 3, 2, 1, 0]).bestFirst();
    const shuffled = kept(scores, 4, [3, 0, 5, 1, 2, 4]).bestFirst();
    expect(forwards.map(({ row }) => row)).toEqual([1, 4, 0, 2]);
    expect(backwards).toEqual(forwards);
    expect(shuffled).toEqual(forwards);
  });

  it('holds fewer rows than its capacity when fewer were offered', () => {
    const best = kept([0.2, 0.4], 5, [0, 1]);
    expect(best.size).toBe(2);
    expect(best.leastScore).toBe(0.2);
    expect(new TopK(3).leastScore).toBe(-Infinity);
  });
});
