import type { SearchHit } from '../types.ts';

/** True when hit `a` ranks after hit `b`: a lower score, or the same score and a later id. */
function ranksAfter(a: SearchHit, b: SearchHit): boolean {
  return a.score < b.score || (a.score === b.score && a.id > b.id);
}

/**
 * Keeps the `k` best hits offered, in a heap whose root is the worst kept, so choosing 10 of
 * 50,000 scored chunks costs a comparison or two per chunk instead of a sort of all of them.
 */
export class TopHits {
  readonly #heap: SearchHit[] = [];

  constructor(readonly k: number) {}

  /** Offers a hit: kept when it ranks among the best `k` offered so far. */
  offer(id: string, score: number): void {
    if (!(this.k > 0)) return;
    const heap = this.#heap;
    if (heap.length < this.k) {
      heap.push({ id, score });
      this.#up(heap.length - 1);
      return;
    }
    const worst = heap[0]!;
    if (score < worst.score || (score === worst.score && id > worst.id)) return;
    heap[0] = { id, score };
    this.#down(0);
  }

  /** The kept hits, best first; ties broken by id. */
  hits(): SearchHit[] {
    return [...this.#heap].sort((left, right) =>
      ranksAfter(left, right) ? 1 : ranksAfter(right, left) ? -1 : 0,
    );
  }

  #up(position: number): void {
    const heap = this.#heap;
    while (position > 0) {
      const parent = (position - 1) >> 1;
      if (!ranksAfter(heap[position]!, heap[parent]!)) return;
      [heap[position], heap[parent]] = [heap[parent]!, heap[position]!];
      position = parent;
    }
  }

  #down(position: number): void {
    const heap = this.#heap;
    for (;;) {
      let worst = position;
      for (const child of [2 * position + 1, 2 * position + 2]) {
        if (child < heap.length && ranksAfter(heap[child]!, heap[worst]!)) worst = child;
      }
      if (worst === position) return;
      [heap[position], heap[worst]] = [heap[worst]!, heap[position]!];
      position = worst;
    }
  }
}

/** The `k` highest-scoring entries (none for k <= 0), best first; ties broken by id. */
export function topHits(scores: ReadonlyMap<string, number>, k: number): SearchHit[] {
  const top = new TopHits(k);
  for (const [id, score] of scores) top.offer(id, score);
  return top.hits();
}
