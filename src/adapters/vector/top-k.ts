export interface RankedRow {
  row: number;
  score: number;
}

/** Keeps the `capacity` best-scoring rows offered, in a binary min-heap over typed arrays. */
export class TopK {
  readonly #scores: Float64Array;
  readonly #rows: Int32Array;
  #count = 0;

  constructor(readonly capacity: number) {
    this.#scores = new Float64Array(capacity);
    this.#rows = new Int32Array(capacity);
  }

  offer(score: number, row: number): void {
    if (this.#count < this.capacity) {
      this.#siftUp(this.#count, score, row);
      this.#count += 1;
    } else if (score > this.#scores[0]!) {
      this.#siftDown(score, row);
    }
  }

  /** The rows kept with their scores, best first. */
  bestFirst(): RankedRow[] {
    const ranked = Array.from({ length: this.#count }, (_, slot) => ({
      row: this.#rows[slot]!,
      score: this.#scores[slot]!,
    }));
    return ranked.sort((left, right) => right.score - left.score);
  }

  #siftUp(start: number, score: number, row: number): void {
    let slot = start;
    while (slot > 0) {
      const parent = (slot - 1) >> 1;
      if (this.#scores[parent]! <= score) break;
      this.#scores[slot] = this.#scores[parent]!;
      this.#rows[slot] = this.#rows[parent]!;
      slot = parent;
    }
    this.#scores[slot] = score;
    this.#rows[slot] = row;
  }

  /** Replaces the lowest score with `score`. */
  #siftDown(score: number, row: number): void {
    let slot = 0;
    for (;;) {
      const left = slot * 2 + 1;
      if (left >= this.#count) break;
      const right = left + 1;
      const child =
        right < this.#count && this.#scores[right]! < this.#scores[left]! ? right : left;
      if (this.#scores[child]! >= score) break;
      this.#scores[slot] = this.#scores[child]!;
      this.#rows[slot] = this.#rows[child]!;
      slot = child;
    }
    this.#scores[slot] = score;
    this.#rows[slot] = row;
  }
}
