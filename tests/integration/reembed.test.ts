import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { reembedCollection, type ReembedProgress } from '../../src/core/ingest/reembed.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { ingestFixtureCollection } from '../support/fixture-collection.ts';

const OLD_DIM = 8;

/** The "old model": a deterministic character-trigram hash, with its own id and width. */
const trigramEmbedder: Embedder & { calls: number } = {
  id: 'test/trigram-8',
  dim: OLD_DIM,
  calls: 0,
  async embed(texts) {
    this.calls += 1;
    const vectors = new Float32Array(texts.length * OLD_DIM);
    texts.forEach((text, row) => {
      const lower = text.toLowerCase();
      for (let index = 0; index + 3 <= lower.length; index += 1) {
        const hash = (lower.charCodeAt(index) * 7 + lower.charCodeAt(index + 2)) % OLD_DIM;
        vectors[row * OLD_DIM + hash]! += 1;
      }
      const vector = vectors.subarray(row * OLD_DIM, (row + 1) * OLD_DIM);
      const norm = Math.hypot(...vector) || 1;
      vector.forEach((value, index) => (vector[index] = value / norm));
    });
    return vectors;
  },
};

let builtIn: Embedder;

beforeAll(async () => {
  builtIn = await createEmbedder();
});

function searchOf(store: Store, embedders: readonly Embedder[]): LibrarySearch {
  return new LibrarySearch(
    store,
    async (id) => {
      const embedder = embedders.find((candidate) => candidate.id === id);
      if (!embedder) throw new Error(`no embedder ${id}`);
      return embedder;
    },
    chooseVectorIndex,
  );
}

const stores: [string, () => Promise<Store>][] = [
  ['memory', async () => new MemoryStore()],
  ['indexeddb', async () => IdbStore.open('reembed-test', { indexedDB: new IDBFactory() })],
];

describe.each(stores)('re-embedding a collection on the %s store', (_, createStore) => {
  it('moves it to the new model: vectors, model, dim and knowledge boundary', async () => {
    const store = await createStore();
    await ingestFixtureCollection(store, 'library', trigramEmbedder);
    const chunkCount = (await store.getCollection('library'))?.chunkCount ?? 0;
    const reports: ReembedProgress[] = [];
    const progress = await reembedCollection({
      store,
      collectionId: 'library',
      embedder: builtIn,
      batchSize: 8,
      progressInterval: 0,
      onProgress: (report) => reports.push(report),
    });
    expect(progress).toMatchObject({ phase: 'done', chunksDone: chunkCount });
    expect(reports.map((report) => report.phase)).toEqual([
      'embedding',
      ...Array<string>(Math.ceil(chunkCount / 8)).fill('embedding'),
      'saving',
      'done',
    ]);
    expect(reports.at(-2)?.chunksPerSecond).toBeGreaterThan(0);
    expect(await store.getCollection('library')).toMatchObject({
      embedderId: builtIn.id,
      dim: builtIn.dim,
      chunkCount,
    });
    const vectors = await store.loadVectors('library');
    expect(vectors.dim).toBe(builtIn.dim);
    const [first] = await store.listChunks('library');
    const expected = await builtIn.embed([first!.text]);
    const row = vectors.ids.indexOf(first!.id);
    const stored = vectors.vectors.subarray(row * builtIn.dim, (row + 1) * builtIn.dim);
    expect(dot(stored, expected)).toBeGreaterThan(0.99);
    const boundary = await store.getCentroids('library');
    expect(boundary?.dim).toBe(builtIn.dim);
    expect(boundary?.counts.reduce((sum, count) => sum + count, 0)).toBe(chunkCount);

    const { passages } = await searchOf(store, [builtIn]).search('apple variety harvest orchard', {
      mode: 'dense',
      k: 3,
    });
    expect(passages.map((passage) => passage.chunk.path)).toContain('orchard-handbook.docx');
  });

  it('leaves the old model’s state intact when it is aborted', async () => {
    const store = await createStore();
    await ingestFixtureCollection(store, 'library', trigramEmbedder);
    const before = await store.loadVectors('library');
    const boundary = await store.getCentroids('library');
    const abort = new AbortController();
    await expect(
      reembedCollection({
        store,
        collectionId: 'library',
        embedder: builtIn,
        signal: abort.signal,
        batchSize: 4,
        progressInterval: 0,
        onProgress: (progress) => {
          if (progress.chunksDone >= 8) abort.abort();
        },
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
    expect(await store.getCollection('library')).toMatchObject({
      embedderId: trigramEmbedder.id,
      dim: OLD_DIM,
    });
    const after = await store.loadVectors('library');
    expect(after.ids).toEqual(before.ids);
    expect([...after.vectors]).toEqual([...before.vectors]);
    expect(await store.getCentroids('library')).toEqual(boundary);
  });
});

describe('searching collections of different models', () => {
  it('embeds the query once per model and searches each collection with its own', async () => {
    const store = new MemoryStore();
    await ingestFixtureCollection(store, 'glove', builtIn);
    await ingestFixtureCollection(store, 'trigram', trigramEmbedder);
    const search = searchOf(store, [builtIn, trigramEmbedder]);
    const callsBefore = trigramEmbedder.calls;
    const { passages } = await search.search('How long is sediment core VH-7?', {
      mode: 'hybrid',
      k: 10,
    });
    expect(trigramEmbedder.calls).toBe(callsBefore + 1);
    expect(new Set(passages.map((passage) => passage.collectionId))).toEqual(
      new Set(['glove', 'trigram']),
    );
    expect(passages[0]?.chunk.text).toContain('312');
    const dense = await search.search('apple variety harvest orchard', { mode: 'dense', k: 10 });
    const fromGlove = dense.passages.filter((passage) => passage.collectionId === 'glove');
    expect(fromGlove.map((passage) => passage.chunk.path)).toContain('orchard-handbook.docx');
    const routed = await search.search('apple orchard', { mode: 'hybrid', k: 5, routeTopK: 3 });
    expect(routed.routes?.length).toBeGreaterThan(0);
  });
});

function dot(left: Float32Array, right: Float32Array): number {
  let sum = 0;
  for (let index = 0; index < left.length; index += 1) sum += left[index]! * right[index]!;
  return sum;
}
