/**
 * A collection's vector codes in the store (`Store.putVectorCodes`): a collection past the float
 * budget keeps only int8 codes of its vectors in memory, and a load that read every float32 row
 * only to encode it again (200 MB at 500,000 chunks of 100 dimensions) reads the codes instead
 * (56 MB). A collection under the budget stores its float32 rows beside its codes, so that its
 * load reads one record instead of one per file (docs/decisions/0029-stored-float-rows.md). They
 * are stamped with the keyword index's generation: every write of a file leaves a keyword
 * segment, so codes hold exactly the collection's vectors while its keyword index is still of
 * that generation with no segment since (docs/decisions/0026-stored-vector-codes.md).
 */
import type { KeywordState, Store, StoredVectorCodes } from '../ports/store.ts';
import type { VectorCodes, VectorIndex } from '../ports/vector-index.ts';
import type { Collection } from '../types.ts';

/**
 * Fills the empty `vectors` with the collection's vectors: from its stored codes when they are
 * current and the index takes them, else from every stored row, a batch of files at a time.
 * Resolves the ids in the order loaded, in the groups read. After a load from the rows by an
 * index that gives codes, a copy of them is stored for the next load (not awaited: should that
 * fail, the next load reads the rows again).
 */
export async function loadCollectionVectors(
  store: Store,
  collection: Collection,
  vectors: VectorIndex,
): Promise<(readonly string[])[]> {
  const [state, codes] = vectors.restoreCodes
    ? await Promise.all([
        store.loadKeywordState(collection.id),
        store.getVectorCodes(collection.id),
      ])
    : [];
  if (state && codes && current(codes, state, collection) && vectors.restoreCodes?.(codes)) {
    return [codes.ids];
  }
  const storedIds: (readonly string[])[] = [];
  await store.loadVectorBatches(collection.id, (batch) => {
    vectors.add(batch.ids, batch.vectors);
    storedIds.push(batch.ids);
  });
  const loaded = state && vectors.codes?.();
  if (state && loaded && stampable(loaded, state)) {
    // Copied now: the put may be written after a sync has begun to change the index.
    const copy = exactCodes(loaded);
    void putCodes(store, collection.id, collection.dim, copy, state).catch(() => {});
  }
  return storedIds;
}

/**
 * Stores the codes of `vectors`, the collection's live index at the end of a sync (after its
 * keyword merge), when it gives codes and holds the collection's chunk count.
 */
export async function storeVectorCodes(
  store: Store,
  collectionId: string,
  dim: number,
  vectors: VectorIndex,
): Promise<void> {
  if (!vectors.codes) return;
  const state = await store.loadKeywordState(collectionId);
  const codes = vectors.codes();
  if (codes) await putCodes(store, collectionId, dim, codes, state);
}

/**
 * Puts `codes` stamped with `state`, read before the vectors they were taken from: a write since
 * leaves a segment that the stamp does not know, so the codes are never taken for newer vectors
 * than they hold.
 */
async function putCodes(
  store: Store,
  collectionId: string,
  dim: number,
  codes: VectorCodes,
  state: KeywordState,
): Promise<void> {
  if (!stampable(codes, state)) return;
  await store.putVectorCodes({
    ...codes,
    collectionId,
    dim,
    generation: state.generation,
    chunkCount: state.chunkCount,
  });
}

/**
 * `codes` with each array in a buffer of its own, as long as it: a copy that no change of the
 * index reaches, and what a structured clone stores (a clone of a view takes its whole buffer
 * along; `VectorIndex.codes` gives views).
 */
export function exactCodes<Codes extends VectorCodes>(codes: Codes): Codes {
  return {
    ...codes,
    ids: [...codes.ids],
    codes: codes.codes.slice(),
    scales: codes.scales.slice(),
    ...(codes.floats ? { floats: codes.floats.slice() } : {}),
  };
}

/** Whether `state` can stamp `codes`: no write since its merge, and as many rows as chunks. */
function stampable(codes: VectorCodes, state: KeywordState): boolean {
  return state.sequences.length === 0 && codes.ids.length === state.chunkCount;
}

function current(codes: StoredVectorCodes, state: KeywordState, collection: Collection): boolean {
  return (
    codes.generation === state.generation &&
    state.sequences.length === 0 &&
    codes.chunkCount === state.chunkCount &&
    codes.ids.length === codes.chunkCount &&
    codes.dim === collection.dim
  );
}
