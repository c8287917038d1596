import type { SearchHit } from '../types.ts';
import type { CollectionIndex } from './collection-index.ts';
import { reciprocalRankFusion } from './fusion.ts';

export type SearchMode = 'bm25' | 'dense' | 'hybrid';

export interface SearchRequest {
  text: string;
  /** The embedded query; required for `dense` and `hybrid`. */
  vector?: Float32Array;
  mode: SearchMode;
  k: number;
}

export interface RankedChunk extends SearchHit {
  collectionId: string;
  /** 1-based rank in the keyword list, when it ranked this chunk. */
  lexicalRank?: number;
  /** 1-based rank in the dense list, when it ranked this chunk. */
  denseRank?: number;
}

/**
 * Hybrid fusion weights, tuned with `npm run eval -- retrieval` on shared/eval/dev (see
 * docs/BENCHMARKS.md): the keyword list, the keyword list expanded with terms of its best hit
 * (pseudo-relevance feedback), and the dense list, which the built-in word-vector embedder makes
 * weaker than keywords on its own.
 */
const LEXICAL_WEIGHT = 1;
const EXPANDED_WEIGHT = 1.5;
const DENSE_WEIGHT = 0.3;
const FEEDBACK_DOCUMENTS = 1;

/** How many candidates each list contributes to the fusion, per result asked for. */
const CANDIDATES_PER_RESULT = 5;
const MIN_CANDIDATES = 50;

/**
 * Searches several collections as one: each ranking (keywords, expanded keywords, dense) is
 * merged across collections by its raw score first, then the rankings are fused by reciprocal
 * rank, so a weak collection's first hit does not outrank a strong collection's second.
 */
export function searchIndexes(
  indexes: readonly CollectionIndex[],
  request: SearchRequest,
): RankedChunk[] {
  const candidates = Math.max(MIN_CANDIDATES, request.k * CANDIDATES_PER_RESULT);
  const owner = new Map<string, CollectionIndex>();
  const merge = (search: (index: CollectionIndex) => SearchHit[]): SearchHit[] => {
    const hits = indexes.flatMap((index) =>
      search(index).map((hit) => {
        owner.set(hit.id, index);
        return hit;
      }),
    );
    return hits.sort((left, right) => right.score - left.score).slice(0, candidates);
  };
  const { vector } = request;
  const lexical =
    request.mode === 'dense'
      ? []
      : merge((index) => index.lexical.search(request.text, candidates));
  const dense =
    request.mode === 'bm25' || !vector
      ? []
      : merge((index) => index.vectors.search(vector, candidates));
  let fused: SearchHit[];
  if (request.mode === 'bm25') fused = lexical;
  else if (request.mode === 'dense') fused = dense;
  else {
    const feedback = lexical.slice(0, FEEDBACK_DOCUMENTS);
    const source = feedback[0] && owner.get(feedback[0].id);
    const terms = source?.lexical.expandQuery(
      request.text,
      feedback.map((hit) => hit.id),
    );
    const expanded = terms ? merge((index) => index.lexical.searchTerms(terms, candidates)) : [];
    fused = reciprocalRankFusion(
      [
        { hits: lexical, weight: LEXICAL_WEIGHT },
        { hits: expanded, weight: EXPANDED_WEIGHT },
        { hits: dense, weight: DENSE_WEIGHT },
      ],
      candidates,
    );
  }
  const lexicalRanks = rankMap(lexical);
  const denseRanks = rankMap(dense);
  return fused.slice(0, request.k).map((hit) => ({
    ...hit,
    collectionId: owner.get(hit.id)!.collectionId,
    lexicalRank: lexicalRanks.get(hit.id),
    denseRank: denseRanks.get(hit.id),
  }));
}

function rankMap(hits: readonly SearchHit[]): Map<string, number> {
  return new Map(hits.map((hit, index) => [hit.id, index + 1]));
}
