import type { SearchHit } from '../types.ts';
import { LARGE_FREQUENCY, type LargeFrequencies } from './packed-pairs.ts';
import type { PostingLists } from './postings.ts';
import { TopHits } from './top-hits.ts';

/** What scoring reads of a keyword index (`Bm25Index`). */
export interface ScoredDocuments {
  readonly postings: PostingLists;
  /** The exact frequencies of pairs packed as `LARGE_FREQUENCY`. */
  readonly largeFrequencies: LargeFrequencies;
  /** By slot. */
  readonly ids: readonly string[];
  /** By slot, in terms; -1 for a removed document. */
  readonly lengths: readonly number[];
  readonly averageLength: number;
  readonly k1: number;
  readonly b: number;
  /** Changes whenever a document is added or removed (the lengths and their average change). */
  readonly version: number;
}

/** A query term the index holds: its id, and its idf times its weight in the query (> 0). */
export interface WeightedTerm {
  termId: number;
  idf: number;
}

/**
 * Scores BM25 term after term into an accumulator by slot and keeps the best `k`. Each document's
 * length norm, `k1 × (1 - b + b × length / average length)`, is computed once per version of the
 * index instead of once per posting (the same expression, so the same scores to the bit), and
 * marks removed documents (-1). At 500,000 chunks this halves a search's time
 * (docs/BENCHMARKS.md). The scratch arrays are reused by every search.
 */
export class Bm25Scorer {
  #scores = new Float64Array(0);
  /** Slots given a score by the search under way. */
  #hits = new Int32Array(0);
  #norms = new Float64Array(0);
  #normsVersion = -1;

  top(documents: ScoredDocuments, query: readonly WeightedTerm[], k: number): SearchHit[] {
    this.#prepare(documents);
    const scores = this.#scores;
    const norms = this.#norms;
    const hits = this.#hits;
    const k1PlusOne = documents.k1 + 1;
    let hitCount = 0;
    for (const { termId, idf } of query) {
      const { pairs, end } = documents.postings.list(termId);
      for (let position = 0; position < end; position += 1) {
        const packed = pairs[position]!;
        const slot = packed >>> 8; // pairId and pairFrequency written out (packed-pairs.ts)
        const norm = norms[slot]!;
        if (norm < 0) continue;
        let frequency = packed & 255;
        if (frequency === LARGE_FREQUENCY) {
          frequency = documents.largeFrequencies.get(termId, slot);
        }
        const before = scores[slot]!;
        const after = before + (idf * frequency * k1PlusOne) / (frequency + norm);
        scores[slot] = after;
        // Terms add 0 or more, so a slot is hit the first time its score leaves 0.
        if (before === 0 && after !== 0) hits[hitCount++] = slot;
      }
    }
    const top = new TopHits(k);
    for (let index = 0; index < hitCount; index += 1) {
      const slot = hits[index]!;
      top.offer(documents.ids[slot]!, scores[slot]!);
      scores[slot] = 0;
    }
    return top.hits();
  }

  /** Sizes the scratch arrays for `documents`, and computes their norms when they changed. */
  #prepare(documents: ScoredDocuments): void {
    const slots = documents.ids.length;
    if (this.#scores.length < slots) {
      const capacity = Math.max(64, slots, this.#scores.length * 2);
      this.#scores = new Float64Array(capacity);
      this.#hits = new Int32Array(capacity);
      this.#norms = new Float64Array(capacity);
      this.#normsVersion = -1;
    }
    if (this.#normsVersion === documents.version) return;
    const { lengths, averageLength, k1, b } = documents;
    for (let slot = 0; slot < slots; slot += 1) {
      const length = lengths[slot]!;
      this.#norms[slot] = length < 0 ? -1 : k1 * (1 - b + (b * length) / averageLength);
    }
    this.#normsVersion = documents.version;
  }
}
