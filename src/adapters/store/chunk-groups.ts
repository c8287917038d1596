/**
 * Chunks are stored a run of consecutive chunks of one file to a row, not one row each: Chromium's
 * IndexedDB pays per row (a message to the browser process and a database write each, with every
 * index), so a file of 10 chunks took 10 rows and 20 index entries. Measured in headless Chromium,
 * 10,000 chunks in 150 transactions: 540-865 ms as rows of their own, 132-135 ms as rows of 10
 * (docs/decisions/0020-chunk-groups.md). Runs are short enough that a search reading its 10 result
 * chunks reads at most 10 rows of `CHUNKS_PER_GROUP` chunks.
 */
import type { Chunk } from '../../core/types.ts';

/** Chunks per stored row: ordinals `group * CHUNKS_PER_GROUP` up to the next group's first. */
export const CHUNKS_PER_GROUP = 32;

/** Chunks `group * CHUNKS_PER_GROUP` onwards of one file, in ordinal order. */
export interface ChunkGroupRow {
  fileId: string;
  collectionId: string;
  group: number;
  chunks: Chunk[];
}

/** The key of a file's group: `[fileId, group]`. */
export type ChunkGroupKey = [string, number];

/** The rows holding a file's chunks (given in ordinal order, as a write has them). */
export function chunkGroupsOf(chunks: readonly Chunk[]): ChunkGroupRow[] {
  const rows = new Map<number, ChunkGroupRow>();
  for (const chunk of chunks) {
    const group = Math.floor(chunk.ordinal / CHUNKS_PER_GROUP);
    const row = rows.get(group);
    if (row) row.chunks.push(chunk);
    else {
      const { fileId, collectionId } = chunk;
      rows.set(group, { fileId, collectionId, group, chunks: [chunk] });
    }
  }
  return [...rows.values()];
}

/** The key of the row holding chunk `id` (`${fileId}#${ordinal}`), or undefined for no such id. */
export function groupKeyOf(id: string): ChunkGroupKey | undefined {
  const hash = id.lastIndexOf('#');
  const suffix = id.slice(hash + 1);
  if (hash < 0 || !/^\d+$/.test(suffix)) return undefined;
  return [id.slice(0, hash), Math.floor(Number(suffix) / CHUNKS_PER_GROUP)];
}

/** Every row of the file's chunks: array keys starting with `fileId`, whatever comes next. */
export function fileGroupsRange(fileId: string): IDBKeyRange {
  return IDBKeyRange.bound([fileId], [fileId, []]);
}
