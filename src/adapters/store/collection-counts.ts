import type { Collection, FileStatus } from '../../core/types.ts';

/** A stored file as the counts see it: its status and how many chunks it has stored. */
export interface CountedFile {
  status: FileStatus;
  chunkCount: number;
}

/**
 * The collection with `removed` taken out of its counts and `added` put in. `fileCount` counts
 * indexed files only; `chunkCount` counts every stored chunk (only indexed files have chunks).
 */
export function replaceCounts(
  collection: Collection,
  removed: CountedFile | undefined,
  added: CountedFile | undefined,
): Collection {
  return {
    ...collection,
    fileCount: collection.fileCount + indexedCount(added) - indexedCount(removed),
    chunkCount: collection.chunkCount + (added?.chunkCount ?? 0) - (removed?.chunkCount ?? 0),
  };
}

/** `incoming` with the counts the store keeps (zero for a new collection): callers never set them. */
export function keepCounts(incoming: Collection, stored: Collection | undefined): Collection {
  return {
    ...incoming,
    fileCount: stored?.fileCount ?? 0,
    chunkCount: stored?.chunkCount ?? 0,
  };
}

function indexedCount(file: CountedFile | undefined): number {
  return file?.status === 'indexed' ? 1 : 0;
}
