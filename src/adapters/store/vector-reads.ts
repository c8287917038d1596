/** Reads of stored vector rows that hand out less than a collection's whole array. */
import type { StoredVectors } from '../../core/ports/store.ts';
import { fileIdOf } from '../../core/retrieval/collection-index.ts';
import type { ArchivistDatabase } from './schema.ts';
import {
  concatenateVectorRows,
  VECTOR_BATCH_FILES,
  vectorOf,
  type VectorRow,
} from './vector-rows.ts';

/**
 * `Store.loadVectorBatches`: the collection's rows by their keys (the file ids,
 * `${collectionId}/${path}`, so one key range holds them all and no index is read),
 * `VECTOR_BATCH_FILES` at a time, each batch a read transaction of its own (`onBatch` may wait
 * between them) taken from the key after the last one handed over.
 */
export async function readVectorBatches(
  database: ArchivistDatabase,
  collectionId: string,
  onBatch: (batch: StoredVectors) => void | Promise<void>,
): Promise<void> {
  const dim = (await database.get('collections', collectionId))?.dim ?? 0;
  const end = `${collectionId}0`; // '0' follows '/': the range holds exactly `${collectionId}/…`
  let range = IDBKeyRange.bound(`${collectionId}/`, end, false, true);
  for (;;) {
    const rows = await database.getAll('vectors', range, VECTOR_BATCH_FILES);
    const own = rows.filter((row) => row.collectionId === collectionId);
    if (own.length > 0) await onBatch(concatenateVectorRows(own, dim));
    if (rows.length < VECTOR_BATCH_FILES) return;
    range = IDBKeyRange.bound(rows.at(-1)!.fileId, end, true, true);
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
