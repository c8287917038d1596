import { DimensionMismatchError } from '../../core/errors.ts';

/** Throws unless `vectors` holds exactly one `dim`-long row per id. */
export function checkRows(dim: number, ids: readonly string[], vectors: Float32Array): void {
  if (vectors.length === ids.length * dim) return;
  throw new DimensionMismatchError(
    dim,
    ids.length === 0 ? vectors.length : vectors.length / ids.length,
  );
}

export function checkQuery(dim: number, query: Float32Array): void {
  if (query.length !== dim) throw new DimensionMismatchError(dim, query.length);
}

/** How many hits a search for `k` returns from `size` vectors (0 for a `k` that is not a number). */
export function resultCount(k: number, size: number): number {
  const count = Math.min(Math.floor(k), size);
  return count > 0 ? count : 0;
}
