import type { FileWrite } from '../../core/ports/store.ts';
import type { FileRecord } from '../../core/types.ts';
import { chunkGroupsOf, fileGroupsRange } from './chunk-groups.ts';
import { replaceCounts } from './collection-counts.ts';
import { validateFileWrites } from './file-write.ts';
import { exactBuffer, putFileKeywords } from './keyword-rows.ts';
import { toVectorRow } from './vector-rows.ts';
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

/**
 * Stores the files of a `Store.writeFiles` in its transaction, after checking them all: each
 * file's earlier content goes and its new content and record come, and each collection's counts
 * follow. Every file's lookups are issued at once: a round trip for the batch, not per file. The
 * earlier content's three deletes are issued only for a file that has a record (a first sync of
 * small files made a third of its requests deletes of nothing).
 */
export async function putFiles(
  transaction: WriteTransaction,
  writes: readonly FileWrite[],
): Promise<void> {
  const collections = transaction.objectStore('collections');
  const files = transaction.objectStore('files');
  const ids = [...new Set(writes.map((write) => write.file.collectionId))];
  const stored = new Map(
    await Promise.all(ids.map(async (id) => [id, await collections.get(id)] as const)),
  );
  const counted = validateFileWrites(writes, (id) => stored.get(id));
  const removed = await Promise.all(
    writes.map(async ({ file, keywords }) => {
      const [previous] = await Promise.all([
        files.get(file.id),
        putFileKeywords(transaction, file.collectionId, file.id, keywords),
      ]);
      // Content is only ever stored with its file's record: a file new to the store has none.
      if (previous) await removeFileContent(transaction, file.id);
      return previous;
    }),
  );
  await awaitRequests((track) => {
    writes.forEach((write, at) => {
      const { file, chunks, original } = write;
      const collection = counted.get(file.collectionId)!;
      counted.set(collection.id, replaceCounts(collection, removed[at], file));
      track(files.put(file));
      for (const group of chunkGroupsOf(chunks)) {
        track(transaction.objectStore('chunkGroups').put(group));
      }
      const row = toVectorRow(write, collection.dim);
      if (row) track(transaction.objectStore('vectors').put(row));
      if (original) track(transaction.objectStore('originals').put(toOriginalRow(file, original)));
    });
    for (const collection of counted.values()) track(collections.put(collection));
  });
}
