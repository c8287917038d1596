export interface RankedRow {
  row: number;
  score: number;
}

/**
 * Keeps the `capacity` best-scoring rows offered, in a binary min-heap over typed arrays. Of two
 * rows of the same score the lower row is the better one, so which rows are kept, and their order,
 * do not depend on the order they were offered in (duplicate documents score the same).
 */
export class TopK {
  readonly #scores: Float64Array;
  readonly #rows: Int32Array;
  #count = 0;

  constructor(readonly capacity: number) {
    this.#scores = new Float64Array(capacity);
    this.#rows = new Int32Array(capacity);
  }

  /** How many rows it keeps (`capacity` once as many were offered). */
  get size(): number {
    return this.#count;
  }

  /** The least score kept: the worst row's (-Infinity while it keeps none). */
  get leastScore(): number {
    return this.#count === 0 ? -Infinity : this.#scores[0]!;
  }

  offer(score: number, row: number): void {
    if (this.#count < this.capacity) {
      this.#siftUp(this.#count, score, row);
      this.#count += 1;
    } else if (score > this.#scores[0]! || (score === this.#scores[0]! && row < this.#rows[0]!)) {
      this.#siftDown(score, row);
    }
  }

  /** The rows kept, in no particular order: a view valid until the next `offer`. */
  rows(): Int32Array {
    return this.#rows.subarray(0, this.#count);
  }

  /** The rows kept with their scores, best first. */
  bestFirst(): RankedRow[] {
    const ranked = Array.from({ length: this.#count }, (_, slot) => ({
      row: this.#rows[slot]!,
      score: this.#scores[slot]!,
    }));
    return ranked.sort((left, right) => right.score - left.score || left.row - right.row);
  }

  /** Whether the row in `slot` is worse than `score` for `row`. */
  #worse(slot: number, score: number, row: number): boolean {
    const held = this.#scores[slot]!;
    return held < score || (held === score && this.#rows[slot]! > row);
  }

  #siftUp(start: number, score: number, row: number): void {
    let slot = start;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (this.#worse(parent, score, row)) break;
      this.#scores[slot] = this.#scores[parent]!;
      this.#rows[slot] = this.#rows[parent]!;
      slot = parent;
    }
    this.#scores[slot] = score;
    this.#rows[slot] = row;
  }

  /** Replaces the worst row kept with `row`. */
  #siftDown(score: number, row: number): void {
    let slot = 0;
    for (;;) {
      const left = slot * 2 + 1;
      if (left >= this.#count) break;
      const right = left + 1;
      const child =
        right < this.#count && this.#worse(right, this.#scores[left]!, this.#rows[left]!)
          ? right
          : left;
      if (!this.#worse(child, score, row)) break;
      this.#scores[slot] = this.#scores[child]!;
      this.#rows[slot] = this.#rows[child]!;
      slot = child;
    }
    this.#scores[slot] = score;
    this.#rows[slot] = row;
  }
}
