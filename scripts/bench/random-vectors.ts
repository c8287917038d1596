import { normalizeRows, seededRandom } from '../../src/core/retrieval/vector-math.ts';

/**
 * `uniform`: directions spread evenly over the sphere (the hardest case for a quantized scan:
 * neighbours are barely closer than anything else). `clustered`: a mixture of Gaussians around
 * random centres, closer to real text embeddings, where neighbours crowd together.
 */
export type VectorDistribution = 'uniform' | 'clustered';

export const vectorDistributions: readonly VectorDistribution[] = ['uniform', 'clustered'];

/** Noise norm relative to the centre's, before normalising (cosine to the centre about 0.7). */
const clusterSpread = 1;

/** Draws repeatable random unit vectors; queries drawn later share the same clusters. */
export class RandomVectors {
  readonly #random: () => number;
  readonly #centres: Float32Array;
  readonly #clusterCount: number;

  constructor(
    readonly dim: number,
    readonly distribution: VectorDistribution,
    seed: number,
    clusterCount = 100,
  ) {
    this.#random = seededRandom(seed);
    this.#clusterCount = distribution === 'clustered' ? clusterCount : 0;
    this.#centres = this.#gaussianRows(this.#clusterCount);
    normalizeRows(this.#centres, dim);
  }

  /** `count` unit vectors, one flat row each. */
  next(count: number): Float32Array {
    const rows = this.#gaussianRows(count);
    if (this.#clusterCount > 0) {
      const noiseScale = clusterSpread / Math.sqrt(this.dim);
      for (let row = 0; row < count; row += 1) {
        const centre = Math.floor(this.#random() * this.#clusterCount) * this.dim;
        for (let index = 0; index < this.dim; index += 1) {
          const offset = row * this.dim + index;
          rows[offset] = this.#centres[centre + index]! + rows[offset]! * noiseScale;
        }
      }
    }
    return normalizeRows(rows, this.dim);
  }

  /** Standard normal values by the Box-Muller transform. */
  #gaussianRows(count: number): Float32Array {
    const values = new Float32Array(count * this.dim);
    for (let index = 0; index < values.length; index += 2) {
      const radius = Math.sqrt(-2 * Math.log(1 - this.#random()));
      const angle = 2 * Math.PI * this.#random();
      values[index] = radius * Math.cos(angle);
      if (index + 1 < values.length) values[index + 1] = radius * Math.sin(angle);
    }
    return values;
  }
}
