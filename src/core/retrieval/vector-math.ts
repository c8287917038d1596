/** Small dense-vector helpers over flat Float32Array rows. */

export function dot(
  left: Float32Array,
  leftOffset: number,
  right: Float32Array,
  rightOffset: number,
  dim: number,
): number {
  let sum = 0;
  for (let index = 0; index < dim; index += 1) {
    sum += left[leftOffset + index]! * right[rightOffset + index]!;
  }
  return sum;
}

/** Scales each row of `rows` to unit length in place; zero rows stay zero. */
export function normalizeRows(rows: Float32Array, dim: number): Float32Array {
  for (let offset = 0; offset < rows.length; offset += dim) {
    const norm = Math.sqrt(dot(rows, offset, rows, offset, dim));
    if (norm === 0) continue;
    for (let index = 0; index < dim; index += 1) rows[offset + index]! /= norm;
  }
  return rows;
}

/** Deterministic pseudo-random numbers in [0, 1) (mulberry32), so clustering repeats. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4294967296;
  };
}
