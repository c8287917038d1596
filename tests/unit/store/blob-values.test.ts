import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { wrap, type IDBPDatabase } from 'idb';
import { describe, expect, it } from 'vitest';
import { rangeReads, readStoredBytes } from '../../../src/adapters/store/blob-values.ts';
import { IdbStore } from '../../../src/adapters/store/idb-store.ts';
import { LostBlob, makeStoredCodes } from '../../support/stored-codes.ts';
import { makeCollection } from '../../contracts/store-fixtures.ts';

const NAME = 'archivist-blobs';

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
    await store.putVectorCodes(makeStoredCodes(true));
    const base = [Uint8Array.of(1, 2, 3), Uint8Array.of(4, 5)];
    expect(await store.replaceKeywordBase('a', { base, generation: 0, merged: [] })).toBe(true);
    expect((await rawRow(factory, 'vectorCodes', 'a')) as object).toMatchObject({
      bytes: expect.any(Blob),
      floatCount: 9,
    });
    expect((await rawRow(factory, 'keywordBases', 'a')) as object).toMatchObject({
      bytes: expect.any(Blob),
    });
    expect(await store.getVectorCodes('a')).toEqual(makeStoredCodes(true));
    expect((await store.loadKeywords('a')).base).toEqual(Uint8Array.of(1, 2, 3, 4, 5));
    store.close();
  });

  it('reads the records stored before, their numbers held in the record', async () => {
    const factory = new IDBFactory();
    const store = await IdbStore.open(NAME, { indexedDB: factory });
    await store.putCollection(makeCollection('a'));
    await putRaw(factory, 'vectorCodes', makeStoredCodes(false));
    const bytes = Uint8Array.of(9, 8, 7).buffer;
    await putRaw(factory, 'keywordBases', { collectionId: 'a', generation: 1, bytes });
    expect(await store.getVectorCodes('a')).toEqual(makeStoredCodes(false));
    expect(await store.loadKeywords('a')).toMatchObject({
      base: Uint8Array.of(9, 8, 7),
      generation: 1,
    });
    store.close();
  });

  it('reads a Blob by range without the rest, and bytes in memory as copies, held for views', async () => {
    const bytes = Uint8Array.from({ length: 20 }, (_, at) => at);
    for (const stored of [new Blob([bytes]), bytes.slice().buffer, bytes.slice()]) {
      const reads = rangeReads(stored);
      expect(reads.size).toBe(20);
      expect(reads.held).toEqual(stored instanceof Blob ? undefined : bytes);
      const middle = (await reads.read(3, 9))!;
      expect(middle).toEqual(bytes.slice(3, 9));
      middle.fill(0);
      expect(await reads.read(0, 20)).toEqual(bytes);
    }
    expect(await readStoredBytes(new LostBlob([Uint8Array.of(1)]))).toBeUndefined();
  });
});
