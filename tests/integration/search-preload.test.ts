/**
 * What a search reads from the store before it ranks. Loading the search indexes ahead of the
 * first search (`LibrarySearch.preload`, which the app runs once it has shown the library): the
 * first search then reads nothing more from the store and ranks as a search that loaded the index
 * itself; a collection that cannot load leaves the others loaded and its failure to the search
 * that needs it. The list of collections is read once for any number of warm searches, and again
 * once a collection is opened anew (a sync made it) or closed (deleted). A hybrid search reads
 * its likely results while it ranks, and after it only those still missing.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { baseLayout } from '../../src/core/retrieval/keyword-base-format.ts';
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
 * The store, counting the keyword indexes opened (one per load: no chunk list is read) and the
 * collection lists read; `failing` collections fail to read their keyword indexes.
 */
function countingStore(
  failing: readonly string[] = [],
  source: Store = store,
): { store: Store; reads: string[]; listings: () => number; chunkReads: string[][] } {
  const reads: string[] = [];
  const chunkReads: string[][] = [];
  let listings = 0;
  const getChunks: Store['getChunks'] = (ids) => {
    chunkReads.push([...ids]);
    return source.getChunks(ids);
  };
  const listCollections: Store['listCollections'] = () => {
    listings += 1;
    return source.listCollections();
  };
  const openKeywordBase: Store['openKeywordBase'] = async (collectionId) => {
    reads.push(collectionId);
    if (failing.includes(collectionId)) throw new Error(`cannot read ${collectionId}`);
    return source.openKeywordBase(collectionId);
  };
  const counting = new Proxy(source, {
    get: (target, key) => {
      if (key === 'listChunks') throw new Error('A load read every chunk.');
      if (key === 'openKeywordBase') return openKeywordBase;
      if (key === 'listCollections') return listCollections;
      if (key === 'getChunks') return getChunks;
      const value: unknown = Reflect.get(target, key);
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
  return { store: counting, reads, listings: () => listings, chunkReads };
}

/** The collections the passages of a search came from. */
async function collectionsFound(search: LibrarySearch): Promise<string[]> {
  const { passages } = await search.search(QUERY, { mode: 'bm25', k: 20 });
  return [...new Set(passages.map((passage) => passage.collectionId))].sort();
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

/**
 * The store, its keyword bases read by range as IndexedDB reads them (not held in memory), each
 * read logged (`log`) as `<collection>:lists` (all of its lists, read behind) or `<collection>:part`;
 * `listsRead(collection)` resolves once all its lists have been asked for.
 */
function rangeReadingStore() {
  const log: string[] = [];
  const asked = new Map<string, () => void>();
  const waits = new Map<string, Promise<void>>();
  const listsRead = (collectionId: string) => {
    if (!waits.has(collectionId)) {
      waits.set(collectionId, new Promise((resolve) => asked.set(collectionId, resolve)));
    }
    return waits.get(collectionId)!;
  };
  const openKeywordBase: Store['openKeywordBase'] = async (collectionId) => {
    const reader = (await store.openKeywordBase(collectionId))!;
    const { pairsStart, pairsEnd } = baseLayout(reader.held!, reader.size)!;
    const read = async (start: number, end: number) => {
      const whole = start === pairsStart && end === pairsEnd;
      log.push(`${collectionId}:${whole ? 'lists' : 'part'}`);
      if (whole) {
        void listsRead(collectionId);
        asked.get(collectionId)!();
      }
      return reader.read(start, end);
    };
    return { ...reader, held: undefined, read };
  };
  const reading = new Proxy(store, {
    get: (target, key) =>
      key === 'openKeywordBase' ? openKeywordBase : Reflect.get(target, key, target),
  });
  /** The reads of `collectionId`'s base before all its lists were asked for. */
  const partsBefore = (collectionId: string) =>
    log
      .slice(0, log.indexOf(`${collectionId}:lists`))
      .filter((entry) => entry === `${collectionId}:part`).length;
  return { store: reading, listsRead, partsBefore, log };
}

describe('the keyword lists of a preloaded collection', () => {
  it('come in behind as it loads, before any search', async () => {
    const { store: reading, listsRead, partsBefore } = rangeReadingStore();
    await searchOver(reading).preload();
    await Promise.all([listsRead('first'), listsRead('second')]);
    expect(partsBefore('first')).toBe(3); // the header, the parts before and after the lists
    expect(partsBefore('second')).toBe(3);
  });

  it('come in after the lists of a search that began first', async () => {
    const { store: reading, listsRead, partsBefore, log } = rangeReadingStore();
    let release = () => {};
    const embedding = new Promise<void>((resolve) => (release = resolve));
    const held = new Proxy(embedder, {
      get: (target, key) =>
        key === 'embed'
          ? async (...args: Parameters<Embedder['embed']>) => {
              await embedding; // the search waits on its query's vector while the preload runs
              return target.embed(...args);
            }
          : Reflect.get(target, key, target),
    });
    const search = new LibrarySearch(reading, async () => held, chooseVectorIndex);
    const searching = search.search(QUERY, { mode: 'hybrid', k: 3, collectionIds: ['first'] });
    await search.preload();
    expect(log).not.toContain('first:lists');
    release();
    expect((await searching).passages.length).toBeGreaterThan(0);
    await listsRead('first');
    expect(partsBefore('first')).toBeGreaterThan(3); // the query's lists first
  });
});

describe('the list of collections a search reads', () => {
  it('is read once for any number of warm searches', async () => {
    const { store: counting, listings } = countingStore();
    const search = searchOver(counting);
    await search.preload();
    const before = listings();
    for (let round = 0; round < 3; round += 1) {
      expect(await collectionsFound(search)).toEqual(['first', 'second']);
    }
    expect(listings() - before).toBe(1);
  });

  it('is read again once a collection is closed, so a deleted one is no longer searched', async () => {
    const own = new MemoryStore();
    for (const id of ['kept', 'deleted']) await ingestFixtureCollection(own, id, embedder);
    const search = searchOver(own);
    expect(await collectionsFound(search)).toEqual(['deleted', 'kept']);

    await own.deleteCollection('deleted');
    search.close('deleted');
    expect(await collectionsFound(search)).toEqual(['kept']);
  });

  it('is read again once a collection is opened anew, so a sync that made one has it searched', async () => {
    const own = new MemoryStore();
    await ingestFixtureCollection(own, 'older', embedder);
    const search = searchOver(own);
    expect(await collectionsFound(search)).toEqual(['older']);

    await ingestFixtureCollection(own, 'newer', embedder);
    await search.open('newer'); // as a sync does before it indexes
    expect(await collectionsFound(search)).toEqual(['newer', 'older']);
  });
});

describe('the result chunks a hybrid search reads', () => {
  it('reads the likely ones while it ranks, and after it only those still missing', async () => {
    const { store: counting, chunkReads } = countingStore();
    const search = searchOver(counting);
    const k = 5;
    const { passages } = await search.search(QUERY, { mode: 'hybrid', k });
    expect(passages).toHaveLength(k);
    expect(passages.every((passage) => passage.chunk.id === passage.id)).toBe(true);
    const [likely, missing = []] = chunkReads;
    expect(chunkReads.length).toBeLessThanOrEqual(2);
    expect(likely!.length).toBeLessThanOrEqual(2 * k);
    expect(missing.filter((id) => likely!.includes(id))).toEqual([]);
    const read = new Set([...likely!, ...missing]);
    expect(passages.every((passage) => read.has(passage.id))).toBe(true);
  });
});
