import { describe, expect, it, vi } from 'vitest';
import { MemoryStore } from '../../../src/adapters/store/memory-store.ts';
import { FlatIndex } from '../../../src/adapters/vector/flat-index.ts';
import type { StoredVectorCodes } from '../../../src/core/ports/store.ts';
import { openKeywordIndex } from '../../../src/core/retrieval/stored-keyword-index.ts';
import {
  loadCollectionVectors,
  storeVectorCodes,
} from '../../../src/core/retrieval/stored-vector-codes.ts';
import { DIM, makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';

const noPause = async () => undefined;

/** A store holding collection `a` of three files (6 chunks), its keyword index merged. */
async function storeOfThreeFiles(): Promise<MemoryStore> {
  const store = new MemoryStore();
  await store.putCollection(makeCollection('a'));
  for (const path of ['one.md', 'two.md', 'three.md']) {
    await store.writeFiles([makeWrite('a', path, { chunkCount: 2, seed: path.length })]);
  }
  await openKeywordIndex(store, 'a', noPause);
  return store;
}

function codesOnly(store: MemoryStore, expectedRows = 6): FlatIndex {
  return new FlatIndex(DIM, {
    floatBudgetBytes: 0,
    storedRows: (ids) => store.getVectors(ids),
    expectedRows,
  });
}

/** Resolves the codes the store is next given. */
function nextPut(store: MemoryStore): Promise<StoredVectorCodes> {
  return new Promise((resolve) => {
    const put = store.putVectorCodes.bind(store);
    vi.spyOn(store, 'putVectorCodes').mockImplementation(async (codes) => {
      await put(codes);
      resolve(codes);
    });
  });
}

describe('stored vector codes', () => {
  it('a load without codes reads the rows, then stores the codes for the next load', async () => {
    const store = await storeOfThreeFiles();
    const collection = (await store.getCollection('a'))!;
    const put = nextPut(store);
    const first = codesOnly(store);
    const ids = await loadCollectionVectors(store, collection, first);
    expect(ids.flat()).toHaveLength(6);
    const codes = await put;
    expect(codes).toMatchObject({
      collectionId: 'a',
      dim: DIM,
      chunkCount: 6,
      generation: (await store.loadKeywordState('a')).generation,
    });
    const rowReads = vi.spyOn(store, 'loadVectorBatches');
    const second = codesOnly(store);
    expect(await loadCollectionVectors(store, collection, second)).toEqual([codes.ids]);
    expect(rowReads).not.toHaveBeenCalled();
    const query = (await store.getVectors(['a/two.md#1']))[0]!;
    expect(await second.search(query, 3)).toEqual(await first.search(query, 3));
  });

  it('a write since the codes were taken makes a load read the rows', async () => {
    const store = await storeOfThreeFiles();
    const index = codesOnly(store);
    await loadCollectionVectors(store, (await store.getCollection('a'))!, index);
    await storeVectorCodes(store, 'a', DIM, index);
    await store.deleteFiles('a', ['a/three.md']);
    const rowReads = vi.spyOn(store, 'loadVectorBatches');
    const reloaded = codesOnly(store, 4);
    const ids = await loadCollectionVectors(store, (await store.getCollection('a'))!, reloaded);
    expect(rowReads).toHaveBeenCalledTimes(1);
    expect(ids.flat()).toEqual(['a/one.md#0', 'a/one.md#1', 'a/two.md#0', 'a/two.md#1']);
    expect(reloaded.size).toBe(4);
  });

  it('an index that keeps its floats stores them with its codes, and a reload reads no row', async () => {
    const store = await storeOfThreeFiles();
    const collection = (await store.getCollection('a'))!;
    const inMemory = () => new FlatIndex(DIM, { storedRows: (ids) => store.getVectors(ids) });
    const first = inMemory();
    await loadCollectionVectors(store, collection, first);
    await storeVectorCodes(store, 'a', DIM, first);
    expect((await store.getVectorCodes('a'))!.floats).toHaveLength(6 * DIM);
    const rowReads = vi.spyOn(store, 'loadVectorBatches');
    const second = inMemory();
    expect(await loadCollectionVectors(store, collection, second)).toHaveLength(1);
    expect([rowReads.mock.calls.length, second.keepsFloats]).toEqual([0, true]);
    const query = (await store.getVectors(['a/three.md#1']))[0]!;
    expect(await second.search(query, 6)).toEqual(await first.search(query, 6));
  });

  it('a sync’s end stores no codes after a newer write', async () => {
    const store = await storeOfThreeFiles();
    const index = codesOnly(store);
    await store.loadVectorBatches('a', (batch) => index.add(batch.ids, batch.vectors));
    await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2, seed: 9 })]);
    await storeVectorCodes(store, 'a', DIM, index);
    expect(await store.getVectorCodes('a')).toBeUndefined();
  });
});
