import type { Collection, FileStatus, IssueCounts } from '../../core/types.ts';

/** A stored file as the counts see it: its status and how many chunks it has stored. */
export interface CountedFile {
  status: FileStatus;
  chunkCount: number;
}

/**
 * The collection with `removed` taken out of its counts and `added` put in. `fileCount` counts
 * indexed files only; `chunkCount` counts every stored chunk (only indexed files have chunks);
 * `issueCounts` the skipped and failed files, where the collection has them.
 */
export function replaceCounts(
  collection: Collection,
  removed: CountedFile | undefined,
  added: CountedFile | undefined,
): Collection {
  const change = (status: FileStatus) => statusCount(added, status) - statusCount(removed, status);
  const issues = collection.issueCounts;
  return {
    ...collection,
    fileCount: collection.fileCount + change('indexed'),
    chunkCount: collection.chunkCount + (added?.chunkCount ?? 0) - (removed?.chunkCount ?? 0),
    ...(issues
      ? {
          issueCounts: {
            skipped: issues.skipped + change('skipped'),
            failed: issues.failed + change('failed'),
          },
        }
      : {}),
  };
}

/**
 * `incoming` with the counts the store keeps (zero for a new collection; no issue counts for one
 * stored before they were kept): callers never set them.
 */
export function keepCounts(incoming: Collection, stored: Collection | undefined): Collection {
  const issueCounts: IssueCounts | undefined = stored ? stored.issueCounts : NO_ISSUES;
  const counted: Collection = {
    ...incoming,
    fileCount: stored?.fileCount ?? 0,
    chunkCount: stored?.chunkCount ?? 0,
  };
  if (issueCounts) counted.issueCounts = { ...issueCounts };
  else delete counted.issueCounts;
  return counted;
}

const NO_ISSUES: IssueCounts = { skipped: 0, failed: 0 };

function statusCount(file: CountedFile | undefined, status: FileStatus): number {
  return file?.status === status ? 1 : 0;
}
