import { wrap, type DBSchema, type IDBPDatabase, type StoreNames } from 'idb';
import type { StoredCentroids, StoredVectorCodes } from '../../core/ports/store.ts';
import type { Chunk, Collection, FileRecord, IssueCounts } from '../../core/types.ts';
import type { StoredBytes } from './blob-values.ts';
import type { VectorCodesRow } from './vector-code-rows.ts';
import { chunkGroupsOf, type ChunkGroupRow } from './chunk-groups.ts';
import type { VectorRow } from './vector-rows.ts';

/** Raise by one with each schema change and add its step to `upgradeDatabase`. */
export const DATABASE_VERSION = 7;

export interface ArchivistSchema extends DBSchema {
  collections: { key: string; value: Collection };
  files: { key: string; value: FileRecord; indexes: { collectionId: string } };
  /** Key `[fileId, group]`: a run of a file's chunks (`chunk-groups.ts`). Since version 4. */
  chunkGroups: { key: [string, number]; value: ChunkGroupRow; indexes: { collectionId: string } };
  /** Key `fileId`. */
  vectors: { key: string; value: VectorRow; indexes: { collectionId: string } };
  /** Key `fileId`: the bytes of a paged file (PDF) for the viewer's page view. Since version 2. */
  originals: { key: string; value: OriginalRow; indexes: { collectionId: string } };
  /** Key `sequence` (rising): a file's keyword segment since the last merge. Since version 3. */
  keywordSegments: {
    key: number;
    value: KeywordSegmentStoredRow;
    indexes: { collectionId: string; fileId: string };
  };
  /**
   * Key `collectionId`: the merged keyword index. Since version 3; its index `generation` (key
   * `[collectionId, generation]`, since version 5) gives a base's generation without its bytes.
   */
  keywordBases: {
    key: string;
    value: KeywordBaseRow;
    indexes: { generation: [string, number] };
  };
  /** Key `collectionId`. */
  centroids: { key: string; value: StoredCentroids };
  /** Key `collectionId`: the codes a reload reads instead of every vector. Since version 6. */
  vectorCodes: { key: string; value: VectorCodesRow | StoredVectorCodes };
  /** Out-of-line keys: the setting's name. */
  settings: { key: string; value: unknown };
  /** Out-of-line keys: the collection id; values are `FileSystemDirectoryHandle`s. */
  folderHandles: { key: string; value: unknown };
  conversations: { key: string; value: { id: string } };
}

/** A file's bytes as kept (`FileWrite.original`). */
export interface OriginalRow {
  fileId: string;
  collectionId: string;
  bytes: ArrayBuffer;
}

/** `KeywordSegmentRow` as stored; `sequence` comes from the store's key generator. */
export interface KeywordSegmentStoredRow {
  sequence?: number;
  collectionId: string;
  fileId: string;
  bytes: ArrayBuffer;
}

export interface KeywordBaseRow {
  collectionId: string;
  generation: number;
  bytes: StoredBytes;
}

export type ArchivistDatabase = IDBPDatabase<ArchivistSchema>;
export type StoreName = StoreNames<ArchivistSchema>;

/**
 * Opens (creating or upgrading) the database through `factory`; `idb`'s `openDB` can only use the
 * global `indexedDB`. `onBlocked` runs while another tab holds an older version open.
 */
export function openDatabase(
  factory: IDBFactory,
  name: string,
  onBlocked?: () => void,
): Promise<ArchivistDatabase> {
  const request = factory.open(name, DATABASE_VERSION);
  request.addEventListener('upgradeneeded', (event) => {
    const database = wrap(request.result) as unknown as ArchivistDatabase;
    upgradeDatabase(database, request.transaction!, event.oldVersion);
  });
  if (onBlocked) request.addEventListener('blocked', onBlocked);
  return wrap(request) as Promise<ArchivistDatabase>;
}

function upgradeDatabase(
  database: ArchivistDatabase,
  transaction: IDBTransaction,
  oldVersion: number,
): void {
  if (oldVersion < 1) {
    database.createObjectStore('collections', { keyPath: 'id' });
    const files = database.createObjectStore('files', { keyPath: 'id' });
    files.createIndex('collectionId', 'collectionId');
    // Until version 4 chunks were stored a row each in 'chunks' (indexed by collectionId and
    // fileId); a database created now starts with 'chunkGroups'.
    const vectors = database.createObjectStore('vectors', { keyPath: 'fileId' });
    vectors.createIndex('collectionId', 'collectionId');
    database.createObjectStore('centroids', { keyPath: 'collectionId' });
    database.createObjectStore('settings');
    database.createObjectStore('folderHandles');
    database.createObjectStore('conversations', { keyPath: 'id' });
  }
  if (oldVersion < 2) {
    // Files indexed before keep no original: the viewer re-reads them or shows their text.
    const originals = database.createObjectStore('originals', { keyPath: 'fileId' });
    originals.createIndex('collectionId', 'collectionId');
  }
  if (oldVersion < 3) {
    // Collections stored before have no keyword index: their first load builds it from the
    // chunks and stores it (core/retrieval/stored-keyword-index.ts), once.
    const segments = database.createObjectStore('keywordSegments', {
      keyPath: 'sequence',
      autoIncrement: true,
    });
    segments.createIndex('collectionId', 'collectionId');
    segments.createIndex('fileId', 'fileId');
    database.createObjectStore('keywordBases', { keyPath: 'collectionId' });
  }
  if (oldVersion < 4) {
    const groups = database.createObjectStore('chunkGroups', { keyPath: ['fileId', 'group'] });
    groups.createIndex('collectionId', 'collectionId');
    if (oldVersion >= 1) groupStoredChunks(transaction);
  }
  if (oldVersion < 5) {
    transaction
      .objectStore('keywordBases')
      .createIndex('generation', ['collectionId', 'generation']);
  }
  if (oldVersion < 6) {
    // Collections stored before have no codes: their loads read the vectors until a sync stores
    // them (core/retrieval/stored-vector-codes.ts).
    database.createObjectStore('vectorCodes', { keyPath: 'collectionId' });
  }
  if (oldVersion < 7 && oldVersion >= 1) countStoredIssues(transaction);
}

/**
 * Gives each stored collection the counts of its skipped and failed files (`issueCounts`), which
 * the store keeps from version 7, counted once from its file records in the upgrade's
 * transaction.
 */
function countStoredIssues(transaction: IDBTransaction): void {
  const counts = new Map<string, IssueCounts>();
  const files = transaction.objectStore('files').openCursor();
  files.onsuccess = () => {
    const cursor = files.result;
    if (!cursor) {
      updateIssueCounts(transaction, counts);
      return;
    }
    const file = cursor.value as FileRecord;
    const issues = counts.get(file.collectionId) ?? { skipped: 0, failed: 0 };
    if (file.status === 'skipped') issues.skipped += 1;
    if (file.status === 'failed') issues.failed += 1;
    counts.set(file.collectionId, issues);
    cursor.continue();
  };
}

function updateIssueCounts(transaction: IDBTransaction, counts: Map<string, IssueCounts>): void {
  const collections = transaction.objectStore('collections').openCursor();
  collections.onsuccess = () => {
    const cursor = collections.result;
    if (!cursor) return;
    const collection = cursor.value as Collection;
    const issueCounts = counts.get(collection.id) ?? { skipped: 0, failed: 0 };
    cursor.update({ ...collection, issueCounts });
    cursor.continue();
  };
}

/**
 * Moves the chunks stored a row each (before version 4) into rows of `CHUNKS_PER_GROUP`, a file at
 * a time along the `fileId` index, then drops the old store; all in the upgrade's transaction, so
 * an upgrade cut short leaves version 3 as it was.
 */
function groupStoredChunks(transaction: IDBTransaction): void {
  const old = transaction.objectStore('chunks');
  const groups = transaction.objectStore('chunkGroups');
  let file: Chunk[] = [];
  const flush = () => {
    file.sort((left, right) => left.ordinal - right.ordinal);
    for (const row of chunkGroupsOf(file)) groups.put(row);
    file = [];
  };
  const cursor = old.index('fileId').openCursor();
  cursor.onsuccess = () => {
    const current = cursor.result;
    if (!current) {
      flush();
      transaction.db.deleteObjectStore('chunks');
      return;
    }
    const chunk = current.value as Chunk;
    if (file.length > 0 && file[0]!.fileId !== chunk.fileId) flush();
    file.push(chunk);
    current.continue();
  };
}
