import type { Store } from '../core/ports/store.ts';
import type { Collection } from '../core/types.ts';
import { findEmbeddingModel } from '../catalogues/embedding-models.ts';
import type { CollectionSummary, InterruptedSync } from './library-types.ts';

/** A collection as the UI lists it: its counts, model name, file issues and folder handle. */
export async function summarizeCollection(
  store: Pick<Store, 'listFiles'>,
  collection: Collection,
  handle: unknown,
  interruptedSync: InterruptedSync | undefined,
): Promise<CollectionSummary> {
  const files = await store.listFiles(collection.id);
  return {
    ...collection,
    embedderLabel: findEmbeddingModel(collection.embedderId)?.label ?? collection.embedderId,
    skippedFiles: files.filter((file) => file.status === 'skipped').length,
    failedFiles: files.filter((file) => file.status === 'failed').length,
    ...(isDirectoryHandle(handle) ? { folderHandle: handle } : {}),
    ...(interruptedSync ? { interruptedSync } : {}),
  };
}

function isDirectoryHandle(value: unknown): value is FileSystemDirectoryHandle {
  return (
    typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'directory'
  );
}
