/**
 * Loading the search indexes ahead of the first search (`LibrarySearch.preload`, which the app
 * runs once it has shown the library): the first search then reads nothing more from the store
 * and ranks as a search that loaded the index itself; a collection that cannot load leaves the
 * others loaded and its failure to the search that needs it.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { ingestFixtureCollection } from '../support/fixture-collection.ts';

const QUERY = 'research station on the lake';

let embedder: Embedder;
let store: MemoryStore;

beforeAll(async () => {
  embedder = await createEmbedder();
  store = new MemoryStore();
  for (const id of ['first', 'second']) await ingestFixtureCollection(store, id, embedder);
});

/**
 * The store, counting the keyword indexes read (one per load: no chunk list is read);
 * `failing` collections fail to read theirs.
 */
function countingStore(failing: readonly string[] = []): { store: Store; reads: string[] } {
  const reads: string[] = [];
  const loadKeywords: Store['loadKeywords'] = async (collectionId) => {
    reads.push(collectionId);
    if (failing.includes(collectionId)) throw new Error(`cannot read ${collectionId}`);
    return store.loadKeywords(collectionId);
  };
  const counting = new Proxy(store, {
    get: (target, key) => {
      if (key === 'listChunks') throw new Error('A load read every chunk.');
      if (key === 'loadKeywords') return loadKeywords;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counting, reads };
}

function searchOver(source: Store): LibrarySearch {
  return new LibrarySearch(source, async () => embedder, chooseVectorIndex);
}

describe('preloading the search indexes', () => {
  it('loads each collection once; the first search then reads nothing more and ranks the same', async () => {
    const { store: counting, reads } = countingStore();
    const preloaded = searchOver(counting);
    await preloaded.preload();
    expect(reads.sort()).toEqual(['first', 'second']);

    const result = await preloaded.search(QUERY, { mode: 'hybrid', k: 5 });
    expect(reads).toHaveLength(2);
    const cold = await searchOver(store).search(QUERY, { mode: 'hybrid', k: 5 });
    expect(result.passages.length).toBeGreaterThan(0);
    expect(result.passages.map((passage) => [passage.id, passage.score])).toEqual(
      cold.passages.map((passage) => [passage.id, passage.score]),
    );
  });

  it('keeps the other collections loaded when one fails, and the search that needs it reports it', async () => {
    const { store: counting, reads } = countingStore(['first']);
    const preloaded = searchOver(counting);
    await expect(preloaded.preload()).resolves.toBeUndefined();
    expect(reads.sort()).toEqual(['first', 'second']);

    const second = await preloaded.search(QUERY, { mode: 'bm25', k: 3, collectionIds: ['second'] });
    expect(second.passages.length).toBeGreaterThan(0);
    expect(reads).toHaveLength(2);
    await expect(
      preloaded.search(QUERY, { mode: 'bm25', k: 3, collectionIds: ['first'] }),
    ).rejects.toThrow('cannot read first');
    expect(reads).toHaveLength(3);
  });
});
