import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/core/ports/store.ts';
import { bytesOf, DIM, makeCentroids, makeCollection, makeWrite } from './store-fixtures.ts';

/** Width of the vectors of the "other model" in the replacement tests. */
const NEW_DIM = 6;

/** `count` rows of `dim` floats, each float distinct. */
function distinctVectors(count: number, dim: number): Float32Array {
  return Float32Array.from({ length: count * dim }, (_, index) => Math.fround(index / 7 - 1));
}

/** `Store.replaceEmbeddings`, which every adapter shares; `createStore` gives an empty store. */
export function describeEmbeddingReplacementContract(
  name: string,
  createStore: () => Promise<Store>,
): void {
  describe(`Store contract, embedding replacement: ${name}`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await createStore();
      await store.putCollection(makeCollection('a'));
      await store.putCollection(makeCollection('b'));
    });

    it('replaces every vector of a collection with another model’s, clearing its centroids', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]);
      await store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 3 })]);
      await store.writeFiles([makeWrite('a', 'three.md', { status: 'skipped' })]);
      const untouched = makeWrite('b', 'one.md', { chunkCount: 1 });
      await store.writeFiles([untouched]);
      await store.putCentroids(makeCentroids('a'));
      await store.putCentroids(makeCentroids('b'));
      const ids = ['a/two.md#2', 'a/one.md#0', 'a/two.md#0', 'a/one.md#1', 'a/two.md#1'];
      const vectors = distinctVectors(ids.length, NEW_DIM);
      await store.replaceEmbeddings('a', { embedderId: 'test/other', dim: NEW_DIM, ids, vectors });

      const loaded = await store.loadVectors('a');
      expect(loaded.dim).toBe(NEW_DIM);
      expect(loaded.ids).toEqual([
        'a/one.md#0',
        'a/one.md#1',
        'a/two.md#0',
        'a/two.md#1',
        'a/two.md#2',
      ]);
      loaded.ids.forEach((id, row) => {
        const given = ids.indexOf(id);
        expect(bytesOf(loaded.vectors.subarray(row * NEW_DIM, (row + 1) * NEW_DIM))).toEqual(
          bytesOf(vectors.subarray(given * NEW_DIM, (given + 1) * NEW_DIM)),
        );
      });
      const [byId] = await store.getVectors(['a/two.md#2']);
      expect(bytesOf(byId!)).toEqual(bytesOf(vectors.subarray(0, NEW_DIM)));
      expect(await store.getCollection('a')).toMatchObject({
        embedderId: 'test/other',
        dim: NEW_DIM,
        fileCount: 2,
        chunkCount: 5,
      });
      expect(await store.getCentroids('a')).toBeUndefined();
      expect(await store.getCentroids('b')).toEqual(makeCentroids('b'));
      expect(bytesOf((await store.loadVectors('b')).vectors)).toEqual(bytesOf(untouched.vectors));
      expect(await store.getCollection('b')).toMatchObject({
        embedderId: 'test/embedder',
        dim: DIM,
      });
    });

    it('takes writes of the new dimension only after a replacement', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 1 })]);
      await store.replaceEmbeddings('a', {
        embedderId: 'test/other',
        dim: NEW_DIM,
        ids: ['a/one.md#0'],
        vectors: distinctVectors(1, NEW_DIM),
      });
      await expect(store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 1 })])).rejects.toThrow(
        expect.objectContaining({ name: 'DimensionMismatchError' }),
      );
      const two = makeWrite('a', 'two.md', { chunkCount: 1 });
      await store.writeFiles([{ ...two, vectors: distinctVectors(1, NEW_DIM) }]);
      expect((await store.loadVectors('a')).vectors.length).toBe(2 * NEW_DIM);
      await store.replaceEmbeddings('b', {
        embedderId: 'test/other',
        dim: NEW_DIM,
        ids: [],
        vectors: new Float32Array(0),
      });
      expect(await store.getCollection('b')).toMatchObject({
        embedderId: 'test/other',
        dim: NEW_DIM,
      });
    });

    it('refuses a replacement that does not cover exactly the collection’s chunks, changing nothing', async () => {
      const one = makeWrite('a', 'one.md', { chunkCount: 2 });
      await store.writeFiles([one]);
      await store.writeFiles([makeWrite('b', 'one.md', { chunkCount: 1 })]);
      await store.putCentroids(makeCentroids('a'));
      const replace = (ids: string[], vectors = distinctVectors(ids.length, NEW_DIM)) =>
        store.replaceEmbeddings('a', { embedderId: 'test/other', dim: NEW_DIM, ids, vectors });
      await expect(replace(['a/one.md#0'])).rejects.toThrow();
      await expect(replace(['a/one.md#0', 'a/one.md#1', 'b/one.md#0'])).rejects.toThrow();
      await expect(replace(['a/one.md#0', 'a/one.md#0'])).rejects.toThrow();
      await expect(
        replace(['a/one.md#0', 'a/one.md#1'], distinctVectors(2, NEW_DIM).subarray(1)),
      ).rejects.toThrow(expect.objectContaining({ name: 'DimensionMismatchError' }));
      await expect(
        store.replaceEmbeddings('missing', {
          embedderId: 'test/other',
          dim: NEW_DIM,
          ids: [],
          vectors: new Float32Array(0),
        }),
      ).rejects.toThrow(expect.objectContaining({ name: 'CollectionNotFoundError' }));
      expect(await store.getCollection('a')).toMatchObject({
        embedderId: 'test/embedder',
        dim: DIM,
      });
      const loaded = await store.loadVectors('a');
      expect(loaded.dim).toBe(DIM);
      expect(bytesOf(loaded.vectors)).toEqual(bytesOf(one.vectors));
      expect(await store.getCentroids('a')).toEqual(makeCentroids('a'));
    });
  });
}
