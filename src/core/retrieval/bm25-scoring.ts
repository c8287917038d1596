import type { SearchHit } from '../types.ts';
import { LARGE_FREQUENCY, type LargeFrequencies } from './packed-pairs.ts';
import type { PostingLists } from './postings.ts';
import { countsAtLeast, frequenciesIn, kthLargest } from './list-lookups.ts';
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
 * Terms or documents are left out only when they fall short of the best `k` by more than this
 * share of its least score: sums taken in another order differ in their last bits only.
 */
const ROUNDING_SLACK = 1e-9;

/**
 * The best `k` documents by BM25, ranked and scored exactly as summing every term's contribution
 * into an accumulator by slot, in the query's order, would, without walking every list whole
 * (MaxScore; Turtle and Flood, 1995). A term adds at most `idf × (k1 + 1)` to a score; the terms
 * are taken from the most they can add to the least. Their lists are summed into the
 * accumulators until the terms left could not lift a document none has named into the best `k`;
 * from then on the lists left only add to the documents that may still get there (walked whole,
 * or each document looked up, whichever costs less), and those that can no longer are dropped
 * after each term. The few left are scored again in the query's order, so the scores are the
 * same to the bit. At 500,000 chunks this halves a keyword search's time (docs/BENCHMARKS.md).
 * Each document's length norm, `k1 × (1 - b + b × length / average length)`, is computed once
 * per version of the index and marks removed documents (-1). The scratch arrays are reused by
 * every search.
 */
export class Bm25Scorer {
  #scores = new Float64Array(0);
  /** Slots given a score by the search under way. */
  #hits = new Int32Array(0);
  /** Slots still able to reach the best `k` (`#keepReaching`). */
  #candidates = new Int32Array(0);
  #frequencyScratch = new Float64Array(0);
  #norms = new Float64Array(0);
  #normsVersion = -1;

  top(documents: ScoredDocuments, query: readonly WeightedTerm[], k: number): SearchHit[] {
    this.#prepare(documents);
    const scores = this.#scores;
    const k1PlusOne = documents.k1 + 1;
    // A posting adds `idf × f × (k1 + 1) / (f + norm)`, under `idf × (k1 + 1)` as norms are ≥ 0.
    const bounds = query.map(({ idf }) => idf * k1PlusOne);
    const order = query.map((_, position) => position);
    order.sort((left, right) => bounds[right]! - bounds[left]!);
    /** `left[i]`: the most the terms from `order[i]` on can add to a score. */
    const left = new Float64Array(order.length + 1);
    for (let index = order.length - 1; index >= 0; index -= 1) {
      left[index] = left[index + 1]! + bounds[order[index]!]!;
    }
    let hitCount = 0;
    let next = 0;
    /** At least the `k`-th best score so far (found once the terms left fall under it). */
    let least = 0;
    /** At most the `k`-th best score so far: what the terms summed add, or less once checked. */
    let most = 0;
    for (; next < order.length; next += 1) {
      const shut = left[next]! / (1 - ROUNDING_SLACK);
      if (hitCount >= k && shut < most) {
        if (countsAtLeast(scores, this.#hits, hitCount, k, shut)) {
          least = kthLargest(scores, this.#hits, hitCount, k, shut);
          break;
        }
        most = shut;
      }
      hitCount = this.#sum(documents, query[order[next]!]!, hitCount);
      most += bounds[order[next]!]!;
    }
    const candidates = this.#candidates;
    if (next === order.length) least = kthLargest(scores, this.#hits, hitCount, k);
    let count = this.#keepReaching(this.#hits, hitCount, least, left[next]!);
    let sorted = false;
    for (; next < order.length && count > k; next += 1) {
      const term = query[order[next]!]!;
      const { end } = documents.postings.list(term.termId);
      // Looking each candidate up costs about the logarithm of the gap between them.
      if (count * (2 * Math.log2(end / count + 1) + 1) < end) {
        if (!sorted) candidates.subarray(0, count).sort();
        sorted = true;
        this.#lookUp(documents, term, count);
      } else {
        this.#sumReaching(documents, term);
      }
      least = kthLargest(scores, candidates, count, k, least);
      count = this.#keepReaching(candidates, count, least, left[next + 1]!);
    }
    const reaching = candidates.subarray(0, count);
    if (!sorted) reaching.sort();
    const top = this.#scoreInOrder(documents, query, reaching, k);
    for (let index = 0; index < hitCount; index += 1) scores[this.#hits[index]!] = 0;
    return top;
  }

  /** Adds a term's contribution to the first `count` candidates (in rising order) holding it. */
  #lookUp(documents: ScoredDocuments, { termId, idf }: WeightedTerm, count: number): void {
    const candidates = this.#candidates;
    const frequencies = this.#frequencies(count);
    const list = documents.postings.list(termId);
    frequenciesIn(list, termId, documents.largeFrequencies, candidates, count, frequencies);
    const k1PlusOne = documents.k1 + 1;
    for (let index = 0; index < count; index += 1) {
      const frequency = frequencies[index]!;
      if (frequency === 0) continue;
      const slot = candidates[index]!;
      const norm = this.#norms[slot]!;
      this.#scores[slot] = this.#scores[slot]! + (idf * frequency * k1PlusOne) / (frequency + norm);
    }
  }

  /**
   * Walks a term's whole list, adding its contribution only to candidates: slots with a score
   * above 0 (never hit: 0; dropped: -1, `#keepReaching`).
   */
  #sumReaching(documents: ScoredDocuments, { termId, idf }: WeightedTerm): void {
    const scores = this.#scores;
    const k1PlusOne = documents.k1 + 1;
    const { pairs, end } = documents.postings.list(termId);
    for (let position = 0; position < end; position += 1) {
      const packed = pairs[position]!;
      const slot = packed >>> 8;
      const before = scores[slot]!;
      if (!(before > 0)) continue;
      let frequency = packed & 255;
      if (frequency === LARGE_FREQUENCY) {
        frequency = documents.largeFrequencies.get(termId, slot);
      }
      scores[slot] = before + (idf * frequency * k1PlusOne) / (frequency + this.#norms[slot]!);
    }
  }

  /** Adds a term's whole list into the accumulators; returns the count of slots hit so far. */
  #sum(documents: ScoredDocuments, { termId, idf }: WeightedTerm, hitCount: number): number {
    const scores = this.#scores;
    const norms = this.#norms;
    const hits = this.#hits;
    const k1PlusOne = documents.k1 + 1;
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
    return hitCount;
  }

  /**
   * Keeps as candidates (`#candidates`, from its start) the first `count` slots of `slots` whose
   * score so far, plus `left`, may still reach `least` (the `k`-th best score so far), and marks
   * the others dropped (-1); returns how many are kept. `slots` may be the candidates themselves.
   */
  #keepReaching(slots: Int32Array, count: number, least: number, left: number): number {
    const scores = this.#scores;
    const reach = least * (1 - ROUNDING_SLACK) - left;
    let kept = 0;
    for (let index = 0; index < count; index += 1) {
      const slot = slots[index]!;
      if (scores[slot]! >= reach) this.#candidates[kept++] = slot;
      else scores[slot] = -1;
    }
    return kept;
  }

  /** A scratch array of `count` frequencies. */
  #frequencies(count: number): Float64Array {
    if (this.#frequencyScratch.length < count) this.#frequencyScratch = new Float64Array(count);
    return this.#frequencyScratch;
  }

  /** The best `k` of `slots` (in rising order), each scored term after term in the query's order. */
  #scoreInOrder(
    documents: ScoredDocuments,
    query: readonly WeightedTerm[],
    slots: Int32Array,
    k: number,
  ): SearchHit[] {
    const k1PlusOne = documents.k1 + 1;
    const exact = new Float64Array(slots.length);
    const frequencies = this.#frequencies(slots.length);
    for (const { termId, idf } of query) {
      const list = documents.postings.list(termId);
      frequenciesIn(list, termId, documents.largeFrequencies, slots, slots.length, frequencies);
      for (let index = 0; index < slots.length; index += 1) {
        const frequency = frequencies[index]!;
        if (frequency === 0) continue;
        const norm = this.#norms[slots[index]!]!;
        exact[index] = exact[index]! + (idf * frequency * k1PlusOne) / (frequency + norm);
      }
    }
    const top = new TopHits(k);
    slots.forEach((slot, index) => top.offer(documents.ids[slot]!, exact[index]!));
    return top.hits();
  }

  /** Sizes the scratch arrays for `documents`, and computes their norms when they changed. */
  #prepare(documents: ScoredDocuments): void {
    const slots = documents.ids.length;
    if (this.#scores.length < slots) {
      const capacity = Math.max(64, slots, this.#scores.length * 2);
      this.#scores = new Float64Array(capacity);
      this.#hits = new Int32Array(capacity);
      this.#candidates = new Int32Array(capacity);
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
