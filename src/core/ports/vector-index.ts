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
  /**
   * The compact codes it searches by (else `undefined`), with its float32 rows when it holds them
   * in memory: stored at the end of a sync (`Store.putVectorCodes`), so that a reload reads them
   * instead of every row. The arrays may be views of the index's own memory, valid until it next
   * changes (a store keeps copies of exactly their bytes).
   */
  codes?(): VectorCodes | undefined;
  /**
   * Takes codes that an index of the same kind and dimension gave (`codes`) as its rows, when it
   * is empty (and, where it would hold float32 rows in memory, they carry them); false (nothing
   * changed) when it cannot use them. The caller gives the arrays away: the index may keep them
   * as its own (a load's floats, read into a buffer of their own, are then not copied).
   */
  restoreCodes?(codes: VectorCodes): boolean;
  /**
   * Makes ahead what its first change after `restoreCodes` needs, in slices with `giveWay`
   * (`timeSlices`) between them; a change not prepared for makes it in one go.
   */
  prepareChanges?(giveWay: () => Promise<void>): Promise<void>;
}

/** An index's rows as compact codes (`VectorIndex.codes`): row i belongs to `ids[i]`. */
export interface VectorCodes {
  /** Names the encoding; an index restores only codes of its own. */
  format: string;
  ids: readonly string[];
  /** Bytes of codes per row. */
  rowBytes: number;
  /** `ids.length * rowBytes` codes. */
  codes: Int8Array;
  /** One per row. */
  scales: Float32Array;
  /**
   * The float32 rows, `ids.length * dim`, when the index held them in memory: a load that takes
   * them reads one record instead of a row per file (docs/decisions/0029-stored-float-rows.md).
   */
  floats?: Float32Array;
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
