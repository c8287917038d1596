import type { Chunk } from '../../core/types.ts';

/** Orders string keys the way IndexedDB does (by UTF-16 code units), so every store lists alike. */
export function compareKeys(left: string, right: string): number {
  if (left < right) return -1;
  return left > right ? 1 : 0;
}

export function sortById<Item extends { id: string }>(items: Item[]): Item[] {
  return items.sort((left, right) => compareKeys(left.id, right.id));
}

/** Document order: by file id, then by position in the file. */
export function sortChunks(chunks: Chunk[]): Chunk[] {
  return chunks.sort(
    (left, right) => compareKeys(left.fileId, right.fileId) || left.ordinal - right.ordinal,
  );
}
