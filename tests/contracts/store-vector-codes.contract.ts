import { beforeEach, describe, expect, it } from 'vitest';
import type { Store, StoredVectorCodes } from '../../src/core/ports/store.ts';
import { DIM, makeCollection, makeWrite } from './store-fixtures.ts';

/** Codes of two rows, as an index of `DIM` dimensions might give them. */
function makeCodes(collectionId: string, generation = 3): StoredVectorCodes {
  return {
    collectionId,
    dim: DIM,
    generation,
    chunkCount: 2,
    format: 'test-codes-1',
    ids: [`${collectionId}/one.md#0`, `${collectionId}/one.md#1`],
    rowBytes: 4,
    codes: Int8Array.from([1, -2, 3, -127, 127, 0, -1, 5]),
    scales: Float32Array.from([0.5, 0.125]),
  };
}

/** `Store.putVectorCodes` and `getVectorCodes`, which every adapter shares. */
export function describeVectorCodesContract(name: string, createStore: () => Promise<Store>): void {
  describe(`Store contract, vector codes: ${name}`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await createStore();
      await store.putCollection(makeCollection('a'));
      await store.putCollection(makeCollection('b'));
    });

    it('keeps the codes of views into a larger buffer, as an index gives them', async () => {
      const memory = new ArrayBuffer(4096);
      const given = makeCodes('a');
      const codes = new Int8Array(memory, 64, given.codes.length);
      codes.set(given.codes);
      const scales = new Float32Array(memory, 1024, given.scales.length);
      scales.set(given.scales);
      await store.putVectorCodes({ ...given, codes, scales });
      const stored = await store.getVectorCodes('a');
      expect(stored).toEqual(makeCodes('a'));
    });

    it('keeps the float32 rows given with the codes, from views as an index gives them', async () => {
      const memory = new ArrayBuffer(4096);
      const given = {
        ...makeCodes('a'),
        floats: Float32Array.from({ length: 2 * DIM }, (_, i) => i / 8),
      };
      const floats = new Float32Array(memory, 36, given.floats.length);
      floats.set(given.floats);
      const codes = new Int8Array(memory, 1001, given.codes.length);
      codes.set(given.codes);
      await store.putVectorCodes({ ...given, floats, codes });
      floats.fill(0);
      const stored = await store.getVectorCodes('a');
      expect(stored).toEqual(given);
      expect(stored?.floats).toBeInstanceOf(Float32Array);
      await store.putVectorCodes(makeCodes('a', 4));
      expect(await store.getVectorCodes('a')).toEqual(makeCodes('a', 4));
    });

    it('round-trips codes as copies, and refuses them for a missing collection', async () => {
      expect(await store.getVectorCodes('a')).toBeUndefined();
      const codes = makeCodes('a');
      await store.putVectorCodes(codes);
      codes.codes[0] = 99;
      const stored = await store.getVectorCodes('a');
      expect(stored).toEqual(makeCodes('a'));
      expect(stored?.codes).toBeInstanceOf(Int8Array);
      expect(stored?.scales).toBeInstanceOf(Float32Array);
      stored!.scales[0] = 7;
      await store.putVectorCodes(makeCodes('a', 4));
      expect(await store.getVectorCodes('a')).toEqual(makeCodes('a', 4));
      await expect(store.putVectorCodes(makeCodes('missing'))).rejects.toThrow(
        expect.objectContaining({ name: 'CollectionNotFoundError' }),
      );
    });

    it('drops a collection’s codes with the collection, and with its vectors’ replacement', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]);
      await store.writeFiles([makeWrite('b', 'one.md', { chunkCount: 2 })]);
      await store.putVectorCodes(makeCodes('a'));
      await store.putVectorCodes(makeCodes('b'));
      const ids = ['a/one.md#0', 'a/one.md#1'];
      const vectors = new Float32Array(ids.length * 3).fill(0.5);
      await store.replaceEmbeddings('a', { embedderId: 'test/other', dim: 3, ids, vectors });
      expect(await store.getVectorCodes('a')).toBeUndefined();
      expect(await store.getVectorCodes('b')).toEqual(makeCodes('b'));
      await store.deleteCollection('b');
      expect(await store.getVectorCodes('b')).toBeUndefined();
      await store.putCollection(makeCollection('b'));
      expect(await store.getVectorCodes('b')).toBeUndefined();
    });
  });
}
