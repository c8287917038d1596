import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { wrap, type IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { rangeReads, readStoredBytes } from '../../../src/adapters/store/blob-values.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import type { StoredVectorCodes } from '../../../src/core/ports/store.ts';
import { makeCollection } from '../../contracts/store-fixtures.ts';

const NAME = 'archivist-blobs';

function makeCodes(withFloats: boolean): StoredVectorCodes {
  return {
    collectionId: 'a',
    dim: 3,
    generation: 2,
    chunkCount: 2,
    format: 'test-codes-1',
    ids: ['a/one.md#0', 'a/one.md#1'],
    rowBytes: 5,
    codes: Int8Array.from([1, 2, 3, 4, 5, -1, -2, -3, -4, -5]),
    scales: Float32Array.from([0.25, 0.5]),
    ...(withFloats ? { floats: Float32Array.from([1, 2, 3, 4, 5, 6]) } : {}),
  };
}

/** A Blob whose file the browser no longer has. */
class LostBlob extends Blob {
  override arrayBuffer(): Promise<ArrayBuffer> {
    return Promise.reject(new DOMException('The file could not be read.', 'NotReadableError'));
  }
}

/** Runs `use` on a second connection to the store's database, beside the store's own. */
async function withRawDatabase<T>(
  factory: IDBFactory,
  use: (database: IDBPDatabase) => Promise<T>,
): Promise<T> {
  const database = (await wrap(factory.open(NAME))) as IDBPDatabase;
  try {
    return await use(database);
  } finally {
    database.close();
  }
}

function rawRow(factory: IDBFactory, name: string, key: string): Promise<unknown> {
  return withRawDatabase(factory, (database) => database.get(name, key));
}

async function putRaw(factory: IDBFactory, name: string, value: unknown): Promise<void> {
  await withRawDatabase(factory, (database) => database.put(name, value));
}

describe('blob values in IndexedDB', () => {
  it('stores a collection’s vector codes and keyword base as Blobs and reads them back', async () => {
    const factory = new IDBFactory();
    const store = await IdbStore.open(NAME, { indexedDB: factory });
    await store.putCollection(makeCollection('a'));
    await store.putVectorCodes(makeCodes(true));
    const base = [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5)];
    expect(await store.replaceKeywordBase('a', { base, generation: 0, merged: [] })).toBe(true);
    expect((await rawRow(factory, 'vectorCodes', 'a')) as object).toMatchObject({
      bytes: expect.any(Blob),
      floatCount: 6,
    });
    expect((await rawRow(factory, 'keywordBases', 'a')) as object).toMatchObject({
      bytes: expect.any(Blob),
    });
    expect(await store.getVectorCodes('a')).toEqual(makeCodes(true));
    expect((await store.loadKeywords('a')).base).toEqual(Uint8Array.of(1, 2, 3, 4, 5));
    store.close();
  });

  it('reads the records stored before, their numbers held in the record', async () => {
    const factory = new IDBFactory();
    const store = await IdbStore.open(NAME, { indexedDB: factory });
    await store.putCollection(makeCollection('a'));
    await putRaw(factory, 'vectorCodes', makeCodes(false));
    const bytes = Uint8Array.of(9, 8, 7).buffer;
    await putRaw(factory, 'keywordBases', { collectionId: 'a', generation: 1, bytes });
    expect(await store.getVectorCodes('a')).toEqual(makeCodes(false));
    expect(await store.loadKeywords('a')).toMatchObject({
      base: Uint8Array.of(9, 8, 7),
      generation: 1,
    });
    store.close();
  });

  it('reads a Blob by range without the rest, and bytes in memory as copies', async () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, at) => at);
    for (const stored of [new Blob([bytes]), bytes.slice().buffer, bytes.slice()]) {
      const reads = rangeReads(stored);
      expect(reads.size).toBe(20);
      const middle = (await reads.read(3, 9))!;
      expect(middle).toEqual(bytes.slice(3, 9));
      middle.fill(0);
      expect(await reads.read(0, 20)).toEqual(bytes);
    }
    expect(await readStoredBytes(new LostBlob([Uint8Array.of(1)]))).toBeUndefined();
  });
});
