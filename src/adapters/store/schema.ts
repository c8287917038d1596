import { wrap, type DBSchema, type IDBPDatabase, type StoreNames } from 'idb';
import type { StoredCentroids } from '../../core/ports/store.ts';
import type { Chunk, Collection, FileRecord } from '../../core/types.ts';
import type { VectorRow } from './vector-rows.ts';

/** Raise by one with each schema change and add its step to `upgradeDatabase`. */
export const DATABASE_VERSION = 3;

export interface ArchivistSchema extends DBSchema {
  collections: { key: string; value: Collection };
  files: { key: string; value: FileRecord; indexes: { collectionId: string } };
  chunks: { key: string; value: Chunk; indexes: { collectionId: string; fileId: string } };
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
  /** Key `collectionId`: the merged keyword index. Since version 3. */
  keywordBases: { key: string; value: KeywordBaseRow };
  /** Key `collectionId`. */
  centroids: { key: string; value: StoredCentroids };
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
  bytes: ArrayBuffer;
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
    upgradeDatabase(wrap(request.result) as unknown as ArchivistDatabase, event.oldVersion);
  });
  if (onBlocked) request.addEventListener('blocked', onBlocked);
  return wrap(request) as Promise<ArchivistDatabase>;
}

function upgradeDatabase(database: ArchivistDatabase, oldVersion: number): void {
  if (oldVersion < 1) {
    database.createObjectStore('collections', { keyPath: 'id' });
    const files = database.createObjectStore('files', { keyPath: 'id' });
    files.createIndex('collectionId', 'collectionId');
    const chunks = database.createObjectStore('chunks', { keyPath: 'id' });
    chunks.createIndex('collectionId', 'collectionId');
    chunks.createIndex('fileId', 'fileId');
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
}
