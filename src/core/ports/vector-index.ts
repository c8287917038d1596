import type { SearchHit } from '../types.ts';

/**
 * Nearest-neighbour search over unit vectors by inner product (= cosine similarity).
 * Every adapter passes `tests/contracts/vector-index.contract.ts`.
 */
export interface VectorIndex {
  readonly dim: number;
  /** Number of vectors held. */
  readonly size: number;
  /** Adds rows of `vectors` (flat, `ids.length * dim`) under `ids`; an id already present is replaced. */
  add(ids: readonly string[], vectors: Float32Array): void;
  remove(ids: readonly string[]): void;
  /**
   * The `k` best hits, best first; `score` is the inner product with `query`. Asynchronous: an
   * index may keep compact codes in memory and read the exact rows it re-ranks from storage.
   */
  search(query: Float32Array, k: number): Promise<SearchHit[]>;
}

/**
 * Reads the stored float32 rows of ids (`Store.getVectors`), `undefined` for an id no longer
 * stored: the exact rows an index that keeps only codes re-ranks with.
 */
export type StoredRows = (ids: readonly string[]) => Promise<(Float32Array | undefined)[]>;

/** Builds an empty index of one kind; `name` is what benchmarks and decisions call it. */
export interface VectorIndexFactory {
  readonly name: string;
  create(dim: number): VectorIndex | Promise<VectorIndex>;
}
