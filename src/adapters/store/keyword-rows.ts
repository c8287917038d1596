import type {
  KeywordBaseReader,
  KeywordBaseReplacement,
  KeywordState,
  StoredKeywords,
} from '../../core/ports/store.ts';
import type { IDBPObjectStore } from 'idb';
import { blobOf, rangeReads, readStoredBytes } from './blob-values.ts';
import type {
  ArchivistDatabase,
  ArchivistSchema,
  KeywordSegmentStoredRow,
  StoreName,
} from './schema.ts';
import { awaitRequests, type WriteTransaction } from './transactions.ts';

/** The stores a write of keyword rows takes part in. */
export const KEYWORD_STORES = ['keywordSegments', 'keywordBases'] as const;

/**
 * Replaces a file's keyword segment with `bytes` (none: the file was deleted), in the
 * transaction that writes or deletes the file's chunks.
 */
export async function putFileKeywords(
  transaction: WriteTransaction,
  collectionId: string,
  fileId: string,
  bytes: Uint8Array,
): Promise<void> {
  const segments = transaction.objectStore('keywordSegments');
  const earlier = await segments.index('fileId').getAllKeys(fileId);
  await awaitRequests((track) => {
    for (const key of earlier) track(segments.delete(key));
    track(segments.add({ collectionId, fileId, bytes: exactBuffer(bytes) }));
  });
}

export async function deleteCollectionKeywords(
  transaction: WriteTransaction,
  collectionId: string,
): Promise<void> {
  const segments = transaction.objectStore('keywordSegments');
  const keys = await segments.index('collectionId').getAllKeys(collectionId);
  await awaitRequests((track) => {
    for (const key of keys) track(segments.delete(key));
    track(transaction.objectStore('keywordBases').delete(collectionId));
  });
}

/** The collection's keyword base and segments, read in one transaction. */
export async function readKeywords(
  connection: ArchivistDatabase,
  collectionId: string,
): Promise<StoredKeywords> {
  const transaction = connection.transaction(['collections', ...KEYWORD_STORES]);
  const [collection, base, rows] = await Promise.all([
    transaction.objectStore('collections').get(collectionId),
    transaction.objectStore('keywordBases').get(collectionId),
    transaction.objectStore('keywordSegments').index('collectionId').getAll(collectionId),
  ]);
  // The base's bytes are read once the transaction is done with (a Blob outlives it).
  const baseBytes = base && (await readStoredBytes(base.bytes));
  return toStoredKeywords(collection?.chunkCount ?? 0, baseBytes, base?.generation ?? 0, rows);
}

/**
 * The collection's base to read by range (`Store.openKeywordBase`), when it has one and no
 * segment: a Blob keeps its bytes readable after the record is replaced.
 */
export async function openBaseReader(
  connection: ArchivistDatabase,
  collectionId: string,
): Promise<KeywordBaseReader | undefined> {
  const transaction = connection.transaction(['collections', ...KEYWORD_STORES]);
  const [collection, base, segments] = await Promise.all([
    transaction.objectStore('collections').get(collectionId),
    transaction.objectStore('keywordBases').get(collectionId),
    transaction.objectStore('keywordSegments').index('collectionId').count(collectionId),
  ]);
  if (!base || segments > 0) return undefined;
  const { generation } = base;
  return { chunkCount: collection?.chunkCount ?? 0, generation, ...rangeReads(base.bytes) };
}

/** `readKeywords` without the bytes: the base's generation and the segments' sequences. */
export async function readKeywordState(
  connection: ArchivistDatabase,
  collectionId: string,
): Promise<KeywordState> {
  const transaction = connection.transaction(['collections', ...KEYWORD_STORES]);
  const [collection, generation, sequences] = await Promise.all([
    transaction.objectStore('collections').get(collectionId),
    baseGeneration(transaction.objectStore('keywordBases'), collectionId),
    transaction.objectStore('keywordSegments').index('collectionId').getAllKeys(collectionId),
  ]);
  return { chunkCount: collection?.chunkCount ?? 0, generation, sequences };
}

/**
 * `StoredKeywords` from the rows read in one transaction. A base whose bytes could not be read
 * is left out: the index then no longer holds the collection's chunks and is built again.
 */
function toStoredKeywords(
  chunkCount: number,
  base: Uint8Array | undefined,
  generation: number,
  rows: KeywordSegmentStoredRow[],
): StoredKeywords {
  return {
    chunkCount,
    ...(base ? { base } : {}),
    generation,
    segments: rows.map((row) => ({
      fileId: row.fileId,
      sequence: row.sequence!,
      bytes: new Uint8Array(row.bytes),
    })),
  };
}

/**
 * The generation of the collection's keyword base (0 without one), read from the `generation`
 * index: the base's bytes stay on disk.
 */
export async function baseGeneration<Mode extends IDBTransactionMode>(
  bases: IDBPObjectStore<ArchivistSchema, StoreName[], 'keywordBases', Mode>,
  collectionId: string,
): Promise<number> {
  const range = IDBKeyRange.bound([collectionId, -Infinity], [collectionId, Infinity]);
  const cursor = await bases.index('generation').openKeyCursor(range);
  return cursor ? (cursor.key as [string, number])[1] : 0;
}

/** Swaps in a merged base unless another merge came first; false when it did. */
export async function replaceBase(
  transaction: WriteTransaction,
  collectionId: string,
  replacement: KeywordBaseReplacement,
): Promise<boolean> {
  const bases = transaction.objectStore('keywordBases');
  if ((await baseGeneration(bases, collectionId)) !== replacement.generation) return false;
  const segments = transaction.objectStore('keywordSegments');
  await awaitRequests((track) => {
    for (const sequence of replacement.merged) track(segments.delete(sequence));
    const bytes = blobOf(replacement.base);
    track(bases.put({ collectionId, generation: replacement.generation + 1, bytes }));
  });
  return true;
}

/** A buffer of exactly these bytes (storing a view would clone its whole buffer). */
export function exactBuffer(bytes: Uint8Array): ArrayBuffer {
  const whole = bytes.byteOffset === 0 && bytes.byteLength === bytes.buffer.byteLength;
  return whole && bytes.buffer instanceof ArrayBuffer ? bytes.buffer : bytes.slice().buffer;
}
