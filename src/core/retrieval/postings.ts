/** Pairs a new posting list has room for before it first grows. */
const INITIAL_PAIRS = 2;

/**
 * The term dictionary and inverted lists of a keyword index, in flat typed arrays: each term has
 * an id, and a list of (document slot, frequency) pairs in one `Int32Array` that doubles when
 * full. Entries of removed documents stay in the lists until the index is compacted; `holders`
 * counts only the live ones. At 50,000 chunks this takes a tenth of the memory of a `Map` per
 * term and builds several times faster.
 */
export class PostingLists {
  readonly #ids = new Map<string, number>();
  readonly #terms: string[] = [];
  readonly #lists: Int32Array[] = [];
  readonly #ends: number[] = [];
  readonly #holders: number[] = [];

  /** The id of `term`, made when it is new. */
  idOf(term: string): number {
    let id = this.#ids.get(term);
    if (id === undefined) {
      id = this.#terms.length;
      this.#ids.set(term, id);
      this.#terms.push(term);
      this.#lists.push(new Int32Array(INITIAL_PAIRS * 2));
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

  /** The term's list, (slot, frequency) pairs, and where its used part ends. */
  list(id: number): { pairs: Int32Array; end: number } {
    return { pairs: this.#lists[id]!, end: this.#ends[id]! };
  }

  append(id: number, slot: number, frequency: number): void {
    let pairs = this.#lists[id]!;
    const end = this.#ends[id]!;
    if (end + 2 > pairs.length) {
      const grown = new Int32Array(pairs.length * 2);
      grown.set(pairs);
      this.#lists[id] = pairs = grown;
    }
    pairs[end] = slot;
    pairs[end + 1] = frequency;
    this.#ends[id] = end + 2;
    this.#holders[id]! += 1;
  }

  /** A document holding the term was removed (its pair stays until compaction). */
  release(id: number): void {
    this.#holders[id]! -= 1;
  }
}
