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
  return fuse(lists, k, constant, (total, score) => total + score);
}

/**
 * Weighted reciprocal-rank fusion that keeps each hit's best place rather than the sum of its
 * places: weight / (constant + rank), the largest over the lists. A hit found by several lists
 * then never climbs above the best hit of the list that weighs most (bridgeSearch's second hop).
 */
export function bestRankFusion(
  lists: readonly RankedList[],
  k: number,
  constant = 60,
): SearchHit[] {
  return fuse(lists, k, constant, Math.max);
}

function fuse(
  lists: readonly RankedList[],
  k: number,
  constant: number,
  combine: (held: number, score: number) => number,
): SearchHit[] {
  const scores = new Map<string, number>();
  for (const list of lists) {
    const weight = list.weight ?? 1;
    list.hits.forEach((hit, index) => {
      const score = weight / (constant + index + 1);
      const held = scores.get(hit.id);
      scores.set(hit.id, held === undefined ? score : combine(held, score));
    });
  }
  return topHits(scores, k);
}
