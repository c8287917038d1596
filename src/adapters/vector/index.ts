/**
 * The vector indexes the app builds. voy-search's (`voy-index.ts`), the measured alternative, is
 * not exported here: only the bench and the contract suite import it, so no collection uses it and
 * the app's build carries none of voy-search.
 */
import type { StoredRows, VectorIndex, VectorIndexFactory } from '../../core/ports/vector-index.ts';
import { ExactIndex } from './exact-index.ts';
import { FlatIndex } from './flat-index.ts';

export { ExactIndex } from './exact-index.ts';
export { FLOAT_BUDGET_BYTES, FlatIndex, type FlatIndexOptions } from './flat-index.ts';
export { simdAvailable } from './int8-kernel.ts';
export { decodeVectors, encodeVectors } from './vector-bytes.ts';

/** A factory whose indexes are ready at once (no WebAssembly to fetch first). */
export interface ImmediateVectorIndexFactory extends VectorIndexFactory {
  create(dim: number): VectorIndex;
}

/** int8 SIMD scan + float32 re-rank (see docs/decisions/0001-vector-index.md). */
export const flatIndexFactory: ImmediateVectorIndexFactory = {
  name: 'flat',
  create: (dim) => new FlatIndex(dim),
};

/** Plain JS float32 scan: exact, the reference in benchmarks. */
export const exactIndexFactory: ImmediateVectorIndexFactory = {
  name: 'exact',
  create: (dim) => new ExactIndex(dim),
};

/**
 * The index kind for a collection expected to hold `expectedSize` vectors. Measured from 1k to
 * 100k vectors of 384 dimensions, uniform and clustered, the flat index answers fastest at every
 * size, with recall@10 1.0 (docs/decisions/0001-vector-index.md), and it falls back to an exact
 * float32 scan by itself where WebAssembly SIMD is missing.
 */
export function chooseVectorIndexFactory(_expectedSize: number): ImmediateVectorIndexFactory {
  return flatIndexFactory;
}

/**
 * A new, empty index of the kind `chooseVectorIndexFactory` picks at every size, the flat one
 * (core's `CreateVectorIndex`). Given where the rows are stored, it keeps only its int8 codes in
 * memory once the float32 rows would pass `FLOAT_BUDGET_BYTES` (from the start, when the
 * `expectedSize` rows about to be loaded would).
 */
export function chooseVectorIndex(
  dim: number,
  expectedSize: number,
  storedRows?: StoredRows,
): VectorIndex {
  return new FlatIndex(dim, storedRows ? { storedRows, expectedRows: expectedSize } : {});
}
