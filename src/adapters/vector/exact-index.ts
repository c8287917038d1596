import type { VectorIndex } from '../../core/ports/vector-index.ts';
import type { SearchHit } from '../../core/types.ts';
import { checkQuery, resultCount } from './input-checks.ts';
import { dotProduct } from './float-dot.ts';
import { RowStore } from './row-store.ts';
import { TopK } from './top-k.ts';

/**
 * Exact search by a plain JS float32 scan of every row: the reference the other indexes are
 * measured against.
 */
export class ExactIndex implements VectorIndex {
  readonly #store: RowStore;

  constructor(readonly dim: number) {
    this.#store = new RowStore(dim);
  }

  get size(): number {
    return this.#store.size;
  }

  add(ids: readonly string[], vectors: Float32Array): void {
    this.#store.add(ids, vectors);
  }

  remove(ids: readonly string[]): void {
    this.#store.remove(ids);
  }

  async search(query: Float32Array, k: number): Promise<SearchHit[]> {
    checkQuery(this.dim, query);
    const count = resultCount(k, this.size);
    if (count === 0) return [];
    const rows = this.#store.rows;
    const best = new TopK(count);
    for (let row = 0; row < this.size; row += 1) {
      best.offer(dotProduct(rows, row * this.dim, query), row);
    }
    return best.bestFirst().map(({ row, score }) => ({ id: this.#store.idAt(row), score }));
  }
}
