/** Exact cosine search over unit rows and recall of gold items, for `measure.ts`. */

/** Indices of the `k` rows of `rows` (flat, `dim` wide) with the largest inner product with `query`. */
export function topK(query: Float32Array, rows: Float32Array, dim: number, k: number): number[] {
  const count = rows.length / dim;
  const scores = new Float64Array(count);
  for (let row = 0; row < count; row += 1) {
    let dot = 0;
    for (let d = 0; d < dim; d += 1) dot += query[d]! * rows[row * dim + d]!;
    scores[row] = dot;
  }
  const indices = Array.from({ length: count }, (_, index) => index);
  indices.sort((a, b) => scores[b]! - scores[a]! || a - b);
  return indices.slice(0, k);
}

/** Share of `gold` found among `retrieved`. */
export function recallAtK(retrieved: readonly string[], gold: readonly string[]): number {
  if (gold.length === 0) return 0;
  const found = new Set(retrieved);
  return gold.filter((item) => found.has(item)).length / gold.length;
}
