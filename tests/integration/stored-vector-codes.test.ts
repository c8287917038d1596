/**
 * A collection whose index keeps int8 codes only (past the float budget; here a budget of 0
 * bytes) has them stored at the end of its sync, and a reload reads those codes instead of every
 * float32 row, ranking as an index that holds every float; after a write the stored codes no
 * longer hold the collection's vectors, and a reload reads the rows again. With the app's
 * IndexedDB store (on fake-indexeddb), the built-in embedder and the real ingest.
 */
import 'fake-indexeddb/auto';
import { cp, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { IDBFactory } from 'fake-indexeddb';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { chooseVectorIndex, FlatIndex } from '../../src/adapters/vector/index.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { LibrarySearch, type CreateVectorIndex } from '../../src/core/retrieval/library-search.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { FIXTURE_LIBRARY, ingestFixtureCollection } from '../support/fixture-collection.ts';

const QUERIES = [
  'research station on the lake',
  'How long is sediment core VH-7?',
  'who kept the minutes of the meeting',
];

const codesOnly: CreateVectorIndex = (dim, size, storedRows) =>
  new FlatIndex(dim, { floatBudgetBytes: 0, storedRows, expectedRows: size });

let embedder: Embedder;
let store: IdbStore;
let folder: string;

/** A sync of the folder into collection `notes`, its live index keeping codes only. */
async function sync(): Promise<void> {
  const search = new LibrarySearch(store, async () => embedder, codesOnly);
  await ingestFixtureCollection(store, 'notes', embedder, folder, () => search.open('notes'));
}

async function rankings(search: LibrarySearch): Promise<string[][]> {
  const found: string[][] = [];
  for (const query of QUERIES) {
    const { passages } = await search.search(query, { mode: 'hybrid', k: 5 });
    found.push(passages.map((passage) => passage.id));
  }
  return found;
}

beforeAll(async () => {
  embedder = await createEmbedder();
  store = await IdbStore.open('stored-vector-codes', { indexedDB: new IDBFactory() });
  folder = await mkdtemp(join(tmpdir(), 'archivist-vector-codes-'));
  await cp(FIXTURE_LIBRARY, folder, { recursive: true });
});

afterAll(async () => {
  vi.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

describe('stored vector codes', () => {
  it('are stored by a sync and read by a reload instead of the rows', async () => {
    await sync();
    const { chunkCount } = (await store.getCollection('notes'))!;
    const codes = await store.getVectorCodes('notes');
    expect(codes?.ids).toHaveLength(chunkCount);
    expect(codes?.generation).toBe((await store.loadKeywordState('notes')).generation);
    const rowReads = vi.spyOn(store, 'loadVectorBatches');
    const reloaded = new LibrarySearch(store, async () => embedder, codesOnly);
    const inMemory = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    await reloaded.open('notes');
    expect(rowReads).not.toHaveBeenCalled();
    expect(await rankings(reloaded)).toEqual(await rankings(inMemory));
    rowReads.mockRestore();
  });

  it('are not read once a write has changed the collection', async () => {
    await sync();
    // A sync with no index open in memory merges the keyword index but has no codes to store:
    // the stored ones are of the generation before.
    await writeFile(join(folder, 'added.md'), '# Added\n\nThe ferry to the island leaves at dawn.');
    await ingestFixtureCollection(store, 'notes', embedder, folder);
    const { generation } = await store.loadKeywordState('notes');
    expect((await store.getVectorCodes('notes'))!.generation).toBeLessThan(generation);
    const rowReads = vi.spyOn(store, 'loadVectorBatches');
    const reloaded = new LibrarySearch(store, async () => embedder, codesOnly);
    const inMemory = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    await reloaded.open('notes');
    expect(rowReads).toHaveBeenCalledTimes(1);
    expect(await rankings(reloaded)).toEqual(await rankings(inMemory));
    expect(
      (await reloaded.search('ferry to the island', { mode: 'dense', k: 1 })).passages[0]?.chunk
        .path,
    ).toBe('added.md');
    rowReads.mockRestore();
  });

  it('hold the float32 rows of an index under the budget, which a reload takes as they are', async () => {
    const live = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    await ingestFixtureCollection(store, 'notes', embedder, folder, () => live.open('notes'));
    const { chunkCount, dim } = (await store.getCollection('notes'))!;
    expect((await store.getVectorCodes('notes'))?.floats).toHaveLength(chunkCount * dim);
    const rowReads = vi.spyOn(store, 'loadVectorBatches');
    const reloaded = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    const vectors = (await reloaded.open('notes')).vectors as FlatIndex;
    expect(rowReads).not.toHaveBeenCalled();
    rowReads.mockRestore();
    expect(vectors.keepsFloats).toBe(true);
    const rowsAtLoad = new LibrarySearch(
      store,
      async () => embedder,
      // Without the int8 pass it takes no codes: it reads every row at its load.
      (dimension, size) => new FlatIndex(dimension, { expectedRows: size, simd: false }),
    );
    expect(await rankings(reloaded)).toEqual(await rankings(rowsAtLoad));
  });
});
