import type { FileRecord } from '../../core/types.ts';
import { fileGroupsRange } from './chunk-groups.ts';
import { exactBuffer } from './keyword-rows.ts';
import type { OriginalRow } from './schema.ts';
import { awaitRequests, type WriteTransaction } from './transactions.ts';

/** Deletes a file's chunks, vector row and original: three requests, whatever the file holds. */
export function removeFileContent(transaction: WriteTransaction, fileId: string): Promise<void> {
  return awaitRequests((track) => {
    track(transaction.objectStore('chunkGroups').delete(fileGroupsRange(fileId)));
    track(transaction.objectStore('vectors').delete(fileId));
    track(transaction.objectStore('originals').delete(fileId));
  });
}

/** The row keeping a file's bytes. */
export function toOriginalRow(file: FileRecord, original: Uint8Array): OriginalRow {
  return { fileId: file.id, collectionId: file.collectionId, bytes: exactBuffer(original) };
}
