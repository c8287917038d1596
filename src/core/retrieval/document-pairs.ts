import { pairId, withPairId } from './packed-pairs.ts';

/** Room the first append makes, in pairs. */
const INITIAL_CAPACITY = 512;
/** Slots the first append makes room for. */
const INITIAL_SLOTS = 64;

/**
 * Every document's packed (term id, frequency) pairs of a keyword index (`packPair`), by slot,
 * kept one document after another in one array that grows by half its size, with where each
 * slot's pairs end (a slot's pairs start where the previous slot's end). A typed array of its
 * own per document cost about 0.2 KB a chunk of objects in the JS heap (20k chunks of the scale
 * folder in Node; `docs/BENCHMARKS.md`). Which slots are still live is the index's to know
 * (`Bm25Index` marks a removed document's length); their numbers stay here until the index is
 * rebuilt.
 */
export class DocumentPairs {
  #pool: Uint32Array;
  #used: number;
  #ends: Int32Array;
  #slots: number;
  /** Whether the pool was made here (empty, or grown by `append`), so that no segment views it. */
  #ownsPool: boolean;

  private constructor(pool: Uint32Array, used: number, ends: Int32Array, ownsPool: boolean) {
    this.#pool = pool;
    this.#used = used;
    this.#ends = ends;
    this.#slots = ends.length;
    this.#ownsPool = ownsPool;
  }

  static empty(): DocumentPairs {
    return new DocumentPairs(new Uint32Array(0), 0, new Int32Array(0), true);
  }

  /**
   * The documents of `pairs`, taken over (not copied): document i's pairs end at pair
   * `pairEnds[i]`. `owned` when nothing else views `pairs`, so a rebuild may write over them.
   */
  static of(pairs: Uint32Array, pairEnds: Int32Array, owned = false): DocumentPairs {
    return new DocumentPairs(pairs, pairEnds.at(-1) ?? 0, pairEnds.slice(), owned);
  }

  /**
   * The room a full pool of `count` pairs grows by: pairs derived for a change are given it
   * beforehand, so the first append copies nothing (140 MB in one step at 500,000 chunks).
   */
  static growthOf(count: number): number {
    return Math.floor(count / 2);
  }

  /** Slots given so far, those of removed documents included. */
  get slots(): number {
    return this.#slots;
  }

  /**
   * Gives the next slot a copy of `pairs`, each term id `t` written as `termIds[t]` when
   * `termIds` is given; returns the slot's pairs (a view to read, valid until the next append).
   */
  append(pairs: Uint32Array, termIds?: ArrayLike<number>): Uint32Array {
    this.#reserve(pairs.length);
    const start = this.#used;
    const pool = this.#pool;
    for (let position = 0; position < pairs.length; position += 1) {
      const packed = pairs[position]!;
      pool[start + position] = termIds ? withPairId(packed, termIds[pairId(packed)]!) : packed;
    }
    this.#used += pairs.length;
    this.#ends[this.#slots] = this.#used;
    this.#slots += 1;
    return pool.subarray(start, this.#used);
  }

  /** The slot's pairs (a view). */
  get(slot: number): Uint32Array {
    return this.#pool.subarray(slot === 0 ? 0 : this.#ends[slot - 1], this.#ends[slot]);
  }

  /**
   * Room for `count` numbers (at most the pairs stored) for a rebuild that writes the live slots'
   * pairs in slot order: the pool itself when no segment views it, since such a rebuild never
   * writes ahead of what it has still to read; a new array otherwise. Rebuilding over the pool
   * makes no second copy of every pair at the end of a sync (140 MB at 500,000 chunks).
   */
  rebuildTarget(count: number): Uint32Array {
    return this.#ownsPool ? this.#pool.subarray(0, count) : new Uint32Array(count);
  }

  #reserve(numbers: number): void {
    if (this.#used + numbers > this.#pool.length) {
      const capacity = Math.max(
        INITIAL_CAPACITY,
        this.#used + numbers,
        this.#pool.length + DocumentPairs.growthOf(this.#pool.length),
      );
      const pool = new Uint32Array(capacity);
      pool.set(this.#pool.subarray(0, this.#used));
      this.#pool = pool;
      this.#ownsPool = true;
    }
    if (this.#slots === this.#ends.length) {
      const ends = new Int32Array(Math.max(INITIAL_SLOTS, this.#slots * 2));
      ends.set(this.#ends);
      this.#ends = ends;
    }
  }
}
