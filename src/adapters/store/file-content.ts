import type { FileRecord } from '../../core/types.ts';
import { exactBuffer } from './keyword-rows.ts';
import type { OriginalRow } from './schema.ts';
import { awaitRequests, type WriteTransaction } from './transactions.ts';

/** Deletes a file's chunks, vector row and original; resolves how many chunks it had. */
export async function removeFileContent(
  transaction: WriteTransaction,
  fileId: string,
): Promise<number> {
  const chunks = transaction.objectStore('chunks');
  const chunkIds = await chunks.index('fileId').getAllKeys(fileId);
  await awaitRequests((track) => {
    for (const id of chunkIds) track(chunks.delete(id));
    track(transaction.objectStore('vectors').delete(fileId));
    track(transaction.objectStore('originals').delete(fileId));
  });
  return chunkIds.length;
}

/** The row keeping a file's bytes. */
export function toOriginalRow(file: FileRecord, original: Uint8Array): OriginalRow {
  return { fileId: file.id, collectionId: file.collectionId, bytes: exactBuffer(original) };
}
