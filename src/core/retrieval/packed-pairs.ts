import { ArchivistError } from '../errors.ts';
import type { KeywordBase, TermLists } from '../ports/lexical-index.ts';

/**
 * A keyword index's pairs packed into one 32-bit number each (decision 0024): an id (a term's,
 * in a document's pairs; a document slot's, in a posting list) above `FREQUENCY_BITS` bits of
 * frequency. Half the memory of two `Int32` a pair, in the index and in its stored base.
 */
const FREQUENCY_BITS = 8;
// The loops over millions of pairs (scoring, checking, inverting) write `>>> 8` and `& 255` out:
// with literals they ran about twice as fast as through these helpers or imported constants
// (14 million pairs under Node, measured). Tests pack with `packPair` and read through them.

/**
 * The largest frequency a packed pair holds; a frequency this large or larger is packed as this
 * and kept exactly beside the pairs (`KeywordSegment.largeFrequencies`), so scores stay exact.
 * No chunk of the dev collections comes near it (the largest frequency at 200,000 chunks is 21).
 */
export const LARGE_FREQUENCY = 2 ** FREQUENCY_BITS - 1;

/** Ids a packed pair can hold (16,777,216): slots of a collection's index, or its terms. */
export const PACKED_ID_LIMIT = 2 ** (32 - FREQUENCY_BITS);

/** A collection past `PACKED_ID_LIMIT` chunks (or distinct words) in one keyword index. */
export class KeywordIndexFullError extends ArchivistError {
  readonly name = 'KeywordIndexFullError';
  constructor() {
    super(
      `This collection holds more chunks or distinct words than one keyword index can (${PACKED_ID_LIMIT.toLocaleString('en')}). Split its folder into two collections.`,
    );
  }
}

/** `id` and `frequency` (≥ 1) as one number; a frequency of `LARGE_FREQUENCY` or more as that. */
export function packPair(id: number, frequency: number): number {
  if (id >= PACKED_ID_LIMIT) throw new KeywordIndexFullError();
  return ((id << FREQUENCY_BITS) | Math.min(frequency, LARGE_FREQUENCY)) >>> 0;
}

/** The id of a packed pair. */
export function pairId(packed: number): number {
  return packed >>> FREQUENCY_BITS;
}

/** The frequency of a packed pair, or `LARGE_FREQUENCY` when it is kept beside the pairs. */
export function pairFrequency(packed: number): number {
  return packed & LARGE_FREQUENCY;
}

/** A packed pair with its id replaced. */
export function withPairId(packed: number, id: number): number {
  return packPair(id, pairFrequency(packed));
}

/**
 * The exact frequencies of a keyword index's pairs packed as `LARGE_FREQUENCY`, by term id and
 * document slot. Entries of removed documents stay until the index is rebuilt, as their pairs do.
 */
export class LargeFrequencies {
  readonly #byPair = new Map<number, number>();

  /** The large frequencies of `base`, by term and document position. */
  static of(base: KeywordBase): LargeFrequencies {
    const frequencies = new LargeFrequencies();
    frequencies.setAll(base.largeFrequencies, base.byTerm);
    return frequencies;
  }

  /**
   * Sets the (position, frequency) entries of `large`, each position one in `byTerm`'s pairs
   * (the whole lists, term after term).
   */
  setAll(large: Int32Array, byTerm: TermLists): void {
    let term = 0;
    let listEnd = byTerm.holders[0] ?? 0;
    for (let entry = 0; entry < large.length; entry += 2) {
      const position = large[entry]!;
      while (listEnd <= position) {
        term += 1;
        listEnd += byTerm.holders[term]!;
      }
      this.set(term, pairId(byTerm.pairs[position]!), large[entry + 1]!);
    }
  }

  set(termId: number, slot: number, frequency: number): void {
    this.#byPair.set(termId * PACKED_ID_LIMIT + slot, frequency);
  }

  /** The frequency of `termId` in `slot`, packed as `LARGE_FREQUENCY`. */
  get(termId: number, slot: number): number {
    return this.#byPair.get(termId * PACKED_ID_LIMIT + slot) ?? LARGE_FREQUENCY;
  }
}
