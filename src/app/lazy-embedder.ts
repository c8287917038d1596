import { DimensionMismatchError } from '../core/errors.ts';
import type { EmbedOptions, Embedder } from '../core/ports/embedder.ts';

/**
 * An embedder whose model loads on first use, so opening the library (listing, keyword search)
 * never waits for it. A failed load is tried again on the next call.
 */
export class LazyEmbedder implements Embedder {
  #loading: Promise<Embedder> | undefined;

  constructor(
    readonly id: string,
    readonly dim: number,
    readonly load: () => Promise<Embedder>,
  ) {}

  /** The loaded model; loads it when it is not yet. */
  ready(): Promise<Embedder> {
    if (!this.#loading) {
      this.#loading = this.load().then((embedder) => {
        if (embedder.dim !== this.dim) throw new DimensionMismatchError(this.dim, embedder.dim);
        return embedder;
      });
      this.#loading.catch(() => (this.#loading = undefined));
    }
    return this.#loading;
  }

  async embed(texts: readonly string[], options?: EmbedOptions): Promise<Float32Array> {
    return (await this.ready()).embed(texts, options);
  }
}
