import type { KeywordBase, KeywordVocabulary } from '../ports/lexical-index.ts';
import { listStarts } from './keyword-base.ts';
import { checkList } from './keyword-base-format.ts';
import { KeywordIndexDamagedError } from './keyword-segment-format.ts';
import { LARGE_FREQUENCY, type LargeFrequencies } from './packed-pairs.ts';
import type { PostingLists } from './postings.ts';

/**
 * Where the posting lists of an index loaded from its vocabulary first come from
 * (`ListsOnDemandIndex`; docs/decisions/0031-lists-on-demand.md).
 */
export interface StoredLists {
  /**
   * The base's pairs at positions `start` to `end` of its lists (term after term); `undefined`
   * when they cannot be read.
   */
  read(start: number, end: number): Promise<Uint32Array | undefined>;
  /**
   * All the base's pairs, read and checked whole, or, when they cannot be, a base built anew
   * (from the collection's chunks) to be held instead; `pause` (a pause in searching) is waited
   * for between the steps of the read and of the check when they are many.
   */
  complete(pause: () => Promise<void>): Promise<{ pairs: Uint32Array } | { rebuilt: KeywordBase }>;
}

/**
 * The lists of a vocabulary that are not in memory yet: each read on its own when a search needs
 * it (`load`), checked as `decodeBase` checks a whole base, and put into the index's postings and
 * large frequencies; or all at once from the whole pairs (`installAll`).
 */
export class PendingLists {
  readonly #starts: Int32Array;
  readonly #loaded: Uint8Array;
  readonly #reads = new Map<number, Promise<void>>();

  constructor(
    private readonly vocabulary: KeywordVocabulary,
    private readonly lists: StoredLists,
    private readonly postings: PostingLists,
    private readonly largeFrequencies: LargeFrequencies,
  ) {
    this.#starts = listStarts(vocabulary.holders);
    this.#loaded = new Uint8Array(vocabulary.holders.length);
  }

  /** Whether the list of `termId` is in memory. */
  has(termId: number): boolean {
    return this.#loaded[termId] === 1;
  }

  /**
   * Reads the lists of `termIds` not in memory yet (one read each, side by side); throws
   * `KeywordIndexDamagedError` when one cannot be read or does not hold what the vocabulary says.
   */
  async load(termIds: Iterable<number>): Promise<void> {
    const reads: Promise<void>[] = [];
    for (const termId of termIds) {
      if (this.has(termId)) continue;
      let read = this.#reads.get(termId);
      if (!read) {
        read = this.#loadOne(termId);
        this.#reads.set(termId, read);
        const done = () => this.#reads.delete(termId);
        read.then(done, done);
      }
      reads.push(read);
    }
    await Promise.all(reads);
  }

  /** Puts every list not in memory yet into the postings, as views of `pairs` (all of them). */
  installAll(pairs: Uint32Array): void {
    for (let termId = 0; termId < this.#loaded.length; termId += 1) {
      if (this.has(termId)) continue;
      this.#install(termId, pairs.subarray(this.#starts[termId], this.#starts[termId + 1]));
    }
    const { largeFrequencies, holders } = this.vocabulary;
    this.largeFrequencies.setAll(largeFrequencies, { holders, pairs });
  }

  async #loadOne(termId: number): Promise<void> {
    const start = this.#starts[termId]!;
    const end = this.#starts[termId + 1]!;
    const list = await this.lists.read(start, end);
    if (this.has(termId)) return; // all lists came in meanwhile
    if (list?.length !== end - start) {
      throw new KeywordIndexDamagedError('a posting list cannot be read');
    }
    const packedLarge = checkList(list, this.vocabulary.ids.length);
    const large = this.vocabulary.largeFrequencies;
    let entry = firstEntryAtOrAfter(large, start);
    let found = 0;
    for (; entry < large.length && large[entry]! < end; entry += 2) {
      const pair = list[large[entry]! - start]!;
      if ((pair & 255) !== LARGE_FREQUENCY || large[entry + 1]! < LARGE_FREQUENCY) {
        throw new KeywordIndexDamagedError('a large frequency names no pair');
      }
      this.largeFrequencies.set(termId, pair >>> 8, large[entry + 1]!); // pairId
      found += 1;
    }
    if (found !== packedLarge) {
      throw new KeywordIndexDamagedError('large frequencies do not add up');
    }
    this.#install(termId, list);
  }

  #install(termId: number, list: Uint32Array): void {
    this.postings.install(termId, list);
    this.#loaded[termId] = 1;
  }
}

/** The index of the first (position, frequency) entry of `large` at or after `position`. */
function firstEntryAtOrAfter(large: Int32Array, position: number): number {
  let low = 0;
  let high = large.length / 2;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (large[middle * 2]! < position) low = middle + 1;
    else high = middle;
  }
  return low * 2;
}
