import type { Embedder } from './ports/embedder.ts';
import type { Collection } from './types.ts';

/** A new, empty collection whose vectors will come from `embedder`. */
export function newCollection(
  id: string,
  name: string,
  embedder: Pick<Embedder, 'id' | 'dim'>,
  now = Date.now(),
): Collection {
  return {
    id,
    name,
    embedderId: embedder.id,
    dim: embedder.dim,
    createdAt: now,
    updatedAt: now,
    fileCount: 0,
    chunkCount: 0,
  };
}
