/** Largest code magnitude: symmetric, so no code is ever -128. */
export const codeLimit = 127;

/** The largest int16 query magnitude whose dot product with `dim` codes fits in int32. */
export function queryLimit(dim: number): number {
  return Math.min(32767, Math.floor(2147483647 / (codeLimit * dim)));
}

/** Writes `query` as int16 values, its largest magnitude scaled to `queryLimit`, to `target`. */
export function quantizeQuery(query: Float32Array, target: Int16Array): void {
  let largest = 0;
  for (const value of query) largest = Math.max(largest, Math.abs(value));
  const factor = largest === 0 ? 0 : queryLimit(query.length) / largest;
  for (let index = 0; index < query.length; index += 1) {
    target[index] = Math.round(query[index]! * factor);
  }
}
