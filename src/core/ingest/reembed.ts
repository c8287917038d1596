import { CollectionNotFoundError, DimensionMismatchError } from '../errors.ts';
import type { Embedder } from '../ports/embedder.ts';
import type { Store } from '../ports/store.ts';
import { indexText } from '../retrieval/index-text.ts';
import { computeBoundary } from '../retrieval/knowledge-boundary.ts';

export type ReembedPhase = 'embedding' | 'saving' | 'done' | 'cancelled';

export interface ReembedProgress {
  phase: ReembedPhase;
  chunksTotal: number;
  chunksDone: number;
  /** Chunks embedded per second so far. */
  chunksPerSecond: number;
  /** Seconds left at the current rate; undefined until there is a rate. */
  etaSeconds?: number;
}

export interface ReembedOptions {
  store: Store;
  collectionId: string;
  /** The model the collection moves to. */
  embedder: Embedder;
  signal?: AbortSignal;
  onProgress?: (progress: ReembedProgress) => void;
  /** Chunks embedded per embedder call. */
  batchSize?: number;
  /** Milliseconds between progress reports. */
  progressInterval?: number;
}

/**
 * Moves a collection to another embedding model: embeds every stored chunk again, then swaps all
 * vectors and the collection's model in one store write, then recomputes its knowledge boundary.
 * Stopped before the swap (cancel, closed tab, a failing model), the collection keeps its old
 * model untouched; after it, it never mixes two.
 */
export async function reembedCollection(options: ReembedOptions): Promise<ReembedProgress> {
  const { store, collectionId, embedder, signal } = options;
  const batchSize = options.batchSize ?? 64;
  const interval = options.progressInterval ?? 200;
  if (!(await store.getCollection(collectionId))) throw new CollectionNotFoundError(collectionId);
  const chunks = await store.listChunks(collectionId);
  const progress: ReembedProgress = {
    phase: 'embedding',
    chunksTotal: chunks.length,
    chunksDone: 0,
    chunksPerSecond: 0,
  };
  const started = performance.now();
  let lastReport = -Infinity;
  const report = (force = false): void => {
    const now = performance.now();
    if (!force && now - lastReport < interval) return;
    lastReport = now;
    const seconds = (now - started) / 1000;
    if (seconds > 0 && progress.chunksDone > 0) {
      progress.chunksPerSecond = progress.chunksDone / seconds;
      progress.etaSeconds = (progress.chunksTotal - progress.chunksDone) / progress.chunksPerSecond;
    }
    options.onProgress?.({ ...progress });
  };
  report(true);

  const vectors = new Float32Array(chunks.length * embedder.dim);
  try {
    for (let start = 0; start < chunks.length; start += batchSize) {
      signal?.throwIfAborted();
      const batch = chunks.slice(start, start + batchSize);
      const rows = await embedder.embed(batch.map(indexText), { signal });
      if (rows.length !== batch.length * embedder.dim) {
        throw new DimensionMismatchError(embedder.dim, rows.length / batch.length);
      }
      vectors.set(rows, start * embedder.dim);
      progress.chunksDone += batch.length;
      report();
    }
    signal?.throwIfAborted();
  } catch (error) {
    if (signal?.aborted) {
      progress.phase = 'cancelled';
      report(true);
    }
    throw error;
  }
  progress.phase = 'saving';
  report(true);
  await store.replaceEmbeddings(collectionId, {
    embedderId: embedder.id,
    dim: embedder.dim,
    ids: chunks.map((chunk) => chunk.id),
    vectors,
  });
  await store.putCentroids(computeBoundary(collectionId, vectors, embedder.dim));
  progress.phase = 'done';
  progress.etaSeconds = 0;
  report(true);
  return progress;
}
