/**
 * A collection whose float32 vectors pass the index's float budget keeps only int8 codes in
 * memory and re-ranks its candidates with their rows read from the store (`Store.getVectors`):
 * with the app's IndexedDB store (on fake-indexeddb) and the built-in embedder, its searches rank
 * as those of an index that holds every float, after a reload and while a sync fills it.
 */
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { beforeAll, describe, expect, it } from 'vitest';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { chooseVectorIndex, FlatIndex } from '../../src/adapters/vector/index.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { LibrarySearch, type CreateVectorIndex } from '../../src/core/retrieval/library-search.ts';
import type { SearchMode } from '../../src/core/retrieval/hybrid-search.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';
import { FIXTURE_LIBRARY, ingestFixtureCollection } from '../support/fixture-collection.ts';

const QUERIES = [
  'research station on the lake',
  'How long is sediment core VH-7?',
  'apple variety harvest orchard',
  'who kept the minutes of the meeting',
];

let embedder: Embedder;
let store: IdbStore;

beforeAll(async () => {
  embedder = await createEmbedder();
  store = await IdbStore.open('stored-vector-rerank', { indexedDB: new IDBFactory() });
  await ingestFixtureCollection(store, 'library', embedder);
});

/** Indexes that hold no floats at all (a budget of 0 bytes), counting the rows they read. */
function codesOnly(reads: string[][]): CreateVectorIndex {
  return (dim, _size, storedRows) =>
    new FlatIndex(dim, {
      floatBudgetBytes: 0,
      storedRows: (ids) => {
        reads.push([...ids]);
        return storedRows(ids);
      },
    });
}

async function rankings(search: LibrarySearch, mode: SearchMode): Promise<string[][]> {
  const found: string[][] = [];
  for (const query of QUERIES) {
    const { passages } = await search.search(query, { mode, k: 5 });
    found.push(passages.map((passage) => passage.id));
  }
  return found;
}

describe('vectors past the float budget', () => {
  it('rank as with every float in memory after a reload, in one read a search', async () => {
    const reads: string[][] = [];
    const inMemory = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    const fromStore = new LibrarySearch(store, async () => embedder, codesOnly(reads));
    for (const mode of ['dense', 'hybrid'] as const) {
      expect(await rankings(fromStore, mode)).toEqual(await rankings(inMemory, mode));
    }
    // One read a search, of at most twice the 50 candidates the fusion takes (here all 28).
    const { chunkCount } = (await store.getCollection('library'))!;
    expect(reads).toHaveLength(2 * QUERIES.length);
    for (const ids of reads) {
      expect(ids.length).toBe(Math.min(100, chunkCount));
      expect(new Set(ids).size).toBe(ids.length);
    }
    expect(await rankings(fromStore, 'bm25')).toEqual(await rankings(inMemory, 'bm25'));
    expect(reads).toHaveLength(2 * QUERIES.length);
  });

  it('rank as with every float while a sync fills the live index', async () => {
    const live: Store = await IdbStore.open('stored-vector-rerank-live', {
      indexedDB: new IDBFactory(),
    });
    const collection = newCollection('live', 'live', embedder, 0);
    await live.putCollection(collection);
    const search = new LibrarySearch(live, async () => embedder, codesOnly([]));
    await runIngest({
      collection,
      source: new NodeFolderSource(FIXTURE_LIBRARY),
      store: live,
      embedder,
      parsers: createNodeParsers(),
      index: await search.open('live'),
    });
    const reloaded = new LibrarySearch(live, async () => embedder, chooseVectorIndex);
    expect(await rankings(search, 'hybrid')).toEqual(await rankings(reloaded, 'hybrid'));
  });
});
