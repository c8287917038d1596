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
import { collectionKeyRange } from './collection-keys.ts';
import { DatabaseClosedError, type ClosedReason } from './database-closed-error.ts';
import { validateFileUpdate } from './file-write.ts';
import { groupKeyOf, type ChunkGroupRow } from './chunk-groups.ts';
import { putFiles, removeFileContent } from './file-content.ts';
import {
  deleteCollectionKeywords,
  KEYWORD_STORES,
  openBaseReader,
  putFileKeywords,
  readKeywords,
  readKeywordState,
  replaceBase,
} from './keyword-rows.ts';
import { sortChunks } from './record-order.ts';
import { openDatabase, type ArchivistDatabase, type StoreName } from './schema.ts';
import { awaitRequests, runWrite } from './transactions.ts';
import { readVectorCodesRow, vectorCodesRow, type VectorCodesRow } from './vector-code-rows.ts';
import { concatenateVectorRows } from './vector-rows.ts';
import { replaceStoredEmbeddings } from './embedding-replacement.ts';
import { readVectorBatches, readVectors } from './vector-reads.ts';

export interface IdbStoreOptions {
  /** Defaults to the global `indexedDB`; tests pass a fake-indexeddb `IDBFactory`. */
  indexedDB?: IDBFactory;
  /** Runs while another tab keeps an older version of the database open and blocks the upgrade. */
  onBlocked?: () => void;
  /**
   * Runs when the connection closes without `close()` being called (another tab's upgrade, the
   * browser); every call after it throws `DatabaseClosedError` and the page should reload.
   */
  onClosed?: (reason: ClosedReason) => void;
}

/**
 * The library in IndexedDB. Every write is one transaction, so an abort (a crash, a full disk)
 * leaves the previous state; quota failures throw `StorageFullError`.
 */
export class IdbStore implements Store {
  private closedReason: ClosedReason | undefined;

  private constructor(
    private readonly database: ArchivistDatabase,
    private readonly onClosed: IdbStoreOptions['onClosed'],
  ) {
    // Let another tab upgrade or delete the database rather than block it; this tab must reload.
    database.addEventListener('versionchange', (event) =>
      this.markClosed(event.newVersion === null ? 'deleted' : 'versionchange'),
    );
    database.addEventListener('close', () => this.markClosed('terminated'));
  }

  static async open(name = 'archivist', options: IdbStoreOptions = {}): Promise<IdbStore> {
    const factory = options.indexedDB ?? globalThis.indexedDB;
    return new IdbStore(await openDatabase(factory, name, options.onBlocked), options.onClosed);
  }

  /** Closes the connection; every later call throws `DatabaseClosedError`. */
  close(): void {
    this.closedReason ??= 'closed';
    this.database.close();
  }

  async listCollections(): Promise<Collection[]> {
    return this.connection.getAll('collections');
  }

  async getCollection(id: string): Promise<Collection | undefined> {
    return this.connection.get('collections', id);
  }

  async putCollection(collection: Collection): Promise<void> {
    await runWrite(this.connection, ['collections'], async (transaction) => {
      const collections = transaction.objectStore('collections');
      await collections.put(keepCounts(collection, await collections.get(collection.id)));
    });
  }

  async deleteCollection(id: string): Promise<void> {
    const stores: StoreName[] = [
      'collections',
      'files',
      'chunkGroups',
      'vectors',
      'originals',
      'centroids',
      'vectorCodes',
      'folderHandles',
      ...KEYWORD_STORES,
    ];
    await runWrite(this.connection, stores, async (transaction) => {
      await deleteCollectionKeywords(transaction, id);
      const indexed = ['files', 'chunkGroups', 'vectors', 'originals'] as const;
      const keys = await Promise.all(
        indexed.map((store) => transaction.objectStore(store).index('collectionId').getAllKeys(id)),
      );
      await awaitRequests((track) => {
        indexed.forEach((store, position) => {
          for (const key of keys[position] ?? []) track(transaction.objectStore(store).delete(key));
        });
        track(transaction.objectStore('collections').delete(id));
        track(transaction.objectStore('centroids').delete(id));
        track(transaction.objectStore('vectorCodes').delete(id));
        track(transaction.objectStore('folderHandles').delete(id));
      });
    });
  }

  async listFiles(collectionId: string): Promise<FileRecord[]> {
    const files = await this.connection.getAll('files', collectionKeyRange(collectionId));
    return files.filter((file) => file.collectionId === collectionId);
  }

  async writeFiles(writes: readonly FileWrite[]): Promise<void> {
    if (writes.length === 0) return;
    await runWrite(
      this.connection,
      ['collections', 'files', 'chunkGroups', 'vectors', 'originals', ...KEYWORD_STORES],
      (transaction) => putFiles(transaction, writes),
    );
  }

  async updateFile(file: FileRecord): Promise<void> {
    await runWrite(this.connection, ['files'], async (transaction) => {
      const files = transaction.objectStore('files');
      validateFileUpdate(file, await files.get(file.id));
      await files.put(file);
    });
  }

  async deleteFiles(collectionId: string, fileIds: readonly string[]): Promise<void> {
    await runWrite(
      this.connection,
      ['collections', 'files', 'chunkGroups', 'vectors', 'originals', ...KEYWORD_STORES],
      async (transaction) => {
        const files = transaction.objectStore('files');
        const removals = await Promise.all(
          [...new Set(fileIds)].map(async (fileId) => {
            const file = await files.get(fileId);
            if (file?.collectionId !== collectionId) return undefined;
            await Promise.all([
              removeFileContent(transaction, fileId),
              files.delete(fileId),
              putFileKeywords(transaction, collectionId, fileId, new Uint8Array(0)),
            ]);
            return file;
          }),
        );
        const collections = transaction.objectStore('collections');
        const collection = await collections.get(collectionId);
        if (!collection) return;
        await collections.put(
          removals.reduce(
            (counted, removed) => replaceCounts(counted, removed, undefined),
            collection,
          ),
        );
      },
    );
  }

  loadKeywords(collectionId: string): Promise<StoredKeywords> {
    return readKeywords(this.connection, collectionId);
  }

  loadKeywordState(collectionId: string): Promise<KeywordState> {
    return readKeywordState(this.connection, collectionId);
  }

  openKeywordBase(collectionId: string): Promise<KeywordBaseReader | undefined> {
    return openBaseReader(this.connection, collectionId);
  }

  async replaceKeywordBase(
    collectionId: string,
    replacement: KeywordBaseReplacement,
  ): Promise<boolean> {
    return runWrite(this.connection, ['collections', ...KEYWORD_STORES], async (transaction) => {
      if (!(await transaction.objectStore('collections').get(collectionId))) {
        throw new CollectionNotFoundError(collectionId);
      }
      return replaceBase(transaction, collectionId, replacement);
    });
  }

  async listChunks(collectionId: string): Promise<Chunk[]> {
    const rows = await this.connection.getAllFromIndex('chunkGroups', 'collectionId', collectionId);
    return sortChunks(rows.flatMap((row) => row.chunks));
  }

  /** Reads each row holding one of the chunks once, all in one transaction. */
  async getChunks(ids: readonly string[]): Promise<(Chunk | undefined)[]> {
    const groups = this.connection.transaction('chunkGroups').store;
    const rows = new Map<string, Promise<ChunkGroupRow | undefined>>();
    const wanted = ids.map((id) => {
      const key = groupKeyOf(id);
      if (!key) return undefined;
      const name = JSON.stringify(key);
      if (!rows.has(name)) rows.set(name, groups.get(key));
      return { id, row: rows.get(name)! };
    });
    return Promise.all(
      wanted.map(
        async (place) => place && (await place.row)?.chunks.find((chunk) => chunk.id === place.id),
      ),
    );
  }

  async getOriginal(fileId: string): Promise<Uint8Array | undefined> {
    const row = await this.connection.get('originals', fileId);
    return row && new Uint8Array(row.bytes);
  }

  async loadVectors(collectionId: string): Promise<StoredVectors> {
    const transaction = this.connection.transaction(['collections', 'vectors']);
    const [collection, rows] = await Promise.all([
      transaction.objectStore('collections').get(collectionId),
      transaction.objectStore('vectors').index('collectionId').getAll(collectionId),
    ]);
    return concatenateVectorRows(rows, collection?.dim ?? 0);
  }

  loadVectorBatches(collectionId: string, onBatch: (batch: StoredVectors) => void): Promise<void> {
    return readVectorBatches(this.connection, collectionId, onBatch);
  }

  getVectors(ids: readonly string[]): Promise<(Float32Array | undefined)[]> {
    return readVectors(this.connection, ids);
  }

  replaceEmbeddings(collectionId: string, replacement: EmbeddingReplacement): Promise<void> {
    return replaceStoredEmbeddings(this.connection, collectionId, replacement);
  }

  async putCentroids(centroids: StoredCentroids): Promise<void> {
    await this.putForCollection('centroids', centroids.collectionId, centroids);
  }

  async getCentroids(collectionId: string): Promise<StoredCentroids | undefined> {
    return this.connection.get('centroids', collectionId);
  }

  async putVectorCodes(codes: StoredVectorCodes): Promise<void> {
    await this.putForCollection('vectorCodes', codes.collectionId, vectorCodesRow(codes));
  }

  async getVectorCodes(collectionId: string): Promise<StoredVectorCodes | undefined> {
    return readVectorCodesRow(await this.connection.get('vectorCodes', collectionId));
  }

  async getSetting<T>(key: string): Promise<T | undefined> {
    return (await this.connection.get('settings', key)) as T | undefined;
  }

  async putSetting(key: string, value: unknown): Promise<void> {
    await runWrite(this.connection, ['settings'], async (transaction) => {
      await transaction.objectStore('settings').put(value, key);
    });
  }

  /** Keeps a folder's `FileSystemDirectoryHandle` so a later visit can re-sync without a picker. */
  async putFolderHandle(collectionId: string, handle: unknown): Promise<void> {
    await this.putForCollection('folderHandles', collectionId, handle);
  }

  async getFolderHandle(collectionId: string): Promise<unknown> {
    return this.connection.get('folderHandles', collectionId);
  }

  private get connection(): ArchivistDatabase {
    if (this.closedReason) throw new DatabaseClosedError(this.closedReason);
    return this.database;
  }

  private markClosed(reason: ClosedReason): void {
    if (this.closedReason) return;
    this.closedReason = reason;
    this.database.close();
    this.onClosed?.(reason);
  }

  /** Stores `value` in a store keyed by collection id, if that collection exists. */
  private async putForCollection(
    store: 'centroids' | 'vectorCodes' | 'folderHandles',
    collectionId: string,
    value: unknown,
  ): Promise<void> {
    await runWrite(this.connection, ['collections', store], async (transaction) => {
      const collection = await transaction.objectStore('collections').get(collectionId);
      if (!collection) throw new CollectionNotFoundError(collectionId);
      if (store === 'centroids') await transaction.objectStore(store).put(value as StoredCentroids);
      else if (store === 'vectorCodes') {
        await transaction.objectStore(store).put(value as VectorCodesRow);
      } else await transaction.objectStore(store).put(value, collectionId);
    });
  }
}
