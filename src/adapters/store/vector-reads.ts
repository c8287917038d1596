/** Reads of stored vector rows that hand out less than a collection's whole array. */
import type { StoredVectors } from '../../core/ports/store.ts';
import { fileIdOf } from '../../core/retrieval/collection-index.ts';
import { collectionKeyRange, collectionKeysAfter } from './collection-keys.ts';
import type { ArchivistDatabase } from './schema.ts';
import {
  concatenateVectorRows,
  VECTOR_BATCH_FILES,
  vectorOf,
  type VectorRow,
} from './vector-rows.ts';

/**
 * `Store.loadVectorBatches` in one read transaction: the collection's rows by their key range
 * (`collectionKeyRange`, no index read), `VECTOR_BATCH_FILES` at a time from the key after the
 * last one handed over, each batch handed over before the next is asked for.
 */
export async function readVectorBatches(
  database: ArchivistDatabase,
  collectionId: string,
  onBatch: (batch: StoredVectors) => void,
): Promise<void> {
  const transaction = database.transaction(['collections', 'vectors']);
  const vectors = transaction.objectStore('vectors');
  const dim = (await transaction.objectStore('collections').get(collectionId))?.dim ?? 0;
  let range = collectionKeyRange(collectionId);
  for (;;) {
    const rows = await vectors.getAll(range, VECTOR_BATCH_FILES);
    const own = rows.filter((row) => row.collectionId === collectionId);
    if (own.length > 0) onBatch(concatenateVectorRows(own, dim));
    if (rows.length < VECTOR_BATCH_FILES) return;
    range = collectionKeysAfter(rows.at(-1)!.fileId, collectionId);
  }
}

/** `Store.getVectors` in one read transaction; each file's row is read once. */
export async function readVectors(
  database: ArchivistDatabase,
  ids: readonly string[],
): Promise<(Float32Array | undefined)[]> {
  const vectors = database.transaction('vectors').store;
  const rows = new Map<string, Promise<VectorRow | undefined>>();
  return Promise.all(
    ids.map(async (id) => {
      const fileId = fileIdOf(id);
      if (!rows.has(fileId)) rows.set(fileId, vectors.get(fileId));
      return vectorOf(await rows.get(fileId), id);
    }),
  );
}
