import { beforeEach, describe, expect, it } from 'vitest';
import type { Store } from '../../src/core/ports/store.ts';
import { decodeSegment } from '../../src/core/retrieval/keyword-segment-format.ts';
import { bytesOf, countsOf, DIM, makeWrite, storeWithCollections } from './store-fixtures.ts';

/** Several files in one `writeFiles`: stored together, or refused together. */
export function describeBatchWritesContract(name: string, createStore: () => Promise<Store>): void {
  describe(`Store contract, several files in one write: ${name}`, () => {
    let store: Store;
    beforeEach(async () => (store = await storeWithCollections(createStore, 'a', 'b')));
    const counts = (id: string) => countsOf(store, id);

    it('stores every file of the write, replacing earlier versions, with the counts of all', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 4 })]);
      const one = makeWrite('a', 'one.md', { chunkCount: 2, seed: 1 });
      const two = makeWrite('a', 'two.md', { chunkCount: 3 });
      const skipped = makeWrite('a', 'image.png', { status: 'skipped' });
      const other = makeWrite('b', 'one.md', { chunkCount: 1 });
      await store.writeFiles([one, two, skipped, other]);
      expect(await store.listFiles('a')).toEqual([skipped.file, one.file, two.file]);
      expect(await store.listChunks('a')).toEqual([...one.chunks, ...two.chunks]);
      const loaded = await store.loadVectors('a');
      expect(loaded.ids).toEqual([...one.chunks, ...two.chunks].map((chunk) => chunk.id));
      expect(bytesOf(loaded.vectors.subarray(0, 2 * DIM))).toEqual(bytesOf(one.vectors));
      expect(await counts('a')).toEqual({ files: 2, chunks: 5 });
      expect(await counts('b')).toEqual({ files: 1, chunks: 1 });
      const segments = (await store.loadKeywords('a')).segments.map((segment) => ({
        fileId: segment.fileId,
        ids: decodeSegment(segment.bytes).ids,
      }));
      expect(segments).toEqual([
        { fileId: 'a/one.md', ids: ['a/one.md#0', 'a/one.md#1'] },
        { fileId: 'a/two.md', ids: ['a/two.md#0', 'a/two.md#1', 'a/two.md#2'] },
        { fileId: 'a/image.png', ids: [] },
      ]);
    });

    it('refuses the whole write when one file of it is refused, changing nothing', async () => {
      const earlier = makeWrite('a', 'one.md', { chunkCount: 2 });
      await store.writeFiles([earlier]);
      const good = makeWrite('a', 'two.md', { chunkCount: 1 });
      const replacement = makeWrite('a', 'one.md', { chunkCount: 3, seed: 1 });
      const short = makeWrite('a', 'three.md', { chunkCount: 2 });
      const broken = { ...short, vectors: short.vectors.subarray(1) };
      await expect(store.writeFiles([good, replacement, broken])).rejects.toThrow(
        expect.objectContaining({ name: 'DimensionMismatchError' }),
      );
      await expect(store.writeFiles([good, makeWrite('missing', 'x.md')])).rejects.toThrow(
        expect.objectContaining({ name: 'CollectionNotFoundError' }),
      );
      expect(await store.listFiles('a')).toEqual([earlier.file]);
      expect(await store.listChunks('a')).toEqual(earlier.chunks);
      expect((await store.loadKeywords('a')).segments).toHaveLength(1);
      expect(await counts('a')).toEqual({ files: 1, chunks: 2 });
    });

    it('refuses a file that comes twice in one write', async () => {
      const first = makeWrite('a', 'one.md', { chunkCount: 1 });
      const again = makeWrite('a', 'one.md', { chunkCount: 2, seed: 1 });
      await expect(store.writeFiles([first, again])).rejects.toThrow(/comes twice/);
      expect(await store.listFiles('a')).toEqual([]);
      expect(await counts('a')).toEqual({ files: 0, chunks: 0 });
    });

    it('takes an empty write as nothing to do', async () => {
      await store.writeFiles([]);
      expect(await counts('a')).toEqual({ files: 0, chunks: 0 });
    });
  });
}
