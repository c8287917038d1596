import { CollectionNotFoundError } from '../core/errors.ts';
import { reembedCollection } from '../core/ingest/reembed.ts';
import type { LibraryContext } from './library-context.ts';
import type { ModelChangeEvent, ModelChangeRequest, ModelChangeSummary } from './library-types.ts';

/**
 * Loads (downloads if need be) the model asked for and re-embeds the collection with it; then
 * drops the collection's live search index, which belongs to the old model. A failed download
 * (`EmbedderLoadError`) or a cancel leaves the collection on its old model.
 */
export async function changeModel(
  { store, search, embedders }: LibraryContext,
  { jobId, collectionId, modelId }: ModelChangeRequest,
  signal: AbortSignal,
  onEvent: (event: ModelChangeEvent) => void,
): Promise<ModelChangeSummary> {
  const startedAt = Date.now();
  if (!(await store.getCollection(collectionId))) throw new CollectionNotFoundError(collectionId);
  const embedder = await embedders.load(modelId, (download) =>
    onEvent({ jobId, collectionId, download }),
  );
  signal.throwIfAborted();
  const progress = await reembedCollection({
    store,
    collectionId,
    embedder,
    signal,
    onProgress: (progress) => onEvent({ jobId, collectionId, progress }),
  });
  search.close(collectionId);
  const seconds = (Date.now() - startedAt) / 1000;
  return { jobId, collectionId, modelId: embedder.id, chunks: progress.chunksDone, seconds };
}
