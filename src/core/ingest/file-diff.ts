import type { FileRecord } from '../types.ts';
import type { SourceFile } from '../ports/folder-source.ts';

export interface FolderDiff {
  /** In the folder, not in the index. */
  added: SourceFile[];
  /** In both, with another size or modification time (the content hash decides later). */
  changed: SourceFile[];
  /** In the index, failed for a reason that may have passed (a read or storage error). */
  retried: SourceFile[];
  unchanged: SourceFile[];
  /** In the index, gone from the folder (with the attachments of files gone from it). */
  removed: FileRecord[];
}

const TRANSIENT_ERRORS = new Set(['FileReadError', 'StorageFullError', 'EmbedderLoadError']);

/** Compares a folder listing with the stored file records by path, then size and mtime. */
export function diffFolder(
  files: readonly SourceFile[],
  stored: readonly FileRecord[],
): FolderDiff {
  const storedByPath = new Map(stored.map((record) => [record.path, record]));
  const diff: FolderDiff = { added: [], changed: [], retried: [], unchanged: [], removed: [] };
  const seen = new Set<string>();
  for (const file of files) {
    seen.add(file.path);
    const record = storedByPath.get(file.path);
    if (!record) diff.added.push(file);
    else if (record.size !== file.size || record.mtime !== file.mtime) diff.changed.push(file);
    else if (record.status === 'failed' && TRANSIENT_ERRORS.has(record.error?.name ?? ''))
      diff.retried.push(file);
    else diff.unchanged.push(file);
  }
  // An attachment stays while its container is in the folder: re-indexing the container replaces it.
  diff.removed = stored.filter(
    (record) =>
      !seen.has(record.path) && !(record.container !== undefined && seen.has(record.container)),
  );
  return diff;
}
