import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { toStorageError } from '../../../src/adapters/store/quota-errors.ts';
import { DATABASE_VERSION } from '../../../src/adapters/store/schema.ts';
import { chooseVectorIndex } from '../../../src/adapters/vector/index.ts';
import { StorageFullError } from '../../../src/core/errors.ts';
import type { Collection, FileRecord } from '../../../src/core/types.ts';
import { LibrarySearch } from '../../../src/core/retrieval/library-search.ts';
import { bytesOf, DIM, makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';

function fail(message: string): never {
  throw new Error(message);
}

function quotaExceeded(): DOMException {
  return new DOMException('The quota has been exceeded.', 'QuotaExceededError');
}

/** Makes every `put` into the object store `name` fail as a full disk does. */
function failPutsInto(name: string): void {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    if (this.name === name) throw quotaExceeded();
    return put.apply(this, args);
  });
}

async function openWithCollection(factory = new IDBFactory()): Promise<IdbStore> {
  const store = await IdbStore.open('archivist-test', { indexedDB: factory });
  await store.putCollection(makeCollection('a'));
  return store;
}

describe('IdbStore', () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it('turns a quota failure in writeFile into StorageFullError and keeps the previous version', async () => {
    const store = await openWithCollection();
    const original = makeWrite('a', 'one.md', { chunkCount: 3 });
    await store.writeFiles([original]);
    failPutsInto('vectors');
    const replacement = makeWrite('a', 'one.md', { chunkCount: 1, seed: 1 });
    await expect(store.writeFiles([replacement])).rejects.toBeInstanceOf(StorageFullError);
    vi.restoreAllMocks();
    expect(await store.listFiles('a')).toEqual([original.file]);
    expect(await store.listChunks('a')).toEqual(original.chunks);
    expect(bytesOf((await store.loadVectors('a')).vectors)).toEqual(bytesOf(original.vectors));
    expect(await store.getCollection('a')).toMatchObject({ fileCount: 1, chunkCount: 3 });
  });

  it('deletes earlier content only for files stored before', async () => {
    const store = await openWithCollection();
    const deletes = vi.spyOn(IDBObjectStore.prototype, 'delete');
    const deletedFrom = () =>
      deletes.mock.contexts.map((context) => (context as IDBObjectStore).name);
    await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 3 })]);
    expect(deletedFrom()).toEqual([]);
    const replacement = makeWrite('a', 'one.md', { chunkCount: 1, seed: 1 });
    await store.writeFiles([replacement, makeWrite('a', 'two.md', { chunkCount: 2 })]);
    // one.md's chunks, vector row, original and keyword segment; nothing of the new two.md.
    expect(deletedFrom().sort()).toEqual([
      'chunkGroups',
      'keywordSegments',
      'originals',
      'vectors',
    ]);
    expect(
      (await store.listChunks('a')).filter((chunk) => chunk.fileId === replacement.file.id),
    ).toEqual(replacement.chunks);
  });

  it('keeps the old model’s vectors when a re-embedding fails part way', async () => {
    const store = await openWithCollection();
    const one = makeWrite('a', 'one.md', { chunkCount: 2 });
    await store.writeFiles([one]);
    await store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 1 })]);
    const before = await store.loadVectors('a');
    failPutsInto('collections'); // after the vector rows were put in the same transaction
    const ids = ['a/one.md#0', 'a/one.md#1', 'a/two.md#0'];
    const replacement = { embedderId: 'test/other', dim: 2, ids, vectors: new Float32Array(6) };
    await expect(store.replaceEmbeddings('a', replacement)).rejects.toBeInstanceOf(
      StorageFullError,
    );
    vi.restoreAllMocks();
    const after = await store.loadVectors('a');
    expect(after.dim).toBe(before.dim);
    expect(bytesOf(after.vectors)).toEqual(bytesOf(before.vectors));
    expect(await store.getCollection('a')).toMatchObject({ embedderId: 'test/embedder' });
  });

  it('turns a quota failure in a small write into StorageFullError', async () => {
    const store = await openWithCollection();
    failPutsInto('settings');
    await expect(store.putSetting('theme', 'dark')).rejects.toBeInstanceOf(StorageFullError);
    expect(await store.getSetting('theme')).toBeUndefined();
  });

  it('recognises a quota failure reported only on the aborted transaction', () => {
    const aborted = new DOMException('The transaction was aborted.', 'AbortError');
    expect(toStorageError(aborted, quotaExceeded())).toBeInstanceOf(StorageFullError);
    expect(toStorageError(aborted, null)).toBe(aborted);
    const other = new Error('other');
    expect(toStorageError(other)).toBe(other);
  });

  it('keeps its data when the database is opened again', async () => {
    const factory = new IDBFactory();
    const first = await openWithCollection(factory);
    const write = makeWrite('a', 'one.md', { chunkCount: 2 });
    await first.writeFiles([write]);
    await first.putSetting('theme', 'dark');
    first.close();
    const second = await IdbStore.open('archivist-test', { indexedDB: factory });
    expect(await second.getCollection('a')).toMatchObject({ fileCount: 1, chunkCount: 2 });
    expect(await second.listChunks('a')).toEqual(write.chunks);
    expect(bytesOf((await second.loadVectors('a')).vectors)).toEqual(bytesOf(write.vectors));
    expect(await second.getSetting('theme')).toBe('dark');
  });

  it('round-trips a folder handle and drops it with its collection', async () => {
    const store = await openWithCollection();
    const handle = { kind: 'directory', name: 'Notes' };
    expect(await store.getFolderHandle('a')).toBeUndefined();
    await store.putFolderHandle('a', handle);
    expect(await store.getFolderHandle('a')).toEqual(handle);
    await expect(store.putFolderHandle('missing', handle)).rejects.toThrow(
      expect.objectContaining({ name: 'CollectionNotFoundError' }),
    );
    await store.deleteCollection('a');
    expect(await store.getFolderHandle('a')).toBeUndefined();
  });

  it('upgrades a version 1 database, keeping its data, to keep originals', async () => {
    const factory = new IDBFactory();
    (await createVersionOneDatabase(factory)).close();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory });
    expect(await store.getCollection('a')).toEqual(makeCollection('a'));
    expect(await store.getOriginal('a/old.pdf')).toBeUndefined();
    await store.writeFiles([{ ...makeWrite('a', 'new.pdf'), original: new Uint8Array([1, 2, 3]) }]);
    expect(await store.getOriginal('a/new.pdf')).toEqual(new Uint8Array([1, 2, 3]));
    expect(await store.getCollection('a')).toMatchObject({ fileCount: 1, chunkCount: 2 });
  });

  it('upgrades a database from before version 7 to count each collection’s skipped and failed files', async () => {
    const factory = new IDBFactory();
    const files = [
      makeWrite('a', 'one.bin', { status: 'skipped' }).file,
      makeWrite('a', 'two.pdf', { status: 'failed' }).file,
      makeWrite('a', 'three.pdf', { status: 'failed' }).file,
      makeWrite('a', 'four.md').file,
    ];
    (await createVersionOneDatabase(factory, files)).close();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory });
    expect((await store.getCollection('a'))?.issueCounts).toEqual({ skipped: 1, failed: 2 });
    await store.deleteFiles('a', ['a/two.pdf']);
    expect((await store.getCollection('a'))?.issueCounts).toEqual({ skipped: 1, failed: 1 });
  });

  it('upgrades a database holding chunks; their first load builds the keyword index, once', async () => {
    const factory = new IDBFactory();
    const legacy = await createVersionOneDatabase(factory);
    const { file, chunks, vectors } = makeWrite('a', 'old.md', { chunkCount: 2 });
    await new Promise((resolve, reject) => {
      const transaction = legacy.transaction(
        ['collections', 'files', 'chunks', 'vectors'],
        'readwrite',
      );
      transaction
        .objectStore('collections')
        .put(makeCollection('a', { fileCount: 1, chunkCount: 2 }));
      transaction.objectStore('files').put(file);
      for (const chunk of chunks) transaction.objectStore('chunks').put(chunk);
      const ids = chunks.map((chunk) => chunk.id);
      const row = { fileId: file.id, collectionId: 'a', ids, dim: DIM, data: vectors.buffer };
      transaction.objectStore('vectors').put(row);
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
    });
    legacy.close();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory });
    expect(await store.loadKeywords('a')).toEqual({ chunkCount: 2, generation: 0, segments: [] });
    const search = new LibrarySearch(store, async () => fail('no embedder'), chooseVectorIndex);
    const { passages } = await search.search('text of old', { mode: 'bm25', k: 5 });
    expect(passages.map((passage) => passage.id).sort()).toEqual(['a/old.md#0', 'a/old.md#1']);
    expect(await store.loadKeywords('a')).toMatchObject({ generation: 1, segments: [] });
    expect(await store.listChunks('a')).toHaveLength(2);
  });

  it('upgrades chunks stored a row each into groups: every chunk read back, by id and in order', async () => {
    const factory = new IDBFactory();
    const legacy = await createVersionOneDatabase(factory);
    const long = makeWrite('a', 'long.md', { chunkCount: 40 });
    const hashed = makeWrite('a', 'long.md#draft', { chunkCount: 2, seed: 1 });
    await new Promise((resolve, reject) => {
      const transaction = legacy.transaction(['collections', 'files', 'chunks'], 'readwrite');
      transaction
        .objectStore('collections')
        .put(makeCollection('a', { fileCount: 2, chunkCount: 42 }));
      for (const { file, chunks } of [long, hashed]) {
        transaction.objectStore('files').put(file);
        for (const chunk of chunks) transaction.objectStore('chunks').put(chunk);
      }
      transaction.oncomplete = resolve;
      transaction.onerror = () => reject(transaction.error);
    });
    legacy.close();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory });
    expect(await store.listChunks('a')).toEqual([...long.chunks, ...hashed.chunks]);
    const ids = ['a/long.md#33', 'a/long.md#draft#1', 'a/long.md#40', 'a/long.md#0', 'nonsense'];
    expect(await store.getChunks(ids)).toEqual([
      long.chunks[33],
      hashed.chunks[1],
      undefined,
      long.chunks[0],
      undefined,
    ]);
    // Writing the file again replaces all of its groups and none of the other file's.
    await store.writeFiles([makeWrite('a', 'long.md', { chunkCount: 1, seed: 2 })]);
    expect((await store.listChunks('a')).map((chunk) => chunk.id)).toEqual([
      'a/long.md#0',
      'a/long.md#draft#0',
      'a/long.md#draft#1',
    ]);
    expect(await store.getCollection('a')).toMatchObject({ fileCount: 2, chunkCount: 3 });
  });

  it('upgrades a keyword base stored before version 5: its generation read without its bytes', async () => {
    const factory = new IDBFactory();
    (await createVersionOneDatabase(factory)).close();
    const request = factory.open('archivist-test', 3);
    request.onupgradeneeded = () => {
      const database = request.result;
      database.createObjectStore('originals', { keyPath: 'fileId' });
      const segments = database.createObjectStore('keywordSegments', {
        keyPath: 'sequence',
        autoIncrement: true,
      });
      segments.createIndex('collectionId', 'collectionId');
      segments.createIndex('fileId', 'fileId');
      const bases = database.createObjectStore('keywordBases', { keyPath: 'collectionId' });
      bases.put({ collectionId: 'a', generation: 4, bytes: new Uint8Array([7, 8]).buffer });
    };
    await new Promise((resolve, reject) => {
      request.onsuccess = resolve;
      request.onerror = () => reject(request.error);
    });
    request.result.close();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory });
    expect(await store.loadKeywordState('a')).toEqual({
      chunkCount: 0,
      generation: 4,
      sequences: [],
    });
    expect((await store.loadKeywords('a')).base).toEqual(new Uint8Array([7, 8]));
    const base = new Uint8Array([9]);
    expect(await store.replaceKeywordBase('a', { base: [base], generation: 3, merged: [] })).toBe(
      false,
    );
    expect(await store.replaceKeywordBase('a', { base: [base], generation: 4, merged: [] })).toBe(
      true,
    );
    expect(await store.loadKeywordState('a')).toMatchObject({ generation: 5 });
  });

  it('lets go of the database when another tab upgrades it', async () => {
    const factory = new IDBFactory();
    const onClosed = vi.fn();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory, onClosed });
    const upgrade = factory.open('archivist-test', DATABASE_VERSION + 1);
    await new Promise((resolve, reject) => {
      upgrade.onsuccess = resolve;
      upgrade.onerror = reject;
    });
    upgrade.result.close();
    expect(onClosed).toHaveBeenCalledWith('versionchange');
    await expect(store.listCollections()).rejects.toThrow(
      expect.objectContaining({ name: 'DatabaseClosedError' }),
    );
  });

  it('upgrades at once when the older tab lets go on versionchange, its data intact', async () => {
    const factory = new IDBFactory();
    const older = await createVersionOneDatabase(factory);
    older.onversionchange = () => older.close();
    const onBlocked = vi.fn();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory, onBlocked });
    expect(onBlocked).not.toHaveBeenCalled();
    expect(await store.getCollection('a')).toEqual(makeCollection('a'));
  });

  it('says that an older tab blocks the upgrade, and upgrades once it closes', async () => {
    const factory = new IDBFactory();
    const older = await createVersionOneDatabase(factory); // ignores versionchange
    const onBlocked = vi.fn();
    const opening = IdbStore.open('archivist-test', { indexedDB: factory, onBlocked });
    await vi.waitFor(() => expect(onBlocked).toHaveBeenCalledOnce());
    older.close();
    const store = await opening;
    expect(await store.getCollection('a')).toEqual(makeCollection('a'));
    await store.writeFiles([makeWrite('a', 'one.md')]);
    expect(await store.getCollection('a')).toMatchObject({ fileCount: 1, chunkCount: 2 });
  });

  it('lets go of the database when another tab deletes it, and says so', async () => {
    const factory = new IDBFactory();
    const onClosed = vi.fn();
    const store = await IdbStore.open('archivist-test', { indexedDB: factory, onClosed });
    const deletion = factory.deleteDatabase('archivist-test');
    await new Promise((resolve, reject) => {
      deletion.onsuccess = resolve;
      deletion.onerror = reject;
    });
    expect(onClosed).toHaveBeenCalledWith('deleted');
    await expect(store.listCollections()).rejects.toThrow(
      expect.objectContaining({
        name: 'DatabaseClosedError',
        message: expect.stringContaining('deleted in another tab'),
      }),
    );
  });
});

/** The database as version 1 of the app created it, holding collection `a`, still open. */
/**
 * A version 1 database holding collection `a` (as a collection was stored then: no issue counts),
 * and `files` put in its files store.
 */
async function createVersionOneDatabase(
  factory: IDBFactory,
  files: readonly FileRecord[] = [],
): Promise<IDBDatabase> {
  const request = factory.open('archivist-test', 1);
  request.onupgradeneeded = () => {
    const database = request.result;
    database.createObjectStore('collections', { keyPath: 'id' });
    database
      .createObjectStore('files', { keyPath: 'id' })
      .createIndex('collectionId', 'collectionId');
    const chunks = database.createObjectStore('chunks', { keyPath: 'id' });
    chunks.createIndex('collectionId', 'collectionId');
    chunks.createIndex('fileId', 'fileId');
    database
      .createObjectStore('vectors', { keyPath: 'fileId' })
      .createIndex('collectionId', 'collectionId');
    database.createObjectStore('centroids', { keyPath: 'collectionId' });
    database.createObjectStore('settings');
    database.createObjectStore('folderHandles');
    database.createObjectStore('conversations', { keyPath: 'id' });
    const collection: Partial<Collection> = makeCollection('a');
    delete collection.issueCounts;
    request.transaction?.objectStore('collections').put(collection);
    for (const file of files) request.transaction?.objectStore('files').put(file);
  };
  return new Promise<IDBDatabase>((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}
