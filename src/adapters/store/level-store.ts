import { ClassicLevel } from 'classic-level';
import { join } from 'node:path';
import { CollectionNotFoundError } from '../../core/errors.ts';
import type {
  EmbeddingReplacement,
  FileWrite,
  KeywordBaseReader,
  KeywordBaseReplacement,
  KeywordState,
  Store,
  StoredCentroids,
  StoredVectorCodes,
  StoredKeywords,
  StoredVectors,
} from '../../core/ports/store.ts';
import type { Chunk, Collection, FileRecord } from '../../core/types.ts';
import { keepCounts, replaceCounts } from './collection-counts.ts';
import { validateFileUpdate, validateFileWrites } from './file-write.ts';
import { LevelBlobs } from './level-blobs.ts';
import { LevelReads } from './level-reads.ts';
import { LevelRows } from './level-rows.ts';
import {
  openTables,
  levelStorageError,
  type Database,
  type Snapshot,
  type Tables,
} from './level-tables.ts';
import { LevelWrite } from './level-writes.ts';
import { sortById } from './record-order.ts';
import { isLockHeld, StoreInUseError } from './store-in-use-error.ts';
import { concatenateVectorRows, replaceVectorRows, type VectorRow } from './vector-rows.ts';
import { baseReaderOf } from './blob-values.ts';
import { readVectorCodes, VECTOR_CODE_TABLES, vectorCodesWrite } from './level-vector-codes.ts';

/**
 * The library on disk for Node tools (`bench scale --store level`): a LevelDB database in one
 * folder, the engine under Chromium's IndexedDB, so texts and float32 rows stay out of the
 * process's memory as they do in the browser. Each write is one atomic batch and writes run one
 * at a time; each read of several rows reads one snapshot. One process opens a folder at a time.
 */
export class LevelStore implements Store {
  readonly #database: Database;
  readonly #tables: Tables;
  readonly #blobs: LevelBlobs;
  readonly #rows: LevelRows;
  readonly #reads: LevelReads;
  #lastSequence: number;
  /** The write running now, or settled: the next waits for it. */
  #writes: Promise<unknown> = Promise.resolve();

  private constructor(
    database: Database,
    tables: Tables,
    blobs: LevelBlobs,
    rows: LevelRows,
    lastSequence: number,
  ) {
    this.#database = database;
    this.#tables = tables;
    this.#blobs = blobs;
    this.#rows = rows;
    this.#reads = new LevelReads(tables, this.#rows);
    this.#lastSequence = lastSequence;
  }

  /**
   * Opens the store in `directory` (the database in `leveldb/`, large rows in `blobs/`), creating
   * it when it does not exist.
   */
  static async open(directory: string): Promise<LevelStore> {
    const database: Database = new ClassicLevel<string, Uint8Array>(join(directory, 'leveldb'), {
      valueEncoding: 'view',
    });
    await database.open().catch((error: unknown) => {
      throw isLockHeld(error) ? new StoreInUseError(directory) : error;
    });
    const tables = openTables(database);
    const blobs = await LevelBlobs.open(join(directory, 'blobs'), tables.blobs);
    const rows = new LevelRows(blobs);
    const lastSequence = await rows.read<number>(tables.meta, 'lastSequence');
    return new LevelStore(database, tables, blobs, rows, lastSequence ?? 0);
  }

  /** Waits for the writes under way, then closes the database. */
  async close(): Promise<void> {
    await this.#writes.catch(() => undefined);
    await this.#database.close();
  }

  listCollections(): Promise<Collection[]> {
    return this.#read(async (snapshot) => {
      const rows = await this.#tables.collections.values({ snapshot }).all();
      return sortById(await Promise.all(rows.map((row) => this.#rows.decode<Collection>(row))));
    });
  }

  getCollection(id: string): Promise<Collection | undefined> {
    return this.#rows.read<Collection>(this.#tables.collections, id);
  }

  putCollection(collection: Collection): Promise<void> {
    return this.#write(async (write) => {
      write.put(
        'collections',
        collection.id,
        keepCounts(collection, await this.getCollection(collection.id)),
      );
    });
  }

  deleteCollection(id: string): Promise<void> {
    return this.#write(async (write) => {
      for (const file of await this.listFiles(id)) await write.removeFile(file);
      await write.removeSegments(id);
      for (const table of [
        'collections',
        'keywordBases',
        'keywordGenerations',
        'centroids',
        ...VECTOR_CODE_TABLES,
      ] as const) {
        write.delete(table, id);
      }
    });
  }

  listFiles(collectionId: string): Promise<FileRecord[]> {
    return this.#read(async (snapshot) => {
      const ids = await this.#reads.fileIds(collectionId, snapshot);
      const files = await this.#rows.readMany<FileRecord>(this.#tables.files, ids, snapshot);
      return sortById(files.filter((file) => file !== undefined));
    });
  }

  writeFiles(writes: readonly FileWrite[]): Promise<void> {
    if (writes.length === 0) return Promise.resolve();
    return this.#write(async (write) => {
      const ids = [...new Set(writes.map((each) => each.file.collectionId))];
      const collections = await this.#rows.readMany<Collection>(this.#tables.collections, ids);
      const stored = new Map(ids.map((id, at) => [id, collections[at]]));
      const counted = validateFileWrites(writes, (id) => stored.get(id));
      const previous = await this.#rows.readMany<FileRecord>(
        this.#tables.files,
        writes.map((each) => each.file.id),
      );
      for (const [at, each] of writes.entries()) {
        const { file } = each;
        const earlier = previous[at];
        if (earlier) await write.removeFile(earlier);
        await write.putFileKeywords(file.collectionId, file.id, each.keywords);
        const collection = counted.get(file.collectionId)!;
        write.putFile(each, collection);
        counted.set(collection.id, replaceCounts(collection, earlier, file));
      }
      for (const collection of counted.values())
        write.put('collections', collection.id, collection);
    });
  }

  updateFile(file: FileRecord): Promise<void> {
    return this.#write(async (write) => {
      validateFileUpdate(file, await this.#rows.read<FileRecord>(this.#tables.files, file.id));
      write.put('files', file.id, file);
    });
  }

  deleteFiles(collectionId: string, fileIds: readonly string[]): Promise<void> {
    return this.#write(async (write) => {
      let collection = await this.getCollection(collectionId);
      const ids = [...new Set(fileIds)];
      const files = await this.#rows.readMany<FileRecord>(this.#tables.files, ids);
      for (const file of files) {
        if (file?.collectionId !== collectionId) continue;
        await write.removeFile(file);
        await write.putFileKeywords(collectionId, file.id, new Uint8Array(0));
        if (collection) collection = replaceCounts(collection, file, undefined);
      }
      if (collection) write.put('collections', collectionId, collection);
    });
  }

  loadKeywords(collectionId: string): Promise<StoredKeywords> {
    return this.#read((snapshot) => this.#reads.keywords(collectionId, snapshot));
  }

  async openKeywordBase(collectionId: string): Promise<KeywordBaseReader | undefined> {
    return baseReaderOf(await this.loadKeywords(collectionId));
  }

  loadKeywordState(collectionId: string): Promise<KeywordState> {
    return this.#read((snapshot) => this.#reads.keywordState(collectionId, snapshot));
  }

  replaceKeywordBase(collectionId: string, replacement: KeywordBaseReplacement): Promise<boolean> {
    return this.#write(async (write) => {
      if (!(await this.getCollection(collectionId)))
        throw new CollectionNotFoundError(collectionId);
      return write.replaceKeywordBase(collectionId, replacement);
    });
  }

  listChunks(collectionId: string): Promise<Chunk[]> {
    return this.#read((snapshot) => this.#reads.chunksOf(collectionId, snapshot));
  }

  /** Reads each row holding one of the chunks once, all from one snapshot. */
  getChunks(ids: readonly string[]): Promise<(Chunk | undefined)[]> {
    return this.#read((snapshot) => this.#reads.chunks(ids, snapshot));
  }

  getOriginal(fileId: string): Promise<Uint8Array | undefined> {
    return this.#rows.read<Uint8Array>(this.#tables.originals, fileId);
  }

  async loadVectors(collectionId: string): Promise<StoredVectors> {
    const rows: VectorRow[] = [];
    const dim = await this.#read((snapshot) =>
      this.#reads.vectorRows(collectionId, snapshot, (batch) => rows.push(...batch)),
    );
    return concatenateVectorRows(rows, dim);
  }

  async loadVectorBatches(
    collectionId: string,
    onBatch: (batch: StoredVectors) => void,
  ): Promise<void> {
    await this.#read((snapshot) =>
      this.#reads.vectorRows(collectionId, snapshot, (rows, dim) =>
        onBatch(concatenateVectorRows(rows, dim)),
      ),
    );
  }

  getVectors(ids: readonly string[]): Promise<(Float32Array | undefined)[]> {
    return this.#read((snapshot) => this.#reads.vectors(ids, snapshot));
  }

  replaceEmbeddings(collectionId: string, replacement: EmbeddingReplacement): Promise<void> {
    return this.#write(async (write) => {
      const collection = await this.getCollection(collectionId);
      if (!collection) throw new CollectionNotFoundError(collectionId);
      const rows: VectorRow[] = [];
      await this.#reads.vectorRows(collectionId, undefined, (batch) => rows.push(...batch));
      for (const row of replaceVectorRows(rows, collectionId, replacement)) {
        write.put('vectors', row.fileId, row);
      }
      const { embedderId, dim } = replacement;
      write.put('collections', collectionId, { ...collection, embedderId, dim });
      write.delete('centroids', collectionId);
      for (const table of VECTOR_CODE_TABLES) write.delete(table, collectionId);
    });
  }

  putVectorCodes(codes: StoredVectorCodes): Promise<void> {
    return this.#writeForCollection(codes.collectionId, vectorCodesWrite(codes));
  }

  getVectorCodes(collectionId: string): Promise<StoredVectorCodes | undefined> {
    return this.#read((snapshot) =>
      readVectorCodes(this.#rows, this.#tables, collectionId, snapshot),
    );
  }

  putCentroids(centroids: StoredCentroids): Promise<void> {
    return this.#writeForCollection(centroids.collectionId, (write) =>
      write.put('centroids', centroids.collectionId, centroids),
    );
  }

  /** Runs `work` in a write, if the collection exists. */
  #writeForCollection(collectionId: string, work: (write: LevelWrite) => void): Promise<void> {
    return this.#write(async (write) => {
      if (!(await this.getCollection(collectionId)))
        throw new CollectionNotFoundError(collectionId);
      work(write);
    });
  }

  getCentroids(collectionId: string): Promise<StoredCentroids | undefined> {
    return this.#rows.read<StoredCentroids>(this.#tables.centroids, collectionId);
  }

  getSetting<T>(key: string): Promise<T | undefined> {
    return this.#rows.read<T>(this.#tables.settings, key);
  }

  putSetting(key: string, value: unknown): Promise<void> {
    return this.#write(async (write) => write.put('settings', key, value));
  }

  /** Runs `work` after the writes before it, then writes its batch: all of it or, on a throw, none. */
  #write<Result>(work: (write: LevelWrite) => Promise<Result>): Promise<Result> {
    const run = this.#writes.then(async () => {
      const write = new LevelWrite(this.#database, this.#tables, this.#rows, this.#blobs, () => {
        this.#lastSequence += 1;
        return this.#lastSequence;
      });
      const result = await work(write);
      await write.write().catch((error: unknown) => {
        throw levelStorageError(error);
      });
      return result;
    });
    this.#writes = run.catch(() => undefined);
    return run;
  }

  /** Runs `read` on a snapshot of the database (its blob files kept in place), closed after. */
  async #read<Result>(read: (snapshot: Snapshot) => Promise<Result>): Promise<Result> {
    const release = this.#rows.pin();
    const snapshot = this.#database.snapshot();
    try {
      return await read(snapshot);
    } finally {
      await snapshot.close();
      release();
    }
  }
}
