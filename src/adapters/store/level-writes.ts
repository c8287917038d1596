import type { FileWrite, KeywordBaseReplacement } from '../../core/ports/store.ts';
import type { Collection, FileRecord } from '../../core/types.ts';
import { chunkGroupsOf } from './chunk-groups.ts';
import { joinBytes } from '../../core/retrieval/keyword-segment-format.ts';
import { BLOB_THRESHOLD_BYTES, type BlobForm, type LevelBlobs } from './level-blobs.ts';
import { encode, type LevelRows } from './level-rows.ts';
import {
  compositeKey,
  keyParts,
  keysOf,
  type Database,
  type TableName,
  type Tables,
} from './level-tables.ts';
import { toVectorRow } from './vector-rows.ts';

/** Where a file's keyword segment is stored (`segmentOfFile`). */
export interface SegmentPlace {
  collectionId: string;
  sequence: number;
}

/** What a put stores: the row, or the pointer to the blob file `blob` holding it. */
interface StoredRow {
  row: Uint8Array;
  blob?: string;
}

/** A put (with what it stores, once any blob file is written) or a delete. */
interface Operation {
  table: TableName;
  key: string;
  stored?: Promise<StoredRow>;
}

/**
 * One atomic write of `LevelStore`: puts and deletes are collected in order, after the reads that
 * decide them, and go to LevelDB as one batch, written whole or not at all. Large rows go to blob
 * files first; the files of rows the batch replaces or deletes are deleted once it commits.
 */
export class LevelWrite {
  readonly #database: Database;
  readonly #tables: Tables;
  readonly #rows: LevelRows;
  readonly #blobs: LevelBlobs;
  readonly #nextSequence: () => number;
  readonly #operations: Operation[] = [];

  constructor(
    database: Database,
    tables: Tables,
    rows: LevelRows,
    blobs: LevelBlobs,
    nextSequence: () => number,
  ) {
    this.#database = database;
    this.#tables = tables;
    this.#rows = rows;
    this.#blobs = blobs;
    this.#nextSequence = nextSequence;
  }

  /**
   * Stores `value` under `key`. A large `Uint8Array` goes to its blob file as it is, with no
   * encoded copy; any other large row encoded.
   */
  put(table: TableName, key: string, value: unknown): void {
    if (value instanceof Uint8Array) {
      this.putBytes(table, key, [value]);
      return;
    }
    const row = encode(value);
    this.#push(table, key, row.length <= BLOB_THRESHOLD_BYTES ? row : this.#toBlob([row], 'clone'));
  }

  /**
   * Stores a `Uint8Array` given in parts; a large one goes to its blob file part after part, never
   * joined in memory (a keyword base runs to hundreds of MB).
   */
  putBytes(table: TableName, key: string, parts: readonly Uint8Array[]): void {
    const size = parts.reduce((total, part) => total + part.byteLength, 0);
    if (size > BLOB_THRESHOLD_BYTES) this.#push(table, key, this.#toBlob(parts, 'raw'));
    else this.#push(table, key, encode(parts.length === 1 ? parts[0] : joinBytes(parts)));
  }

  #toBlob(parts: readonly Uint8Array[], form: BlobForm): Promise<StoredRow> {
    return this.#blobs
      .write(parts, form)
      .then(({ name, pointer }) => ({ row: pointer, blob: name }));
  }

  #push(table: TableName, key: string, row: Uint8Array | Promise<StoredRow>): void {
    const stored = row instanceof Uint8Array ? Promise.resolve({ row }) : row;
    stored.catch(() => undefined); // awaited in `write`; this keeps a failure from going unhandled
    this.#operations.push({ table, key, stored });
  }

  delete(table: TableName, key: string): void {
    this.#operations.push({ table, key });
  }

  /** Stores a file's record, chunks, vectors and original (its earlier content already gone). */
  putFile(write: FileWrite, collection: Collection): void {
    const { file, chunks, original } = write;
    this.put('files', file.id, file);
    this.put('collectionFiles', compositeKey(file.collectionId, file.id), null);
    for (const group of chunkGroupsOf(chunks)) {
      this.put('chunkGroups', compositeKey(file.id, group.group), group);
    }
    const row = toVectorRow(write, collection.dim);
    if (row) this.put('vectors', file.id, row);
    if (original) this.put('originals', file.id, original);
  }

  /** Deletes a file's record, chunks, vector row and original. */
  async removeFile(file: FileRecord): Promise<void> {
    this.delete('files', file.id);
    this.delete('collectionFiles', compositeKey(file.collectionId, file.id));
    for (const key of await keysOf(this.#tables.chunkGroups, file.id)) {
      this.delete('chunkGroups', key);
    }
    this.delete('vectors', file.id);
    this.delete('originals', file.id);
  }

  /** Replaces the file's keyword segment with `bytes` (empty: the file was deleted). */
  async putFileKeywords(collectionId: string, fileId: string, bytes: Uint8Array): Promise<void> {
    await this.removeFileKeywords(fileId);
    const sequence = this.#nextSequence();
    this.put('keywordSegments', compositeKey(collectionId, sequence), bytes);
    this.put('segmentFiles', compositeKey(collectionId, sequence), fileId);
    this.put('segmentOfFile', fileId, { collectionId, sequence } satisfies SegmentPlace);
    this.put('meta', 'lastSequence', sequence);
  }

  /** Deletes the file's keyword segment, if it has one. */
  async removeFileKeywords(fileId: string): Promise<void> {
    const place = await this.#rows.read<SegmentPlace>(this.#tables.segmentOfFile, fileId);
    if (!place) return;
    const key = compositeKey(place.collectionId, place.sequence);
    this.delete('keywordSegments', key);
    this.delete('segmentFiles', key);
    this.delete('segmentOfFile', fileId);
  }

  /**
   * Stores a merged keyword base and deletes the merged segments, unless the base is no longer of
   * `replacement.generation`; resolves whether it did.
   */
  async replaceKeywordBase(
    collectionId: string,
    replacement: KeywordBaseReplacement,
  ): Promise<boolean> {
    const generation = await this.#rows.read<number>(this.#tables.keywordGenerations, collectionId);
    if ((generation ?? 0) !== replacement.generation) return false;
    await this.removeSegments(collectionId, replacement.merged);
    this.putBytes('keywordBases', collectionId, replacement.base);
    this.put('keywordGenerations', collectionId, replacement.generation + 1);
    return true;
  }

  /**
   * Deletes the collection's keyword segments named by `sequences` (every one when absent), with
   * the `segmentOfFile` entries that point at them.
   */
  async removeSegments(collectionId: string, sequences?: readonly number[]): Promise<void> {
    const keys =
      sequences?.map((sequence) => compositeKey(collectionId, sequence)) ??
      (await keysOf(this.#tables.segmentFiles, collectionId));
    const fileIds = await this.#rows.readMany<string>(this.#tables.segmentFiles, keys);
    const places = await this.#rows.readMany<SegmentPlace>(
      this.#tables.segmentOfFile,
      fileIds.map((fileId) => fileId ?? ''),
    );
    keys.forEach((key, at) => {
      const fileId = fileIds[at];
      if (fileId === undefined) return;
      this.delete('keywordSegments', key);
      this.delete('segmentFiles', key);
      if (places[at]?.sequence === keyParts(key)[1]) this.delete('segmentOfFile', fileId);
    });
  }

  /**
   * Writes the batch. Each row's last operation counts; blob files of rows replaced or deleted
   * go after the commit, and those written for this batch go again when it fails.
   */
  async write(): Promise<void> {
    const stored = await Promise.allSettled(this.#operations.map((operation) => operation.stored));
    const written = stored.flatMap(blobOf);
    let replaced: string[];
    let keptBlobs: Set<string>;
    try {
      const failed = stored.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
      const last = new Map<string, number>();
      this.#operations.forEach((operation, at) => last.set(rowKey(operation), at));
      const kept = [...last.values()].sort((left, right) => left - right);
      const current = await this.#currentBlobs(kept);
      replaced = current.filter((name) => name !== undefined);
      keptBlobs = new Set(kept.flatMap((at) => blobOf(stored[at])));
      await this.#database.batch([
        ...kept.map((at) => this.#toBatchOperation(at, stored[at])),
        ...kept.flatMap((at, position) => this.#blobEntry(at, stored[at], current[position])),
      ]);
    } catch (error) {
      await this.#blobs.discard(written);
      throw error;
    }
    // Committed: the rows kept point at their new files, so only the others may go.
    await this.#blobs.discard([...replaced, ...written.filter((name) => !keptBlobs.has(name))]);
  }

  #toBatchOperation(at: number, result: PromiseSettledResult<StoredRow | undefined> | undefined) {
    const { table, key } = this.#operations[at]!;
    const sublevel = this.#tables[table];
    const row = result?.status === 'fulfilled' ? result.value?.row : undefined;
    return row
      ? { type: 'put' as const, sublevel, key, value: row }
      : { type: 'del' as const, sublevel, key };
  }

  /**
   * The `blobs` entry of the operation's row: its new file's name, or none where it had a file
   * (`previous`) and keeps none.
   */
  #blobEntry(
    at: number,
    result: PromiseSettledResult<StoredRow | undefined> | undefined,
    previous: string | undefined,
  ) {
    const [blob] = blobOf(result);
    if (blob === undefined && previous === undefined) return [];
    const sublevel = this.#tables.blobs;
    const key = rowKey(this.#operations[at]!);
    return [
      blob === undefined
        ? { type: 'del' as const, sublevel, key }
        : { type: 'put' as const, sublevel, key, value: new TextEncoder().encode(blob) },
    ];
  }

  /**
   * The blob file each operation's row points at now, before the batch, from the `blobs` table:
   * the rows themselves are not read (deleting a sync's keyword segments read hundreds of MB).
   */
  async #currentBlobs(operations: readonly number[]): Promise<(string | undefined)[]> {
    const keys = operations.map((at) => rowKey(this.#operations[at]!));
    const names = await this.#tables.blobs.getMany(keys);
    return names.map((name) => (name === undefined ? undefined : new TextDecoder().decode(name)));
  }
}

/** The `blobs` table's key of an operation's row. */
function rowKey({ table, key }: Operation): string {
  return compositeKey(table, key);
}

function blobOf(result: PromiseSettledResult<StoredRow | undefined> | undefined): string[] {
  return result?.status === 'fulfilled' && result.value?.blob ? [result.value.blob] : [];
}
