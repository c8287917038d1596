import { newCollection } from '../core/collection.ts';
import { CollectionNotFoundError } from '../core/errors.ts';
import { runIngest } from '../core/ingest/ingest-job.ts';
import type { IngestProgress } from '../core/ingest/progress.ts';
import type { FolderSource } from '../core/ports/folder-source.ts';
import type { Collection } from '../core/types.ts';
import { DirectoryHandleSource } from '../adapters/source/directory-handle-source.ts';
import { FileListSource } from '../adapters/source/file-list-source.ts';
import { LazyEmbedder } from './lazy-embedder.ts';
import type { LibraryContext } from './library-context.ts';
import type { FolderInput, SyncEvent, SyncRequest, SyncSummary } from './library-types.ts';
import type { SyncControl } from './sync-queue.ts';
import { summarizeSync } from './sync-summary.ts';
import { readSettingStamps } from './setting-stamps.ts';

export function openFolder(folder: FolderInput): FolderSource {
  return folder.kind === 'handle'
    ? new DirectoryHandleSource(folder.handle)
    : new FileListSource(folder.files);
}

/**
 * The collection a sync goes into: the one asked for, else the one named like the folder, else a
 * new one with the model asked for (the default model when none), whose embedder is loaded first
 * so that a model that cannot load leaves no empty collection behind.
 */
export async function resolveCollection(
  { store, embedders }: LibraryContext,
  name: string,
  { collectionId, modelId }: SyncRequest,
): Promise<Collection> {
  if (collectionId !== undefined) {
    const collection = await store.getCollection(collectionId);
    if (!collection) throw new CollectionNotFoundError(collectionId);
    return collection;
  }
  const existing = (await store.listCollections()).find((item) => item.name === name);
  if (existing) return existing;
  const embedder = await embedders.load(modelId ?? embedders.defaultModelId);
  const collection = newCollection(crypto.randomUUID(), name, embedder);
  await store.putCollection(collection);
  return collection;
}

export interface FolderSyncJob {
  jobId: string;
  collection: Collection;
  source: FolderSource;
  control: SyncControl;
  onEvent: (event: SyncEvent) => void;
}

/**
 * Syncs a collection with its folder using the collection's own model, keeping its "sync in
 * progress" marker while it runs, and resolves what changed. A sync that fails (a full disk, a
 * model that cannot load) keeps the marker, so the collection offers to resume it; a cancelled
 * one does not.
 */
export async function syncCollection(
  { store, search, markers, embedders, parsers }: LibraryContext,
  { jobId, collection, source, control, onEvent }: FolderSyncJob,
): Promise<SyncSummary> {
  const startedAt = Date.now();
  const before = new Set((await store.listFiles(collection.id)).map((file) => file.path));
  const model = collection.embedderId;
  const marker = await markers.begin(collection.id);
  let progress: IngestProgress;
  try {
    progress = await runIngest({
      collection,
      source,
      store,
      // Loaded with the first chunk: a re-sync with nothing new needs no model.
      embedder: new LazyEmbedder(model, collection.dim, () => embedders.load(model)),
      parsers,
      index: await search.open(collection.id),
      // The viewer shows a PDF's pages from these bytes (docs/decisions/0004).
      keepPagedOriginals: true,
      settingStamps: await readSettingStamps(store),
      signal: control.abort.signal,
      pause: control.pause,
      onProgress: (progress) => {
        marker.record(progress);
        onEvent({ jobId, collectionId: collection.id, collectionName: collection.name, progress });
      },
    });
  } catch (error) {
    await (control.abort.signal.aborted ? marker.end() : marker.interrupt());
    throw error;
  }
  await marker.end();
  return summarizeSync({
    jobId,
    collection,
    before,
    after: await store.listFiles(collection.id),
    startedAt,
    progress,
    seconds: (Date.now() - startedAt) / 1000,
  });
}
