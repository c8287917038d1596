import type { LexicalIndex } from '../ports/lexical-index.ts';
import type { Store, StoredKeywords } from '../ports/store.ts';
import type { Chunk } from '../types.ts';
import { Bm25Index } from './bm25.ts';
import { fileIdOf } from './collection-index.ts';
import { chunkKeywords } from './keyword-segment.ts';
import { decodeBase, encodeBaseParts, isCurrentBase } from './keyword-base-format.ts';
import { decodeSegment, KeywordIndexDamagedError } from './keyword-segment-format.ts';
import { openListsOnDemand } from './stored-keyword-lists.ts';

/**
 * A collection's keyword index from the store, without tokenising when the stored one holds
 * exactly the collection's chunks. A merged base of the current format is read by range: its
 * vocabulary first, the lists as searches need them and all of them behind (`openListsOnDemand`,
 * decision 0031; damaged lists: built from the chunks and stored). Otherwise it is read whole:
 * its base, then each file's newer segment in place of the base's chunks of that file. When that
 * does not hold the collection's chunks (a database from before the stored index, damaged bytes)
 * it is built from the chunks instead. Either way, when anything was not yet merged, or the base
 * was stored in an older format, the result is stored as the new base (the compaction: segments
 * folded in, deleted files dropped, the lists stored term after term). `giveWay` runs between
 * steps of a rebuild or a check, so a worker can answer other calls meanwhile.
 */
export async function openKeywordIndex(
  store: Store,
  collectionId: string,
  giveWay: () => Promise<void>,
): Promise<LexicalIndex> {
  const reader = await store.openKeywordBase(collectionId);
  const rebuild = async () => {
    const index = await rebuildKeywords(await store.listChunks(collectionId), giveWay);
    const base = index.toBase();
    const generation = reader?.generation ?? 0;
    await store.replaceKeywordBase(collectionId, {
      base: encodeBaseParts(base),
      generation,
      merged: [],
    });
    return base;
  };
  const onDemand = reader && (await openListsOnDemand(reader, rebuild, giveWay));
  return onDemand ?? (await readKeywordIndex(store, collectionId, giveWay));
}

/**
 * `openKeywordIndex` read whole: the base and the segments at once, built from the chunks when
 * they do not hold the collection's, stored again when anything was merged or rebuilt.
 */
async function readKeywordIndex(
  store: Store,
  collectionId: string,
  giveWay: () => Promise<void>,
): Promise<Bm25Index> {
  const stored = await store.loadKeywords(collectionId);
  let index = restoreKeywords(stored);
  if (!index) index = await rebuildKeywords(await store.listChunks(collectionId), giveWay);
  else if (stored.segments.length === 0 && (!stored.base || isCurrentBase(stored.base))) {
    return index;
  }
  await store.replaceKeywordBase(collectionId, {
    base: encodeBaseParts(index.toBase()),
    generation: stored.generation,
    merged: stored.segments.map((segment) => segment.sequence),
  });
  return index;
}

/**
 * Merges the collection's stored keyword segments into its base at the end of a sync. `live`,
 * the index the sync kept in step with its writes, is stored as the new base when it holds
 * exactly the collection's chunks, with no stored bytes read and no second index built (at
 * 500,000 chunks those are each hundreds of MB); otherwise the index is read from the store and
 * merged there (`openKeywordIndex`).
 */
export async function mergeKeywordIndex(
  store: Store,
  collectionId: string,
  giveWay: () => Promise<void>,
  live?: LexicalIndex,
): Promise<void> {
  if (live) {
    const state = await store.loadKeywordState(collectionId);
    if (live.size === state.chunkCount) {
      await store.replaceKeywordBase(collectionId, {
        base: encodeBaseParts(live.toBase()),
        generation: state.generation,
        merged: state.sequences,
      });
      return;
    }
  }
  await readKeywordIndex(store, collectionId, giveWay);
}

/** The stored index, or `undefined` when it does not hold exactly `stored.chunkCount` chunks. */
export function restoreKeywords(stored: StoredKeywords): Bm25Index | undefined {
  try {
    const base = stored.base && decodeBase(stored.base);
    const replaced = new Set(stored.segments.map((segment) => segment.fileId));
    const outdated =
      base && replaced.size > 0 ? base.ids.filter((id) => replaced.has(fileIdOf(id))) : [];
    const index = base ? Bm25Index.fromBase(base) : new Bm25Index();
    index.remove(outdated);
    for (const { bytes } of stored.segments) {
      if (bytes.length > 0) index.addSegment(decodeSegment(bytes));
    }
    return index.size === stored.chunkCount ? index : undefined;
  } catch (error) {
    if (error instanceof KeywordIndexDamagedError) return undefined;
    throw error;
  }
}

/** The index built by tokenising every chunk, file by file (chunks in document order). */
async function rebuildKeywords(
  chunks: readonly Chunk[],
  giveWay: () => Promise<void>,
): Promise<Bm25Index> {
  const index = new Bm25Index();
  let start = 0;
  for (let end = 1; end <= chunks.length; end += 1) {
    if (end < chunks.length && chunks[end]!.fileId === chunks[start]!.fileId) continue;
    await giveWay();
    index.addSegment(chunkKeywords(chunks.slice(start, end)));
    start = end;
  }
  return index;
}
