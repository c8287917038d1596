import type { KeywordBase, KeywordSegment, LexicalIndex } from '../ports/lexical-index.ts';
import { mappingPositions, runAtOnce, runGivingWay } from '../time-slices.ts';
import type { SearchHit } from '../types.ts';
import { Bm25Scorer, type WeightedTerm } from './bm25-scoring.ts';
import { DocumentPairs } from './document-pairs.ts';
import { feedbackTerms } from './feedback-terms.ts';
import { baseOf, derivingSlotPairs } from './keyword-base.ts';
import { analyzeDocuments } from './keyword-segment.ts';
import { type IndexedDocuments, liveSegment } from './live-documents.ts';
import {
  KeywordIndexFullError,
  LargeFrequencies,
  PACKED_ID_LIMIT,
  pairFrequency,
  pairId,
} from './packed-pairs.ts';
import { PostingLists } from './postings.ts';
import { analyze } from './text-analysis.ts';

export interface Bm25Options {
  k1?: number;
  b?: number;
}

/** Expansion terms taken from the feedback documents (RM3 uses 10-20). */
const FEEDBACK_TERMS = 20;

/**
 * Okapi BM25 with incremental add and remove. Each document gets a slot: its id, its length in
 * terms, and its (term id, frequency) pairs, kept for removal and re-merging; an index loaded
 * from a base (or just compacted) derives those pairs from its lists only at its first change
 * or ahead of it (`prepareChanges`; decision 0027). Pairs are packed one number each
 * (`packPair`, decision 0024), frequencies too large to pack kept exactly beside them
 * (`LargeFrequencies`). A removed document leaves a dead slot (length -1) that searches skip;
 * once dead slots outnumber live ones, the index is rebuilt from the live slots' pairs (no
 * re-tokenizing).
 * Text is tokenised only by `analyzeDocuments`: documents come in as counted segments (stored
 * ones need no tokenising at all) and go out as a base (`toBase`, what the store keeps).
 */
export class Bm25Index implements LexicalIndex {
  readonly #k1: number;
  readonly #b: number;
  #postings = new PostingLists();
  /** Slots by id; made at the first change after `#holdOnly` (`#slots`). */
  #slotOf: Map<string, number> | undefined = new Map();
  #ids: string[] = [];
  #lengths: number[] = [];
  /** Every slot's pairs; derived from the held base's lists at the first change (`#documents`). */
  #documentTerms: DocumentPairs | undefined = DocumentPairs.empty();
  #largeFrequencies = new LargeFrequencies();
  /**
   * The base the index holds exactly, from its last `#holdOnly` until the next add or remove:
   * `toBase` then gives it as it is, with no copy.
   */
  #held: KeywordBase | undefined;
  #live = 0;
  #totalLength = 0;
  /** Counts the adds and removes, for the scorer's norms (`ScoredDocuments.version`). */
  #version = 0;
  readonly #scorer = new Bm25Scorer();

  constructor(options: Bm25Options = {}) {
    this.#k1 = options.k1 ?? 1.2;
    this.#b = options.b ?? 0.75;
  }

  /**
   * An index of `base`'s documents (distinct ids) in their order, taking over its arrays: its
   * lists are searched as they are. Same scores as adding them. With `lists`, its postings and
   * large frequencies are those (`ListsOnDemandIndex`: lists not all in memory yet, each put in
   * before a search of its term, the whole pairs into `base` before a change).
   */
  static fromBase(
    base: KeywordBase,
    options: Bm25Options = {},
    lists?: { postings: PostingLists; largeFrequencies: LargeFrequencies },
  ): Bm25Index {
    const index = new Bm25Index(options);
    index.#holdOnly(base, lists?.postings, lists?.largeFrequencies);
    return index;
  }

  get size(): number {
    return this.#live;
  }

  /** Every list is in memory: nothing to wait for. */
  loadTerms(): Promise<void> {
    return Promise.resolve();
  }

  add(documents: readonly { id: string; text: string }[]): void {
    this.addSegment(analyzeDocuments(documents));
  }

  addSegment(segment: KeywordSegment): void {
    const termIds = segment.terms.map((term) => this.#postings.idOf(term));
    const large = segment.largeFrequencies;
    let start = 0;
    let nextLarge = 0;
    segment.ids.forEach((id, document) => {
      this.#removeOne(id);
      const end = segment.pairEnds[document]!;
      const slot = this.#place(
        id,
        segment.lengths[document]!,
        segment.pairs.subarray(start, end),
        termIds,
      );
      for (; nextLarge < large.length && large[nextLarge]! < end; nextLarge += 2) {
        const termId = termIds[pairId(segment.pairs[large[nextLarge]!]!)]!;
        this.#largeFrequencies.set(termId, slot, large[nextLarge + 1]!);
      }
      start = end;
    });
    this.#compactIfSparse();
  }

  toBase(): KeywordBase {
    return (
      this.#held ?? baseOf(liveSegment(this.#liveDocuments(), (count) => new Uint32Array(count)))
    );
  }

  compact(): void {
    if (this.#held) {
      // Unchanged since held: what a change would have needed (`prepareChanges`) is let go.
      this.#documentTerms = undefined;
      this.#slotOf = undefined;
      return;
    }
    // Written over the pool the pairs are read from where no segment views it (`rebuildTarget`).
    const documents = this.#liveDocuments();
    const live = liveSegment(documents, (count) => documents.pairs.rebuildTarget(count));
    this.#postings = new PostingLists(); // the old lists may go before the new ones are made
    this.#holdOnly(baseOf(live));
  }

  /**
   * Makes what a change needs after a load or a compaction (each document's pairs, the slot of
   * each id) in slices with `giveWay` between them, so that a thread which must keep answering is
   * not held for all of it at once (1.6-1.8 s at 500,000 chunks). A change without it makes them
   * in one go. Made for a base the index no longer holds when done, they are dropped.
   */
  async prepareChanges(giveWay: () => Promise<void>): Promise<void> {
    const held = this.#held;
    if (!held) return; // changed since the last load or compaction: all made
    if (!this.#documentTerms) {
      const documents = await runGivingWay(derivingSlotPairs(held), giveWay);
      if (this.#held !== held) return;
      this.#documentTerms = documents;
    }
    if (!this.#slotOf) {
      const slots = await runGivingWay(mappingPositions(this.#ids), giveWay);
      if (this.#held === held) this.#slotOf = slots;
    }
  }

  remove(ids: readonly string[]): void {
    for (const id of ids) this.#removeOne(id);
    this.#compactIfSparse();
  }

  search(query: string, k: number): SearchHit[] {
    return this.searchTerms(new Map(analyze(query).map((term) => [term, 1])), k);
  }

  expandQuery(query: string, feedback: KeywordSegment): ReadonlyMap<string, number> {
    const terms = new Map(analyze(query).map((term) => [term, 1]));
    const expansion = this.feedbackTerms(feedback, FEEDBACK_TERMS, new Set(terms.keys()));
    for (const [term, weight] of expansion) terms.set(term, weight);
    return terms;
  }

  /**
   * BM25 with a weight per query term (1 for the user's words, less for expansion terms): the best
   * `k`, scored as summing every term's contribution in the query's order (`Bm25Scorer`).
   */
  searchTerms(terms: ReadonlyMap<string, number>, k: number): SearchHit[] {
    if (this.#live === 0 || k <= 0) return [];
    const query: WeightedTerm[] = [];
    for (const [term, weight] of terms) {
      const termId = this.#postings.find(term);
      if (termId === undefined || this.#postings.holders(termId) === 0) continue;
      const idf = weight * this.#idf(this.#postings.holders(termId));
      if (idf > 0) query.push({ termId, idf });
    }
    if (query.length === 0) return [];
    return this.#scorer.top(
      {
        postings: this.#postings,
        largeFrequencies: this.#largeFrequencies,
        ids: this.#ids,
        lengths: this.#lengths,
        averageLength: this.#totalLength / this.#live || 1,
        k1: this.#k1,
        b: this.#b,
        version: this.#version,
      },
      query,
      k,
    );
  }

  /**
   * Pseudo-relevance feedback (`feedbackTerms` in feedback-terms.ts), rarity being each term's
   * idf here. The documents come counted (`chunkKeywords` of their chunks), so the index needs
   * no pairs of its own for them (decision 0027).
   */
  feedbackTerms(
    feedback: KeywordSegment,
    count: number,
    exclude: ReadonlySet<string>,
  ): Map<string, number> {
    return feedbackTerms(feedback, count, exclude, (term) => {
      const termId = this.#postings.find(term);
      const holders = termId === undefined ? 0 : this.#postings.holders(termId);
      return holders === 0 ? 0 : this.#idf(holders);
    });
  }

  /**
   * Replaces everything the index holds with `base`'s documents (see `fromBase`), its lists and
   * large frequencies made from it unless given (`fromBase` with `lists`).
   */
  #holdOnly(
    base: KeywordBase,
    postings = PostingLists.fromLists(base.terms, base.byTerm),
    largeFrequencies = LargeFrequencies.of(base),
  ): void {
    this.#postings = postings;
    this.#held = base;
    this.#ids = [...base.ids]; // grows with adds; the held base must not
    this.#lengths = plainArray(base.lengths);
    this.#documentTerms = undefined;
    this.#largeFrequencies = largeFrequencies;
    this.#slotOf = undefined;
    this.#live = base.ids.length;
    this.#totalLength = this.#lengths.reduce((sum, length) => sum + length, 0);
    this.#version += 1;
  }

  /**
   * Gives a document a new slot with its length and its packed (term id, frequency) pairs, each
   * term id `t` read as `termIds[t]` when `termIds` is given; returns the slot.
   */
  #place(id: string, length: number, pairs: Uint32Array, termIds?: ArrayLike<number>): number {
    const slot = this.#ids.length;
    if (slot >= PACKED_ID_LIMIT) throw new KeywordIndexFullError();
    const slots = this.#slots();
    const documents = this.#documents();
    this.#held = undefined;
    for (const packed of documents.append(pairs, termIds)) {
      this.#postings.append(pairId(packed), slot, pairFrequency(packed));
    }
    slots.set(id, slot);
    this.#ids.push(id);
    this.#lengths.push(length);
    this.#live += 1;
    this.#totalLength += length;
    this.#version += 1;
    return slot;
  }

  #removeOne(id: string): void {
    const slots = this.#slots();
    const slot = slots.get(id);
    if (slot === undefined) return;
    const documents = this.#documents();
    this.#held = undefined;
    for (const packed of documents.get(slot)) this.#postings.release(pairId(packed));
    this.#totalLength -= this.#lengths[slot]!;
    this.#lengths[slot] = -1;
    slots.delete(id);
    this.#live -= 1;
    this.#version += 1;
  }

  /** What `liveSegment` reads: the slots' ids, lengths and pairs (made when needed). */
  #liveDocuments(): IndexedDocuments {
    return {
      postings: this.#postings,
      ids: this.#ids,
      lengths: this.#lengths,
      pairs: this.#documents(),
      largeFrequencies: this.#largeFrequencies,
    };
  }

  /** Slots by id, made when first needed since `#holdOnly` (every slot's id then distinct). */
  #slots(): Map<string, number> {
    this.#slotOf ??= runAtOnce(mappingPositions(this.#ids));
    return this.#slotOf;
  }

  /**
   * Every slot's pairs: derived from the held base's lists when first needed since `#holdOnly`
   * (nothing has changed since, so those lists hold exactly every slot's pairs).
   */
  #documents(): DocumentPairs {
    this.#documentTerms ??= runAtOnce(derivingSlotPairs(this.#held!));
    return this.#documentTerms;
  }

  /**
   * Rebuilds the index from the live documents only (`compact`) once dead slots outnumber live
   * ones, so the work stays proportional to the changes made.
   */
  #compactIfSparse(): void {
    if (this.#ids.length - this.#live > this.#live) this.compact();
  }

  #idf(documentFrequency: number): number {
    return Math.log(1 + (this.#live - documentFrequency + 0.5) / (documentFrequency + 0.5));
  }
}

/**
 * The numbers of `numbers` in a plain array, copied one by one: `Array.from` of a typed array took
 * 64-161 ms at 500,000 numbers, this 15-23.
 */
function plainArray(numbers: Int32Array): number[] {
  const copy = new Array<number>(numbers.length);
  for (let index = 0; index < numbers.length; index += 1) copy[index] = numbers[index]!;
  return copy;
}
