/** What a sync does to its collection once every file is committed. */
import type { Store } from '../ports/store.ts';
import type { ReadVectorBatches } from '../retrieval/clustering.ts';
import { computeBoundary, computeBoundaryInBatches } from '../retrieval/knowledge-boundary.ts';
import type { CollectionIndex } from '../retrieval/collection-index.ts';
import { mergeKeywordIndex } from '../retrieval/stored-keyword-index.ts';
import { storeVectorCodes } from '../retrieval/stored-vector-codes.ts';
import { timeSlices } from '../time-slices.ts';
import type { Collection } from '../types.ts';

/**
 * Milliseconds of work between pauses while a keyword index is rebuilt, or the knowledge boundary
 * fitted, at the end of a sync.
 */
const MERGE_SLICE_MS = 30;

/**
 * When anything changed (`changed`): merges the files' keyword segments into the stored base (so
 * the next load reads one segment; from `live`, the sync's indexes in memory, when it has them),
 * stores the codes of the live vector index when it keeps codes only (so the next load reads them
 * instead of every row), and recomputes the knowledge boundary. Stamps the collection.
 */
export async function finishCollection(
  store: Store,
  collection: Collection,
  dim: number,
  changed: boolean,
  live?: Pick<CollectionIndex, 'lexical' | 'vectors'>,
): Promise<void> {
  const id = collection.id;
  if (changed) {
    const giveWay = timeSlices(MERGE_SLICE_MS);
    await mergeKeywordIndex(store, id, giveWay, live?.lexical);
    if (live) await storeVectorCodes(store, id, dim, live.vectors);
    const [previous, stored] = await Promise.all([store.getCentroids(id), store.getCollection(id)]);
    const read: ReadVectorBatches = (onBatch) =>
      store.loadVectorBatches(id, (batch) => onBatch(batch.vectors));
    const boundary =
      (await computeBoundaryInBatches(id, read, stored?.chunkCount ?? 0, dim, previous, giveWay)) ??
      computeBoundary(id, (await store.loadVectors(id)).vectors, dim, previous);
    await store.putCentroids(boundary);
  }
  await store.putCollection({
    ...((await store.getCollection(id)) ?? collection),
    updatedAt: Date.now(),
  });
}
