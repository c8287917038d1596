import type { TermLists } from '../ports/lexical-index.ts';
import { runAtOnce, type SlicedWork } from '../time-slices.ts';
import { KeywordIndexFullError, packPair, PACKED_ID_LIMIT } from './packed-pairs.ts';

/** Pairs a new posting list has room for before it first grows. */
const INITIAL_PAIRS = 2;

/** Pairs handled between two pauses of sliced work (a few ms on a slow machine). */
const PAIRS_PER_SLICE = 1 << 18;

/**
 * Documents' packed (term id, frequency) pairs, document after document (`pairEnds` as in
 * `KeywordSegment`), turned term-major in two passes over typed arrays: count, then place, each
 * pair packed again as (document, frequency).
 */
export function invertPairs(
  termCount: number,
  pairs: Uint32Array,
  pairEnds: Int32Array,
): TermLists {
  return runAtOnce(invertingPairs(termCount, pairs, pairEnds));
}

/**
 * `invertPairs` as sliced work, pausing every `PAIRS_PER_SLICE` pairs or so. With `room`, the
 * placed pairs are followed by that many numbers of room in the same array (fresh memory, which
 * costs nothing until it is written), so that the lists' owner can append without a copy.
 */
export function* invertingPairs(
  termCount: number,
  pairs: Uint32Array,
  pairEnds: Int32Array,
  room = 0,
): SlicedWork<TermLists> {
  const holders = new Int32Array(termCount);
  // pairId and pairFrequency written out (packed-pairs.ts); so is packPair below, its ids known
  // to fit (documents and terms of a segment, each below `PACKED_ID_LIMIT`).
  for (let start = 0; start < pairs.length; start += PAIRS_PER_SLICE) {
    const end = Math.min(pairs.length, start + PAIRS_PER_SLICE);
    for (let position = start; position < end; position += 1) holders[pairs[position]! >>> 8]! += 1;
    yield;
  }
  const cursor = new Int32Array(termCount);
  let offset = 0;
  for (let term = 0; term < termCount; term += 1) {
    cursor[term] = offset;
    offset += holders[term]!;
  }
  const placed = new Uint32Array(offset + room);
  // Placing writes all over `placed` from its first slice on: its fresh memory is touched slice
  // by slice first (at 500,000 chunks, 140 MB held the thread 0.4 s in one slice otherwise).
  for (let start = 0; start < offset; start += PAIRS_PER_SLICE) {
    const end = Math.min(offset, start + PAIRS_PER_SLICE);
    for (let page = start; page < end; page += 1024) placed[page] = 0;
    yield;
  }
  let position = 0;
  let pause = PAIRS_PER_SLICE;
  for (let document = 0; document < pairEnds.length; document += 1) {
    for (const end = pairEnds[document]!; position < end; position += 1) {
      const packed = pairs[position]!;
      const term = packed >>> 8;
      placed[cursor[term]!] = ((document << 8) | (packed & 255)) >>> 0;
      cursor[term]! += 1;
    }
    if (position >= pause) {
      pause = position + PAIRS_PER_SLICE;
      yield;
    }
  }
  return { holders, pairs: placed };
}

/**
 * The term dictionary and inverted lists of a keyword index, in flat typed arrays: each term has
 * an id, and a list of (document slot, frequency) pairs packed one number each (`packPair`) in
 * a `Uint32Array` that doubles when full. Entries of removed documents stay in the lists until the index is compacted; `holders`
 * counts only the live ones. At 50,000 chunks this takes a tenth of the memory of a `Map` per
 * term and builds several times faster.
 */
export class PostingLists {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #lists: Uint32Array[] = [];
  readonly #ends: number[] = [];
  readonly #holders: number[] = [];

  /** The lists of `terms` as stored term after term (`TermLists`); each list is a view. */
  static fromLists(terms: readonly string[], stored: TermLists): PostingLists {
    const lists = new PostingLists();
    let start = 0;
    terms.forEach((term, id) => {
      const size = stored.holders[id]!;
      lists.#ids.set(term, id);
      lists.#terms.push(term);
      lists.#lists.push(stored.pairs.subarray(start, start + size));
      lists.#ends.push(size);
      lists.#holders.push(stored.holders[id]!);
      start += size;
    });
    return lists;
  }

  /**
   * The terms of a vocabulary with `holders` each and no list in memory yet: each list comes in
   * by `install` (an index loaded from its vocabulary first, `PendingLists`).
   */
  static pending(terms: readonly string[], holders: Int32Array): PostingLists {
    const lists = new PostingLists();
    const empty = new Uint32Array(0);
    terms.forEach((term, id) => {
      lists.#ids.set(term, id);
      lists.#terms.push(term);
      lists.#lists.push(empty);
      lists.#ends.push(0);
      lists.#holders.push(holders[id]!);
    });
    return lists;
  }

  /** Puts in the list of `id`, all of its pairs, read after `pending`. */
  install(id: number, pairs: Uint32Array): void {
    this.#lists[id] = pairs;
    this.#ends[id] = pairs.length;
  }

  /** Terms with an id, whether or not a live document still holds them. */
  get termCount(): number {
    return this.#terms.length;
  }

  /** The id of `term`, made when it is new. */
  idOf(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      if (id >= PACKED_ID_LIMIT) throw new KeywordIndexFullError();
      this.#ids.set(term, id);
      this.#terms.push(term);
      this.#lists.push(new Uint32Array(INITIAL_PAIRS));
      this.#ends.push(0);
      this.#holders.push(0);
    }
    return id;
  }

  /** The id of `term` when some document ever held it. */
  find(term: string): number | undefined {
    return this.#ids.get(term);
  }

  term(id: number): string {
    return this.#terms[id]!;
  }

  /** Live documents holding the term. */
  holders(id: number): number {
    return this.#holders[id]!;
  }

  /** The term's list, packed (slot, frequency) pairs, and where its used part ends. */
  list(id: number): { pairs: Uint32Array; end: number } {
    return { pairs: this.#lists[id]!, end: this.#ends[id]! };
  }

  /** Adds `slot` to the term's list with `frequency` (packed: `LARGE_FREQUENCY` at most). */
  append(id: number, slot: number, frequency: number): void {
    let pairs = this.#lists[id]!;
    const end = this.#ends[id]!;
    if (end === pairs.length) {
      const grown = new Uint32Array(Math.max(INITIAL_PAIRS, pairs.length * 2));
      grown.set(pairs);
      this.#lists[id] = pairs = grown;
    }
    pairs[end] = packPair(slot, frequency);
    this.#ends[id] = end + 1;
    this.#holders[id]! += 1;
  }

  /** A document holding the term was removed (its pair stays until compaction). */
  release(id: number): void {
    this.#holders[id]! -= 1;
  }
}
