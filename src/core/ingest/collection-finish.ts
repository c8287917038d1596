/** What a sync does to its collection once every file is committed. */
import type { LexicalIndex } from '../ports/lexical-index.ts';
import type { Store } from '../ports/store.ts';
import type { ReadVectorBatches } from '../retrieval/clustering.ts';
import { computeBoundary, computeBoundaryInBatches } from '../retrieval/knowledge-boundary.ts';
import { mergeKeywordIndex } from '../retrieval/stored-keyword-index.ts';
import { timeSlices } from '../time-slices.ts';
import type { Collection } from '../types.ts';

/** Milliseconds of work between pauses while a keyword index is rebuilt at the end of a sync. */
const MERGE_SLICE_MS = 30;

/**
 * When anything changed (`changed`): merges the files' keyword segments into the stored base (so
 * the next load reads one segment; from `liveKeywords`, the sync's index in memory, when it has
 * one) and recomputes the knowledge boundary. Stamps the collection.
 */
export async function finishCollection(
  store: Store,
  collection: Collection,
  dim: number,
  changed: boolean,
  liveKeywords?: LexicalIndex,
): Promise<void> {
  const id = collection.id;
  if (changed) {
    await mergeKeywordIndex(store, id, timeSlices(MERGE_SLICE_MS), liveKeywords);
    const [previous, stored] = await Promise.all([store.getCentroids(id), store.getCollection(id)]);
    const read: ReadVectorBatches = (onBatch) =>
      store.loadVectorBatches(id, (batch) => onBatch(batch.vectors));
    const boundary =
      (await computeBoundaryInBatches(id, read, stored?.chunkCount ?? 0, dim, previous)) ??
      computeBoundary(id, (await store.loadVectors(id)).vectors, dim, previous);
    await store.putCentroids(boundary);
  }
  await store.putCollection({
    ...((await store.getCollection(id)) ?? collection),
    updatedAt: Date.now(),
  });
}
