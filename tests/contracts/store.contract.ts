import { beforeEach, describe, expect, it } from 'vitest';
import { VECTOR_BATCH_FILES } from '../../src/adapters/store/vector-rows.ts';
import type { Store } from '../../src/core/ports/store.ts';
import {
  bytesOf,
  DIM,
  makeCentroids,
  makeCollection,
  makeWrite,
  vectorOf,
} from './store-fixtures.ts';

/** The behaviour every `Store` adapter shares; `createStore` gives an empty store each time. */
export function describeStoreContract(name: string, createStore: () => Promise<Store>): void {
  describe(`Store contract: ${name}`, () => {
    let store: Store;

    beforeEach(async () => {
      store = await createStore();
      await store.putCollection(makeCollection('a'));
      await store.putCollection(makeCollection('b'));
    });

    const counts = async (id: string) => {
      const collection = await store.getCollection(id);
      return { files: collection?.fileCount, chunks: collection?.chunkCount };
    };

    it('creates, lists in id order, reads and deletes collections', async () => {
      await store.putCollection(makeCollection('0', { name: 'First' }));
      expect((await store.listCollections()).map((collection) => collection.id)).toEqual([
        '0',
        'a',
        'b',
      ]);
      expect(await store.getCollection('0')).toEqual(makeCollection('0', { name: 'First' }));
      expect(await store.getCollection('missing')).toBeUndefined();
      await store.deleteCollection('0');
      expect(await store.getCollection('0')).toBeUndefined();
      await store.deleteCollection('missing');
    });

    it('keeps its own file and chunk counts when a collection is put again', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 3 })]);
      await store.putCollection(
        makeCollection('a', { name: 'Renamed', fileCount: 0, chunkCount: 0 }),
      );
      expect(await store.getCollection('a')).toMatchObject({
        name: 'Renamed',
        fileCount: 1,
        chunkCount: 3,
      });
      await store.putCollection(makeCollection('c', { fileCount: 9, chunkCount: 99 }));
      expect(await counts('c')).toEqual({ files: 0, chunks: 0 });
    });

    it('counts the skipped and failed files through writes, rewrites and deletes', async () => {
      const issues = async () => (await store.getCollection('a'))?.issueCounts;
      await store.writeFiles([
        makeWrite('a', 'one.bin', { status: 'skipped' }),
        makeWrite('a', 'two.bin', { status: 'skipped' }),
        makeWrite('a', 'three.pdf', { status: 'failed' }),
        makeWrite('a', 'four.md'),
        makeWrite('b', 'five.bin', { status: 'failed' }),
      ]);
      expect(await issues()).toEqual({ skipped: 2, failed: 1 });
      await store.writeFiles([
        makeWrite('a', 'one.bin'), // indexed now
        makeWrite('a', 'four.md', { status: 'failed' }),
      ]);
      expect(await issues()).toEqual({ skipped: 1, failed: 2 });
      await store.deleteFiles('a', ['a/two.bin', 'a/three.pdf', 'a/missing.md']);
      expect(await issues()).toEqual({ skipped: 0, failed: 1 });
      expect(await counts('a')).toEqual({ files: 1, chunks: 2 });
      expect((await store.getCollection('b'))?.issueCounts).toEqual({ skipped: 0, failed: 1 });
      await store.putCollection(makeCollection('a', { issueCounts: { skipped: 7, failed: 7 } }));
      expect(await issues()).toEqual({ skipped: 0, failed: 1 });
    });

    it('round-trips a written file through every read', async () => {
      const write = makeWrite('a', 'notes/one.md', { chunkCount: 3 });
      await store.writeFiles([write]);
      expect(await store.listFiles('a')).toEqual([write.file]);
      expect(await store.listFiles('b')).toEqual([]);
      // A collection whose id extends another's keeps its own files, and the other its own.
      await store.putCollection(makeCollection('a/m'));
      const nested = makeWrite('a/m', 'one.md');
      await store.writeFiles([nested]);
      expect(await store.listFiles('a')).toEqual([write.file]);
      expect(await store.listFiles('a/m')).toEqual([nested.file]);
      expect(await store.listChunks('a')).toEqual(write.chunks);
      const [first, , third] = write.chunks.map((chunk) => chunk.id);
      expect(await store.getChunks([third!, 'a/none#0', first!, third!])).toEqual([
        write.chunks[2],
        undefined,
        write.chunks[0],
        write.chunks[2],
      ]);
      const loaded = await store.loadVectors('a');
      expect(loaded.dim).toBe(DIM);
      expect(loaded.ids).toEqual(write.chunks.map((chunk) => chunk.id));
      expect(bytesOf(loaded.vectors)).toEqual(bytesOf(write.vectors));
      expect(await counts('a')).toEqual({ files: 1, chunks: 3 });
    });

    it('hands over a collection’s vectors in batches of files, as one load has them', async () => {
      await store.putCollection(makeCollection('a/m'));
      const writes = Array.from({ length: VECTOR_BATCH_FILES + 20 }, (_, file) =>
        makeWrite('a', `f${String(file).padStart(5, '0')}.md`, { chunkCount: 1 + (file % 3) }),
      );
      await store.writeFiles(writes);
      await store.writeFiles([makeWrite('a/m', 'between.md'), makeWrite('b', 'other.md')]);
      const batches: { ids: string[]; vectors: number[] }[] = [];
      await store.loadVectorBatches('a', (batch) => {
        expect(batch.dim).toBe(DIM);
        batches.push({ ids: [...batch.ids], vectors: bytesOf(batch.vectors) });
      });
      expect(batches).toHaveLength(2);
      const whole = await store.loadVectors('a');
      expect(batches.flatMap((batch) => batch.ids)).toEqual(whole.ids);
      expect(batches.flatMap((batch) => batch.vectors)).toEqual(bytesOf(whole.vectors));
      const none: unknown[] = [];
      await store.loadVectorBatches('missing', (batch) => none.push(batch));
      expect(none).toEqual([]);
    });

    it('reads the stored vectors of chunks by id, following rewrites and deletes', async () => {
      const first = makeWrite('a', 'one.md', { chunkCount: 3 });
      const other = makeWrite('b', 'two.md', { chunkCount: 1 });
      await store.writeFiles([first, other]);
      const [one, , three] = first.chunks.map((chunk) => chunk.id);
      const read = await store.getVectors([
        three!,
        'a/none.md#0',
        other.chunks[0]!.id,
        one!,
        three!,
      ]);
      expect(read.map((vector) => vector && bytesOf(vector))).toEqual([
        bytesOf(vectorOf(first, three!)),
        undefined,
        bytesOf(vectorOf(other, other.chunks[0]!.id)),
        bytesOf(vectorOf(first, one!)),
        bytesOf(vectorOf(first, three!)),
      ]);
      expect(await store.getVectors([])).toEqual([]);
      const rewritten = makeWrite('a', 'one.md', { chunkCount: 1, seed: 9 });
      await store.writeFiles([rewritten]);
      const [kept, gone] = await store.getVectors([one!, three!]);
      expect(bytesOf(kept!)).toEqual(bytesOf(vectorOf(rewritten, one!)));
      expect(gone).toBeUndefined();
      await store.deleteFiles('a', ['a/one.md']);
      expect(await store.getVectors([one!])).toEqual([undefined]);
    });

    it('refuses a write into a missing collection', async () => {
      await expect(store.writeFiles([makeWrite('missing', 'x.md')])).rejects.toThrow(
        expect.objectContaining({ name: 'CollectionNotFoundError' }),
      );
      expect(await store.listFiles('missing')).toEqual([]);
      expect(await store.listChunks('missing')).toEqual([]);
    });

    it('refuses an inconsistent write and keeps the previous version', async () => {
      const original = makeWrite('a', 'one.md', { chunkCount: 2 });
      await store.writeFiles([original]);
      const short = makeWrite('a', 'one.md', { chunkCount: 3, seed: 1 });
      await expect(
        store.writeFiles([{ ...short, vectors: short.vectors.subarray(1) }]),
      ).rejects.toThrow(expect.objectContaining({ name: 'DimensionMismatchError' }));
      const skipped = makeWrite('a', 'one.md', { status: 'skipped' });
      await expect(store.writeFiles([{ ...skipped, chunks: original.chunks }])).rejects.toThrow();
      const misnamed = makeWrite('a', 'one.md', { chunkCount: 1, seed: 1 });
      const chunks = [{ ...misnamed.chunks[0]!, id: 'a/other.md#0' }];
      await expect(store.writeFiles([{ ...misnamed, chunks }])).rejects.toThrow();
      expect(await store.listFiles('a')).toEqual([original.file]);
      expect(await store.listChunks('a')).toEqual(original.chunks);
      expect(bytesOf((await store.loadVectors('a')).vectors)).toEqual(bytesOf(original.vectors));
      expect(await counts('a')).toEqual({ files: 1, chunks: 2 });
    });

    it('replacing a file replaces its chunks and vectors without leftovers', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 5 })]);
      await store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 1 })]);
      const replacement = makeWrite('a', 'one.md', { chunkCount: 2, seed: 1 });
      await store.writeFiles([replacement]);
      const chunks = await store.listChunks('a');
      expect(chunks.map((chunk) => chunk.id)).toEqual(['a/one.md#0', 'a/one.md#1', 'a/two.md#0']);
      expect(chunks.slice(0, 2)).toEqual(replacement.chunks);
      expect(await store.getChunks(['a/one.md#4'])).toEqual([undefined]);
      const loaded = await store.loadVectors('a');
      expect(loaded.ids).toEqual(chunks.map((chunk) => chunk.id));
      expect(bytesOf(loaded.vectors.subarray(0, 2 * DIM))).toEqual(bytesOf(replacement.vectors));
      expect(await counts('a')).toEqual({ files: 2, chunks: 3 });
    });

    it('records skipped and failed files with their errors, counting indexed files only', async () => {
      await store.writeFiles([makeWrite('a', 'doc.md', { chunkCount: 2 })]);
      const skipped = makeWrite('a', 'image.png', { status: 'skipped' });
      await store.writeFiles([skipped]);
      await store.writeFiles([makeWrite('a', 'broken.pdf', { status: 'failed' })]);
      expect(await store.listFiles('a')).toContainEqual(skipped.file);
      expect((await store.listFiles('a')).map((file) => file.error?.name)).toEqual([
        'BinaryFileError',
        undefined,
        'BinaryFileError',
      ]);
      expect(await counts('a')).toEqual({ files: 1, chunks: 2 });
      await store.writeFiles([makeWrite('a', 'doc.md', { status: 'failed' })]);
      expect(await counts('a')).toEqual({ files: 0, chunks: 0 });
      expect(await store.listChunks('a')).toEqual([]);
      expect((await store.loadVectors('a')).ids).toEqual([]);
      await store.writeFiles([makeWrite('a', 'broken.pdf', { chunkCount: 3 })]);
      expect(await counts('a')).toEqual({ files: 1, chunks: 3 });
    });

    it('updateFile changes a stored record only', async () => {
      const write = makeWrite('a', 'one.md', { chunkCount: 2 });
      await store.writeFiles([write]);
      const touched = { ...write.file, mtime: 50, size: 120 };
      await store.updateFile(touched);
      expect(await store.listFiles('a')).toEqual([touched]);
      expect(await store.listChunks('a')).toEqual(write.chunks);
      expect(await counts('a')).toEqual({ files: 1, chunks: 2 });
      await expect(
        store.updateFile({ ...touched, status: 'failed', chunkCount: 0 }),
      ).rejects.toThrow();
      await expect(store.updateFile(makeWrite('a', 'new.md').file)).rejects.toThrow();
      expect(await store.listFiles('a')).toEqual([touched]);
    });

    it('deletes files with their chunks and vectors and updates the counts', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]);
      await store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 3 })]);
      await store.writeFiles([makeWrite('a', 'three.md', { status: 'skipped' })]);
      await store.writeFiles([makeWrite('b', 'one.md', { chunkCount: 1 })]);
      await store.deleteFiles('a', [
        'a/two.md',
        'a/two.md',
        'a/three.md',
        'a/missing.md',
        'b/one.md',
      ]);
      expect((await store.listFiles('a')).map((file) => file.path)).toEqual(['one.md']);
      expect((await store.listChunks('a')).map((chunk) => chunk.id)).toEqual([
        'a/one.md#0',
        'a/one.md#1',
      ]);
      expect((await store.loadVectors('a')).ids).toEqual(['a/one.md#0', 'a/one.md#1']);
      expect(await store.getChunks(['a/two.md#0'])).toEqual([undefined]);
      expect(await counts('a')).toEqual({ files: 1, chunks: 2 });
      expect(await counts('b')).toEqual({ files: 1, chunks: 1 });
      expect((await store.listFiles('b')).length).toBe(1);
    });

    it('deleting a collection removes all of it and nothing else', async () => {
      await store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]);
      await store.writeFiles([makeWrite('a', 'two.md', { status: 'failed' })]);
      await store.writeFiles([makeWrite('b', 'one.md', { chunkCount: 1 })]);
      await store.putCentroids(makeCentroids('a'));
      await store.putCentroids(makeCentroids('b'));
      await store.deleteCollection('a');
      expect(await store.getCollection('a')).toBeUndefined();
      expect(await store.listFiles('a')).toEqual([]);
      expect(await store.listChunks('a')).toEqual([]);
      expect(await store.getChunks(['a/one.md#0'])).toEqual([undefined]);
      expect(await store.getCentroids('a')).toBeUndefined();
      await store.putCollection(makeCollection('a'));
      expect((await store.loadVectors('a')).ids).toEqual([]);
      expect(await counts('a')).toEqual({ files: 0, chunks: 0 });
      expect((await store.listChunks('b')).length).toBe(1);
      expect((await store.loadVectors('b')).ids).toEqual(['b/one.md#0']);
      expect(await store.getCentroids('b')).toEqual(makeCentroids('b'));
    });

    it('loads vector rows in the order of their ids across files', async () => {
      const writes = [
        makeWrite('a', 'z.md', { chunkCount: 3 }),
        makeWrite('a', 'c.md', { chunkCount: 12 }),
        makeWrite('a', 'm.md', { status: 'skipped' }),
        makeWrite('a', 'k.md', { chunkCount: 1 }),
      ];
      for (const write of writes) await store.writeFiles([write]);
      const loaded = await store.loadVectors('a');
      const written = writes.flatMap((write) => write.chunks.map((chunk) => chunk.id));
      expect([...loaded.ids].sort()).toEqual([...written].sort());
      expect(loaded.vectors.length).toBe(16 * DIM);
      loaded.ids.forEach((id, row) => {
        const write = writes.find((candidate) => id.startsWith(`${candidate.file.id}#`))!;
        const loadedRow = loaded.vectors.subarray(row * DIM, (row + 1) * DIM);
        expect(bytesOf(loadedRow)).toEqual(bytesOf(vectorOf(write, id)));
      });
      const chunks = await store.listChunks('a');
      expect(chunks.slice(0, 3).map((chunk) => chunk.ordinal)).toEqual([0, 1, 2]);
      expect(
        chunks.map((chunk) => chunk.path).filter((path, index, all) => path !== all[index - 1]),
      ).toEqual(['c.md', 'k.md', 'z.md']);
    });

    it('loads no vectors for an empty or unknown collection', async () => {
      expect(await store.loadVectors('b')).toEqual({
        ids: [],
        vectors: new Float32Array(0),
        dim: DIM,
      });
      expect((await store.loadVectors('missing')).ids).toEqual([]);
    });

    it('round-trips centroids, and refuses them for a missing collection', async () => {
      expect(await store.getCentroids('a')).toBeUndefined();
      await store.putCentroids(makeCentroids('a'));
      const stored = await store.getCentroids('a');
      expect(stored).toEqual(makeCentroids('a'));
      expect(stored?.centroids).toBeInstanceOf(Float32Array);
      await expect(store.putCentroids(makeCentroids('missing'))).rejects.toThrow(
        expect.objectContaining({ name: 'CollectionNotFoundError' }),
      );
    });

    it('round-trips settings', async () => {
      expect(await store.getSetting('theme')).toBeUndefined();
      await store.putSetting('theme', { mode: 'dark', sizes: [1, 2] });
      await store.putSetting('count', 3);
      await store.putSetting('count', 4);
      expect(await store.getSetting('theme')).toEqual({ mode: 'dark', sizes: [1, 2] });
      expect(await store.getSetting<number>('count')).toBe(4);
    });

    it('hands out and takes in copies, never its own state', async () => {
      const write = makeWrite('a', 'one.md', { chunkCount: 2 });
      await store.writeFiles([write]);
      write.chunks[0]!.text = 'changed by the caller';
      write.vectors[0] = 99;
      const setting = { list: [1] };
      await store.putSetting('list', setting);
      setting.list.push(2);
      await store.putCentroids(makeCentroids('a'));

      (await store.getCollection('a'))!.name = 'changed';
      (await store.listCollections())[0]!.fileCount = 42;
      (await store.listFiles('a'))[0]!.path = 'changed';
      (await store.listChunks('a'))[0]!.headingPath.push('changed');
      (await store.getChunks(['a/one.md#1']))[0]!.text = 'changed';
      (await store.loadVectors('a')).vectors[1] = 99;
      (await store.getCentroids('a'))!.centroids[0] = 99;
      (await store.getSetting<{ list: number[] }>('list'))!.list.push(3);

      const fresh = makeWrite('a', 'one.md', { chunkCount: 2 });
      expect(await store.getCollection('a')).toMatchObject({ name: 'Collection a', fileCount: 1 });
      expect(await store.listFiles('a')).toEqual([fresh.file]);
      expect(await store.listChunks('a')).toEqual(fresh.chunks);
      expect(bytesOf((await store.loadVectors('a')).vectors)).toEqual(bytesOf(fresh.vectors));
      expect(await store.getCentroids('a')).toEqual(makeCentroids('a'));
      expect(await store.getSetting('list')).toEqual({ list: [1] });
    });
  });
}
