import type { ClassicLevel } from 'classic-level';
import { StorageFullError } from '../../core/errors.ts';

/**
 * The tables of `LevelStore`: sublevels of one LevelDB database, values in V8's serialization
 * (the structured clone IndexedDB stores, so both stores give back the same values; large ones in
 * files of their own, `level-blobs.ts`). Keys of rows
 * that belong to something else are JSON arrays (`compositeKey`), so a range of every row of one
 * collection or file (`prefixRange`) can never take in another's.
 */
export const TABLE_NAMES = [
  /** Collection id → `Collection`. */
  'collections',
  /** File id → `FileRecord`. */
  'files',
  /** `[collectionId, fileId]` → nothing: a collection's files. */
  'collectionFiles',
  /** `[fileId, group]` → `ChunkGroupRow` (chunk-groups.ts). */
  'chunkGroups',
  /** File id → `VectorRow`. */
  'vectors',
  /** File id → its kept bytes. */
  'originals',
  /** `[collectionId, sequence]` → the bytes of a keyword segment since the last merge. */
  'keywordSegments',
  /** `[collectionId, sequence]` → file id: whose segment it is, read without its bytes. */
  'segmentFiles',
  /** File id → `{ collectionId, sequence }`: where the file's keyword segment is. */
  'segmentOfFile',
  /** Collection id → the merged keyword index (`encodeSegment`'s bytes). */
  'keywordBases',
  /** Collection id → the keyword base's generation, read without its bytes. */
  'keywordGenerations',
  /** Collection id → `StoredCentroids`. */
  'centroids',
  /**
   * Collection id → its vector codes' record without their bytes (`VectorCodesRow`,
   * vector-code-rows.ts), or, from before, the whole `StoredVectorCodes`.
   */
  'vectorCodes',
  /**
   * Collection id → its vector codes' bytes after the float32 rows, laid out as in IndexedDB's
   * Blob (vector-code-rows.ts).
   */
  'vectorCodeBytes',
  /** Collection id → its vector codes' float32 rows, when it keeps them: a value of their own. */
  'vectorCodeFloats',
  /** Setting name → its value. */
  'settings',
  /** `lastSequence` → the highest keyword segment sequence given out. */
  'meta',
  /**
   * `[table, key]` → the name of the file of `level-blobs.ts` that row points at: the files in
   * use, and what a write replaces, known without reading the rows.
   */
  'blobs',
] as const;

export type TableName = (typeof TABLE_NAMES)[number];
export type Database = ClassicLevel<string, Uint8Array>;
export type Table = ReturnType<typeof openTable>;
export type Tables = Record<TableName, Table>;
export type Snapshot = ReturnType<Database['snapshot']>;
export type Batch = ReturnType<Database['batch']>;

export function openTables(database: Database): Tables {
  return Object.fromEntries(TABLE_NAMES.map((name) => [name, openTable(database, name)])) as Tables;
}

function openTable(database: Database, name: TableName) {
  return database.sublevel<string, Uint8Array>(name, {
    keyEncoding: 'utf8',
    valueEncoding: 'view',
  });
}

/** The key of a row belonging to `owner`: `["owner","part"]`. */
export function compositeKey(owner: string, part: string | number): string {
  return JSON.stringify([owner, part]);
}

/** The parts of a `compositeKey`. */
export function keyParts(key: string): [string, string | number] {
  return JSON.parse(key) as [string, string | number];
}

/**
 * Every `compositeKey` of `owner` and nothing else: after `["owner",` comes a digit or a quote,
 * never a character above U+FFFF, and no other owner's key starts the same way.
 */
export function prefixRange(owner: string): { gte: string; lt: string } {
  const prefix = `${JSON.stringify([owner]).slice(0, -1)},`;
  return { gte: prefix, lt: `${prefix}\uffff` };
}

/**
 * What an iterator reads ahead, in bytes: LevelDB hands rows to JavaScript in runs this long.
 * Reading 5,000 vector rows of 4 KB took 77-137 ms in runs of 16 KB (the default), 23 ms in runs
 * of 8 MB (scratch measurement, 2026-11-25).
 */
const READ_AHEAD_BYTES = 8 * 1024 * 1024;

/** Options for an iterator over every `compositeKey` of `owner`. */
export function ownerRange(owner: string, snapshot?: Snapshot) {
  return { ...prefixRange(owner), snapshot, highWaterMarkBytes: READ_AHEAD_BYTES };
}

/** The keys of `table` in the range of `owner`, in key order. */
export function keysOf(table: Table, owner: string, snapshot?: Snapshot): Promise<string[]> {
  return table.keys(ownerRange(owner, snapshot)).all();
}

/** LevelDB reports a full disk as an I/O error naming ENOSPC's message. */
export function levelStorageError(error: unknown): unknown {
  const message = error instanceof Error ? `${error.message} ${String(error.cause ?? '')}` : '';
  return /no space left on device|ENOSPC/i.test(message) ? new StorageFullError() : error;
}
