/** Room the first append makes, in numbers (two per pair). */
const INITIAL_CAPACITY = 1024;
/** Slots the first append makes room for. */
const INITIAL_SLOTS = 64;

/**
 * Every document's (term id, frequency) pairs of a keyword index, by slot, kept one document
 * after another in one array that grows by half its size, with where each slot's pairs start and
 * end. A typed array of its own per document cost about 0.2 KB a chunk of objects in the JS heap
 * (20k chunks of the scale folder in Node; `docs/BENCHMARKS.md`). A dropped slot keeps its
 * numbers until the index is rebuilt (`Bm25Index` does once dead slots outnumber live ones).
 */
export class DocumentPairs {
  #pool: Int32Array;
  #used: number;
  #starts: Int32Array;
  #ends: Int32Array;
  #slots: number;

  private constructor(pool: Int32Array, used: number, starts: Int32Array, ends: Int32Array) {
    this.#pool = pool;
    this.#used = used;
    this.#starts = starts;
    this.#ends = ends;
    this.#slots = starts.length;
  }

  static empty(): DocumentPairs {
    return new DocumentPairs(new Int32Array(0), 0, new Int32Array(0), new Int32Array(0));
  }

  /**
   * The documents of a stored segment, taking over its `pairs` (not copied): document i's pairs
   * end at pair `pairEnds[i]`.
   */
  static of(pairs: Int32Array, pairEnds: Int32Array): DocumentPairs {
    const starts = new Int32Array(pairEnds.length);
    const ends = new Int32Array(pairEnds.length);
    let start = 0;
    pairEnds.forEach((end, slot) => {
      starts[slot] = start;
      ends[slot] = end * 2;
      start = end * 2;
    });
    return new DocumentPairs(pairs, start, starts, ends);
  }

  /** Slots given so far, dropped ones included. */
  get slots(): number {
    return this.#slots;
  }

  /**
   * Gives the next slot a copy of `pairs`, each term id `t` written as `termIds[t]` when
   * `termIds` is given; returns the slot's pairs (a view to read, valid until the next append).
   */
  append(pairs: Int32Array, termIds?: ArrayLike<number>): Int32Array {
    this.#reserve(pairs.length);
    const start = this.#used;
    const pool = this.#pool;
    for (let position = 0; position < pairs.length; position += 2) {
      pool[start + position] = termIds ? termIds[pairs[position]!]! : pairs[position]!;
      pool[start + position + 1] = pairs[position + 1]!;
    }
    this.#used += pairs.length;
    const slot = this.#slots;
    this.#slots += 1;
    this.#starts[slot] = start;
    this.#ends[slot] = this.#used;
    return pool.subarray(start, this.#used);
  }

  /** The slot's pairs (a view), or undefined once the slot was dropped. */
  get(slot: number): Int32Array | undefined {
    const start = this.#starts[slot]!;
    return start < 0 ? undefined : this.#pool.subarray(start, this.#ends[slot]);
  }

  drop(slot: number): void {
    this.#starts[slot] = -1;
  }

  #reserve(numbers: number): void {
    if (this.#used + numbers > this.#pool.length) {
      const capacity = Math.max(
        INITIAL_CAPACITY,
        this.#used + numbers,
        Math.floor(this.#pool.length * 1.5),
      );
      const pool = new Int32Array(capacity);
      pool.set(this.#pool.subarray(0, this.#used));
      this.#pool = pool;
    }
    if (this.#slots === this.#starts.length) {
      const capacity = Math.max(INITIAL_SLOTS, this.#slots * 2);
      const starts = new Int32Array(capacity);
      const ends = new Int32Array(capacity);
      starts.set(this.#starts);
      ends.set(this.#ends);
      this.#starts = starts;
      this.#ends = ends;
    }
  }
}
