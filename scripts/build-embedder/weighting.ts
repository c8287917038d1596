/**
 * Smooth inverse frequency (SIF, Arora et al. 2017) for averaged word vectors: a word's vector is
 * scaled by a / (a + p(w)) so that frequent words ("the", "of") count for little, and the common
 * direction that every sentence vector shares can be projected out. Both steps are linear in the
 * word vectors, so they are baked into the embedding table once, at build time.
 */

/** Harmonic number H(n) = 1 + 1/2 + ... + 1/n. */
export function harmonicNumber(n: number): number {
  let sum = 0;
  for (let k = n; k >= 1; k -= 1) sum += 1 / k;
  return sum;
}

/**
 * Unigram probability of the word at 1-based frequency `rank` under Zipf's law over a vocabulary
 * of `vocabularySize` words: p(r) = 1 / (r * H(vocabularySize)).
 */
export function zipfProbability(rank: number, vocabularySize: number): number {
  return 1 / (rank * harmonicNumber(vocabularySize));
}

/** The SIF weight a / (a + p). */
export function sifWeight(probability: number, a: number): number {
  return a / (a + probability);
}

/** Scales row i of `vectors` (flat, `dim` wide) by `weights[i]`, in place. */
export function scaleRows(vectors: Float32Array, dim: number, weights: ArrayLike<number>): void {
  const rows = vectors.length / dim;
  for (let row = 0; row < rows; row += 1) {
    const weight = weights[row] ?? 0;
    for (let k = 0; k < dim; k += 1) vectors[row * dim + k]! *= weight;
  }
}

/** Rescales every non-zero row to unit length, in place. */
export function normaliseRows(vectors: Float32Array, dim: number): void {
  const rows = vectors.length / dim;
  for (let row = 0; row < rows; row += 1) {
    let sum = 0;
    for (let k = 0; k < dim; k += 1) sum += vectors[row * dim + k]! ** 2;
    if (sum === 0) continue;
    const inverse = 1 / Math.sqrt(sum);
    for (let k = 0; k < dim; k += 1) vectors[row * dim + k]! *= inverse;
  }
}

/** The weighted second-moment matrix sum_i w_i x_i x_i^T (row-major `dim * dim`). */
function secondMoment(
  vectors: Float32Array,
  dim: number,
  weights: ArrayLike<number>,
): Float64Array {
  const moment = new Float64Array(dim * dim);
  const rows = vectors.length / dim;
  for (let row = 0; row < rows; row += 1) {
    const weight = weights[row] ?? 0;
    if (weight === 0) continue;
    const offset = row * dim;
    for (let i = 0; i < dim; i += 1) {
      const xi = vectors[offset + i]! * weight;
      if (xi === 0) continue;
      for (let j = 0; j < dim; j += 1) moment[i * dim + j]! += xi * vectors[offset + j]!;
    }
  }
  return moment;
}

/** Top eigenvector of a symmetric matrix by power iteration (deterministic start). */
function topEigenvector(matrix: Float64Array, dim: number): Float64Array {
  let vector = new Float64Array(dim).fill(1 / Math.sqrt(dim));
  for (let iteration = 0; iteration < 500; iteration += 1) {
    const next = new Float64Array(dim);
    for (let i = 0; i < dim; i += 1) {
      let sum = 0;
      for (let j = 0; j < dim; j += 1) sum += matrix[i * dim + j]! * vector[j]!;
      next[i] = sum;
    }
    const norm = Math.hypot(...next);
    if (norm === 0) return next;
    let change = 0;
    for (let i = 0; i < dim; i += 1) {
      next[i]! /= norm;
      change += Math.abs(next[i]! - vector[i]!);
    }
    vector = next;
    if (change < 1e-10) break;
  }
  return vector;
}

/**
 * The `count` leading principal directions (uncentred: the directions of largest weighted
 * second moment) of the rows of `vectors`, each unit length, strongest first.
 */
export function principalDirections(
  vectors: Float32Array,
  dim: number,
  count: number,
  weights: ArrayLike<number>,
): Float64Array[] {
  const matrix = secondMoment(vectors, dim, weights);
  const directions: Float64Array[] = [];
  for (let c = 0; c < count; c += 1) {
    const direction = topEigenvector(matrix, dim);
    let eigenvalue = 0;
    for (let i = 0; i < dim; i += 1) {
      for (let j = 0; j < dim; j += 1)
        eigenvalue += direction[i]! * matrix[i * dim + j]! * direction[j]!;
    }
    for (let i = 0; i < dim; i += 1) {
      for (let j = 0; j < dim; j += 1)
        matrix[i * dim + j]! -= eigenvalue * direction[i]! * direction[j]!;
    }
    directions.push(direction);
  }
  return directions;
}

/** Removes from every row its projection on each of the (orthonormal) `directions`, in place. */
export function projectOut(
  vectors: Float32Array,
  dim: number,
  directions: readonly Float64Array[],
): void {
  const rows = vectors.length / dim;
  for (let row = 0; row < rows; row += 1) {
    const offset = row * dim;
    for (const direction of directions) {
      let dot = 0;
      for (let k = 0; k < dim; k += 1) dot += vectors[offset + k]! * direction[k]!;
      for (let k = 0; k < dim; k += 1) vectors[offset + k]! -= dot * direction[k]!;
    }
  }
}

/** Weighted mean row. */
export function meanRow(
  vectors: Float32Array,
  dim: number,
  weights: ArrayLike<number>,
): Float64Array {
  const mean = new Float64Array(dim);
  let total = 0;
  const rows = vectors.length / dim;
  for (let row = 0; row < rows; row += 1) {
    const weight = weights[row] ?? 0;
    total += weight;
    for (let k = 0; k < dim; k += 1) mean[k]! += weight * vectors[row * dim + k]!;
  }
  if (total > 0) for (let k = 0; k < dim; k += 1) mean[k]! /= total;
  return mean;
}

/** Subtracts `mean` from every non-zero row, in place (zero rows stay zero). */
export function subtractFromRows(vectors: Float32Array, dim: number, mean: Float64Array): void {
  const rows = vectors.length / dim;
  for (let row = 0; row < rows; row += 1) {
    const offset = row * dim;
    let isZero = true;
    for (let k = 0; k < dim && isZero; k += 1) isZero = vectors[offset + k] === 0;
    if (isZero) continue;
    for (let k = 0; k < dim; k += 1) vectors[offset + k]! -= mean[k]!;
  }
}
