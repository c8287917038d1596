import type { Chunk, SearchHit } from '../types.ts';
import type { CollectionIndex } from './collection-index.ts';
import { chunkKeywords } from './keyword-segment.ts';
import { reciprocalRankFusion } from './fusion.ts';
import type { QueryVectorFor } from './knowledge-boundary.ts';
import { analyze } from './text-analysis.ts';

export type SearchMode = 'bm25' | 'dense' | 'hybrid';

export interface SearchRequest {
  text: string;
  /**
   * The query embedded by each collection's own model (one array per model); required for `dense`
   * and `hybrid`. A collection without one takes no part in the dense ranking.
   */
  vectorFor?: QueryVectorFor;
  mode: SearchMode;
  k: number;
  /**
   * Hybrid searches call it as soon as they know chunks most likely to be among the results, which
   * weigh most in the fusion: the keyword list's best before the dense ranking begins, then its
   * expansion's once the feedback chunk is read. A caller can start reading them meanwhile.
   */
  onLikelyResults?: (ids: readonly string[]) => void;
  /**
   * The stored chunks of `ids` (`undefined` for an unknown id): a hybrid search reads its best
   * keyword hits' to expand the query with their terms, while its dense ranking runs.
   */
  readChunks: (ids: readonly string[]) => Promise<(Chunk | undefined)[]>;
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
 * rank, so a weak collection's first hit does not outrank a strong collection's second. Dense
 * scores compare only within one embedding model: the dense rankings of collections of different
 * models (different query vectors) are combined by reciprocal rank.
 */
export async function searchIndexes(
  indexes: readonly CollectionIndex[],
  request: SearchRequest,
): Promise<RankedChunk[]> {
  const candidates = Math.max(MIN_CANDIDATES, request.k * CANDIDATES_PER_RESULT);
  const owner = new Map<string, CollectionIndex>();
  /** One list of the best `candidates` of each collection's hits, by raw score. */
  const merge = (results: readonly (readonly [CollectionIndex, SearchHit[]])[]): SearchHit[] => {
    const hits = results.flatMap(([index, found]) =>
      found.map((hit) => {
        owner.set(hit.id, index);
        return hit;
      }),
    );
    return hits.sort((left, right) => right.score - left.score).slice(0, candidates);
  };
  const searchEach = (search: (index: CollectionIndex) => SearchHit[]) =>
    merge(indexes.map((index) => [index, search(index)] as const));
  /**
   * The keyword list of the query expanded with the terms of `feedback`, its best hits
   * (pseudo-relevance feedback), counted from their stored chunks.
   */
  const expand = async (feedback: readonly SearchHit[]): Promise<SearchHit[]> => {
    const source = feedback[0] && owner.get(feedback[0].id);
    if (!source) return [];
    const chunks = await request.readChunks(feedback.map((hit) => hit.id));
    const counted = chunkKeywords(chunks.filter((chunk) => chunk !== undefined));
    const terms = source.lexical.expandQuery(request.text, counted);
    await loadTerms(indexes, terms.keys());
    return searchEach((index) => index.lexical.searchTerms(terms, candidates));
  };
  const { vectorFor } = request;
  if (request.mode !== 'dense') await loadTerms(indexes, analyze(request.text));
  const lexical =
    request.mode === 'dense'
      ? []
      : searchEach((index) => index.lexical.search(request.text, candidates));
  let expansion: Promise<SearchHit[]> = Promise.resolve([]);
  if (request.mode === 'hybrid') {
    const feedback = lexical.slice(0, FEEDBACK_DOCUMENTS);
    const ids = (hits: readonly SearchHit[]) => hits.slice(0, request.k).map((hit) => hit.id);
    request.onLikelyResults?.([...new Set([...feedback.map((hit) => hit.id), ...ids(lexical)])]);
    expansion = expand(feedback);
    // Awaited below, after the dense ranking began.
    expansion.then((expanded) => request.onLikelyResults?.(ids(expanded))).catch(() => undefined);
  }
  let dense: SearchHit[] = [];
  if (request.mode !== 'bm25' && vectorFor) {
    // Scores of one model compare across its collections; those of two models do not.
    const byModel = new Map<Float32Array, CollectionIndex[]>();
    for (const index of indexes) {
      const vector = vectorFor(index.collectionId);
      if (vector) byModel.set(vector, [...(byModel.get(vector) ?? []), index]);
    }
    /** The dense hits of one model's collections, merged by score. */
    const searchModel = async (vector: Float32Array, group: readonly CollectionIndex[]) => {
      const searched = group.map(async (index) => {
        return [index, await index.vectors.search(vector, candidates)] as const;
      });
      return merge(await Promise.all(searched));
    };
    const rankings = await Promise.all(
      [...byModel].map(([vector, group]) => searchModel(vector, group)),
    );
    dense =
      rankings.length === 1
        ? rankings[0]!
        : reciprocalRankFusion(
            rankings.map((hits) => ({ hits })),
            candidates,
          );
  }
  const expanded = await expansion;
  let fused: SearchHit[];
  if (request.mode === 'bm25') fused = lexical;
  else if (request.mode === 'dense') fused = dense;
  else {
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

/** The keyword lists of `terms` in every index (`LexicalIndex.loadTerms`), read side by side. */
async function loadTerms(
  indexes: readonly CollectionIndex[],
  terms: Iterable<string>,
): Promise<void> {
  const wanted = [...terms];
  await Promise.all(indexes.map((index) => index.lexical.loadTerms(wanted)));
}
