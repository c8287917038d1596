import type { Store } from '../core/ports/store.ts';
import type { Collection, IssueCounts } from '../core/types.ts';
import { findEmbeddingModel } from '../catalogues/embedding-models.ts';
import type { CollectionSummary, InterruptedSync } from './library-types.ts';

/**
 * A collection as the UI lists it: its counts, model name, file issues (as the store counts them)
 * and folder handle.
 */
export async function summarizeCollection(
  store: Pick<Store, 'listFiles'>,
  collection: Collection,
  handle: unknown,
  interruptedSync: InterruptedSync | undefined,
): Promise<CollectionSummary> {
  // The counts go out as `skippedFiles` and `failedFiles` only, not twice.
  const { issueCounts, ...counted } = collection;
  const issues = issueCounts ?? (await countIssues(store, collection.id));
  return {
    ...counted,
    embedderLabel: findEmbeddingModel(collection.embedderId)?.label ?? collection.embedderId,
    skippedFiles: issues.skipped,
    failedFiles: issues.failed,
    ...(isDirectoryHandle(handle) ? { folderHandle: handle } : {}),
    ...(interruptedSync ? { interruptedSync } : {}),
  };
}

/**
 * The skipped and failed files of a collection whose store does not count them (kept before it
 * did): read from its file records, which at 5,000 files took IndexedDB 0.6-0.9 s.
 */
async function countIssues(
  store: Pick<Store, 'listFiles'>,
  collectionId: string,
): Promise<IssueCounts> {
  const files = await store.listFiles(collectionId);
  return {
    skipped: files.filter((file) => file.status === 'skipped').length,
    failed: files.filter((file) => file.status === 'failed').length,
  };
}

function isDirectoryHandle(value: unknown): value is FileSystemDirectoryHandle {
  return (
    typeof value === 'object' && value !== null && 'kind' in value && value.kind === 'directory'
  );
}
