import type { EmbeddedResource, Voy } from 'voy-search';
import type { VectorIndex, VectorIndexFactory } from '../../core/ports/vector-index.ts';
import type { SearchHit } from '../../core/types.ts';
import { checkQuery, checkRows, resultCount } from './input-checks.ts';
import { dotProduct } from './float-dot.ts';

/** The `Voy` class of voy-search, however its WebAssembly was loaded. */
export type VoyClass = new () => Voy;

/** voy-search pads every vector to this many dimensions and takes no more. */
const voyMaximumDimension = 768;

/** voy-search fails on one very large call: resources go in and out in batches of this size. */
const batchSize = 5000;

/**
 * VectorIndex over voy-search (an exact kd-tree in WebAssembly). Voy finds neighbours by
 * euclidean distance, which ranks unit vectors as inner product does; the scores are recomputed
 * as inner products from a copy of each vector, which voy also needs to remove a vector.
 */
export class VoyIndex implements VectorIndex {
  readonly #voy: Voy;
  readonly #vectors = new Map<string, Float32Array>();

  constructor(
    readonly dim: number,
    voyClass: VoyClass,
  ) {
    if (!Number.isInteger(dim) || dim < 1 || dim > voyMaximumDimension) {
      throw new RangeError(`voy-search takes 1 to ${voyMaximumDimension} dimensions, not ${dim}.`);
    }
    this.#voy = new voyClass();
  }

  get size(): number {
    return this.#vectors.size;
  }

  add(ids: readonly string[], vectors: Float32Array): void {
    checkRows(this.dim, ids, vectors);
    const latest = new Map<string, Float32Array>();
    ids.forEach((id, index) => {
      latest.set(id, vectors.slice(index * this.dim, (index + 1) * this.dim));
    });
    this.remove([...latest.keys()]);
    for (const [id, vector] of latest) this.#vectors.set(id, vector);
    this.#forEachBatch([...latest], (resource) => this.#voy.add(resource));
  }

  remove(ids: readonly string[]): void {
    const present = new Map<string, Float32Array>();
    for (const id of ids) {
      const vector = this.#vectors.get(id);
      if (vector) present.set(id, vector);
    }
    this.#forEachBatch([...present], (resource) => this.#voy.remove(resource));
    for (const id of present.keys()) this.#vectors.delete(id);
  }

  async search(query: Float32Array, k: number): Promise<SearchHit[]> {
    checkQuery(this.dim, query);
    const count = resultCount(k, this.size);
    if (count === 0) return [];
    const { neighbors } = this.#voy.search(query, count);
    const hits = neighbors.map(({ id }) => ({
      id,
      score: dotProduct(this.#vectors.get(id)!, 0, query),
    }));
    return hits.sort((left, right) => right.score - left.score);
  }

  #forEachBatch(
    entries: [string, Float32Array][],
    apply: (resource: { embeddings: EmbeddedResource[] }) => void,
  ): void {
    for (let start = 0; start < entries.length; start += batchSize) {
      const embeddings = entries.slice(start, start + batchSize).map(([id, vector]) => ({
        id,
        title: '',
        url: '',
        embeddings: Array.from(vector),
      }));
      apply({ embeddings });
    }
  }
}

/** A factory over a `Voy` class loaded by `loadVoy` (once, on the first index made). */
export function createVoyIndexFactory(loadVoy: () => Promise<VoyClass>): VectorIndexFactory {
  let loading: Promise<VoyClass> | undefined;
  return {
    name: 'voy',
    async create(dim) {
      loading ??= loadVoy();
      return new VoyIndex(dim, await loading);
    },
  };
}

/** voy-search as bundlers load it (Vite, vitest): its module imports its own `.wasm`. */
export const voyIndexFactory: VectorIndexFactory = createVoyIndexFactory(
  async () => (await import('voy-search')).Voy,
);
