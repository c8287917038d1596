import type { VectorIndex } from '../../core/ports/vector-index.ts';
import type { SearchHit } from '../../core/types.ts';
import { checkQuery, resultCount } from './input-checks.ts';
import { dotProduct } from './float-dot.ts';
import { Int8Kernel } from './int8-kernel.ts';
import { RowStore } from './row-store.ts';
import { TopK } from './top-k.ts';

export interface FlatIndexOptions {
  /** Set false to skip the int8 pass even where WebAssembly SIMD is available. */
  simd?: boolean;
  /** Candidates re-ranked with float32 per result asked for. */
  candidatesPerResult?: number;
  /** Fewest candidates re-ranked, however few results are asked for. */
  minimumCandidates?: number;
}

const defaultCandidatesPerResult = 10;
const defaultMinimumCandidates = 100;

/**
 * A flat index in two passes: every row is scored from int8 codes (one scale per row, encoded
 * from the float32 rows whenever a row is written) by a WebAssembly SIMD scan, then the best
 * candidates are re-ranked by their exact float32 inner product. Without WebAssembly SIMD, and
 * for indexes no bigger than the candidate count, every row is scored exactly in one pass (a
 * plain-JS int8 scan measured slower than the float32 one).
 */
export class FlatIndex implements VectorIndex {
  readonly #store: RowStore;
  readonly #kernel: Int8Kernel | undefined;
  readonly #candidatesPerResult: number;
  readonly #minimumCandidates: number;

  constructor(
    readonly dim: number,
    options: FlatIndexOptions = {},
  ) {
    this.#candidatesPerResult = options.candidatesPerResult ?? defaultCandidatesPerResult;
    this.#minimumCandidates = options.minimumCandidates ?? defaultMinimumCandidates;
    this.#kernel = options.simd === false ? undefined : Int8Kernel.create(dim);
    this.#store = new RowStore(dim, this.#kernel);
  }

  get size(): number {
    return this.#store.size;
  }

  /** Whether searches run the int8 SIMD pass. */
  get usesSimd(): boolean {
    return this.#kernel !== undefined;
  }

  add(ids: readonly string[], vectors: Float32Array): void {
    this.#store.add(ids, vectors);
  }

  remove(ids: readonly string[]): void {
    this.#store.remove(ids);
  }

  search(query: Float32Array, k: number): SearchHit[] {
    checkQuery(this.dim, query);
    const count = resultCount(k, this.size);
    if (count === 0) return [];
    const candidates = Math.max(count * this.#candidatesPerResult, this.#minimumCandidates);
    const rows = this.#store.rows;
    const best = new TopK(count);
    if (this.#kernel && candidates < this.size) {
      for (const row of this.#candidateRows(this.#kernel, query, candidates)) {
        best.offer(dotProduct(rows, row * this.dim, query), row);
      }
    } else {
      for (let row = 0; row < this.size; row += 1) {
        best.offer(dotProduct(rows, row * this.dim, query), row);
      }
    }
    return best.bestFirst().map(({ row, score }) => ({ id: this.#store.idAt(row), score }));
  }

  /** The `count` rows with the best int8 scores. */
  #candidateRows(kernel: Int8Kernel, query: Float32Array, count: number): number[] {
    const products = kernel.scan(query, this.size);
    const scales = kernel.scales;
    const candidates = new TopK(count);
    for (let row = 0; row < products.length; row += 1) {
      candidates.offer(products[row]! * scales[row]!, row);
    }
    return candidates.bestFirst().map(({ row }) => row);
  }
}
