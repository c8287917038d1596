import type { LexicalIndex } from '../ports/lexical-index.ts';
import type { VectorIndex } from '../ports/vector-index.ts';
import type { Chunk, SearchHit } from '../types.ts';
import { reciprocalRankFusion } from './fusion.ts';
import { indexText } from './index-text.ts';

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

/** The in-memory search state of one collection: dense + keyword indexes, updated per file. */
export class CollectionIndex {
  readonly #chunksByFile = new Map<string, string[]>();

  constructor(
    readonly collectionId: string,
    readonly vectors: VectorIndex,
    readonly lexical: LexicalIndex,
  ) {}

  get size(): number {
    return this.lexical.size;
  }

  /** Adds (or replaces) one file's chunks; `vectors` holds one row per chunk. */
  putFile(fileId: string, chunks: readonly Chunk[], vectors: Float32Array): void {
    this.removeFile(fileId);
    if (chunks.length === 0) return;
    const ids = chunks.map((chunk) => chunk.id);
    this.vectors.add(ids, vectors);
    this.lexical.add(chunks.map((chunk) => ({ id: chunk.id, text: indexText(chunk) })));
    this.#chunksByFile.set(fileId, ids);
  }

  removeFile(fileId: string): void {
    const ids = this.#chunksByFile.get(fileId);
    if (!ids) return;
    this.vectors.remove(ids);
    this.lexical.remove(ids);
    this.#chunksByFile.delete(fileId);
  }

  #expanded(text: string, lexical: readonly SearchHit[], candidates: number): SearchHit[] {
    const feedback = lexical.slice(0, FEEDBACK_DOCUMENTS).map((hit) => hit.id);
    return feedback.length === 0 ? [] : this.lexical.searchExpanded(text, feedback, candidates);
  }

  search(request: SearchRequest): RankedChunk[] {
    const candidates = Math.max(MIN_CANDIDATES, request.k * CANDIDATES_PER_RESULT);
    const lexical = request.mode === 'dense' ? [] : this.lexical.search(request.text, candidates);
    const dense =
      request.mode === 'bm25' || !request.vector
        ? []
        : this.vectors.search(request.vector, candidates);
    const fused =
      request.mode === 'bm25'
        ? lexical
        : request.mode === 'dense'
          ? dense
          : reciprocalRankFusion(
              [
                { hits: lexical, weight: LEXICAL_WEIGHT },
                {
                  hits: this.#expanded(request.text, lexical, candidates),
                  weight: EXPANDED_WEIGHT,
                },
                { hits: dense, weight: DENSE_WEIGHT },
              ],
              candidates,
            );
    const lexicalRanks = rankMap(lexical);
    const denseRanks = rankMap(dense);
    return fused.slice(0, request.k).map((hit) => ({
      ...hit,
      collectionId: this.collectionId,
      lexicalRank: lexicalRanks.get(hit.id),
      denseRank: denseRanks.get(hit.id),
    }));
  }
}

function rankMap(hits: readonly SearchHit[]): Map<string, number> {
  return new Map(hits.map((hit, index) => [hit.id, index + 1]));
}
