/** Reads of stored vector rows that hand out less than a collection's whole array. */
import type { StoredVectors } from '../../core/ports/store.ts';
import { fileIdOf } from '../../core/retrieval/collection-index.ts';
import { compareKeys } from './record-order.ts';
import type { ArchivistDatabase } from './schema.ts';
import {
  concatenateVectorRows,
  VECTOR_BATCH_FILES,
  vectorOf,
  type VectorRow,
} from './vector-rows.ts';

/**
 * `Store.loadVectorBatches` in one read transaction: the collection's row keys first, then their
 * rows by key range, `VECTOR_BATCH_FILES` at a time, each batch handed over before the next is
 * asked for (a range may hold another collection's rows between, which are skipped).
 */
export async function readVectorBatches(
  database: ArchivistDatabase,
  collectionId: string,
  onBatch: (batch: StoredVectors) => void,
): Promise<void> {
  const transaction = database.transaction(['collections', 'vectors']);
  const vectors = transaction.objectStore('vectors');
  const [collection, keys] = await Promise.all([
    transaction.objectStore('collections').get(collectionId),
    vectors.index('collectionId').getAllKeys(collectionId),
  ]);
  keys.sort(compareKeys);
  for (let start = 0; start < keys.length; start += VECTOR_BATCH_FILES) {
    const last = Math.min(start + VECTOR_BATCH_FILES, keys.length) - 1;
    const rows = await vectors.getAll(IDBKeyRange.bound(keys[start], keys[last]));
    const own = rows.filter((row) => row.collectionId === collectionId);
    onBatch(concatenateVectorRows(own, collection?.dim ?? 0));
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
