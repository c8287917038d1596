import type { Chunk } from '../types.ts';

/**
 * The chunk reads of one search: each id is read once, whether it was asked for early (the
 * likely results, the feedback hit) or for the results, and ids asked for together are read in
 * one call of `read`.
 */
export class ChunkReads {
  readonly #asked = new Map<string, Promise<Chunk | undefined>>();

  constructor(readonly read: (ids: readonly string[]) => Promise<(Chunk | undefined)[]>) {}

  /** The chunks of `ids` in their order, `undefined` for an unknown id. */
  chunks(ids: readonly string[]): Promise<(Chunk | undefined)[]> {
    const missing = [...new Set(ids.filter((id) => !this.#asked.has(id)))];
    if (missing.length > 0) {
      const read = this.read(missing);
      missing.forEach((id, position) => {
        const chunk = read.then((chunks) => chunks[position]);
        chunk.catch(() => undefined); // reported to whoever awaits it
        this.#asked.set(id, chunk);
      });
    }
    return Promise.all(ids.map((id) => this.#asked.get(id)!));
  }

  /** Starts reading `ids` for a later `chunks`, without waiting. */
  prefetch(ids: readonly string[]): void {
    this.chunks(ids).catch(() => undefined);
  }
}
