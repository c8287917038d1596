import type { SearchHit } from '../types.ts';
import { topHits } from './top-hits.ts';

export interface RankedList {
  hits: readonly SearchHit[];
  /** Multiplier on this list's contribution (default 1). */
  weight?: number;
}

/**
 * Reciprocal-rank fusion: each list adds weight / (constant + rank) for every hit it ranks
 * (rank from 1). The constant 60 is the value of the original RRF paper.
 */
export function reciprocalRankFusion(
  lists: readonly RankedList[],
  k: number,
  constant = 60,
): SearchHit[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    const weight = list.weight ?? 1;
    list.hits.forEach((hit, index) => {
      scores.set(hit.id, (scores.get(hit.id) ?? 0) + weight / (constant + index + 1));
    });
  }
  return topHits(scores, k);
}
