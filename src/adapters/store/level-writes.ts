import type { FileWrite } from '../../core/ports/store.ts';
import type { Collection, FileRecord } from '../../core/types.ts';
import { chunkGroupsOf } from './chunk-groups.ts';
import {
  compositeKey,
  encode,
  keyParts,
  keysOf,
  readRow,
  type Batch,
  type Tables,
} from './level-tables.ts';
import { toVectorRow } from './vector-rows.ts';

/** Where a file's keyword segment is stored (`segmentOfFile`). */
export interface SegmentPlace {
  collectionId: string;
  sequence: number;
}

/** A stored keyword segment (`keywordSegments`); its collection and sequence are in its key. */
export interface SegmentRow {
  fileId: string;
  bytes: Uint8Array;
}

/**
 * One atomic write of `LevelStore`: the operations go into one LevelDB batch, which is written
 * whole or not at all, after the reads that decide them.
 */
export class LevelWrite {
  readonly #tables: Tables;
  readonly #batch: Batch;
  readonly #nextSequence: () => number;

  constructor(tables: Tables, batch: Batch, nextSequence: () => number) {
    this.#tables = tables;
    this.#batch = batch;
    this.#nextSequence = nextSequence;
  }

  put(table: keyof Tables, key: string, value: unknown): void {
    this.#batch.put(key, encode(value), { sublevel: this.#tables[table] });
  }

  delete(table: keyof Tables, key: string): void {
    this.#batch.del(key, { sublevel: this.#tables[table] });
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
    this.put('keywordSegments', compositeKey(collectionId, sequence), {
      fileId,
      bytes,
    } satisfies SegmentRow);
    this.put('segmentOfFile', fileId, { collectionId, sequence } satisfies SegmentPlace);
    this.put('meta', 'lastSequence', sequence);
  }

  /** Deletes the file's keyword segment, if it has one. */
  async removeFileKeywords(fileId: string): Promise<void> {
    const place = await readRow<SegmentPlace>(this.#tables.segmentOfFile, fileId);
    if (!place) return;
    this.delete('keywordSegments', compositeKey(place.collectionId, place.sequence));
    this.delete('segmentOfFile', fileId);
  }

  /**
   * Deletes the collection's keyword segments named by `sequences` (every one when absent), with
   * the `segmentOfFile` entries that point at them.
   */
  async removeSegments(collectionId: string, sequences?: readonly number[]): Promise<void> {
    const keys =
      sequences?.map((sequence) => compositeKey(collectionId, sequence)) ??
      (await keysOf(this.#tables.keywordSegments, collectionId));
    for (const key of keys) {
      const row = await readRow<SegmentRow>(this.#tables.keywordSegments, key);
      if (!row) continue;
      this.delete('keywordSegments', key);
      const place = await readRow<SegmentPlace>(this.#tables.segmentOfFile, row.fileId);
      if (place?.sequence === keyParts(key)[1]) this.delete('segmentOfFile', row.fileId);
    }
  }

  write(): Promise<void> {
    return this.#batch.write();
  }
}
