// IndexedDB's classes as globals, which `idb` needs, for `--store indexeddb`.
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { mkdir, mkdtemp, readdir, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { positiveWholeNumber } from '../eval/dataset-options.ts';
import { readSourcePassages, scaleFilesFor, writeScaleFolder } from '../fixtures/scale-folder.ts';
import { createEmbedder } from '../node-embedder.ts';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { LevelStore } from '../../src/adapters/store/level-store.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { newCollection } from '../../src/core/collection.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import type { Collection } from '../../src/core/types.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import { ownMemory, peakResidentBytes, trackPeakMemory } from './own-memory.ts';
import { measureSearches, readQueries, RESULTS_PER_SEARCH } from './scale-queries.ts';
import { measureFreshReloads, measureReload } from './scale-reload.ts';
import { measureResync, syncFolder } from './scale-resync.ts';
import { settleMemory } from './settle-memory.ts';
import { rounded, timed } from './timing.ts';

const MB = 1024 * 1024;
const COLLECTION_ID = 'scale';
const STORES = ['level', 'memory', 'indexeddb'] as const;
type StoreKind = (typeof STORES)[number];

/**
 * `bench scale [--chunks 50000] [--docs DIR] [--questions DIR] [--queries 200] [--store
 * level|memory|indexeddb] [--seed 1] [--dir DIR]`: generates a folder that chunks into about `--chunks`
 * chunks (scripts/fixtures/scale-folder.ts: the sentences of the dev eval documents recombined
 * into new documents of 10 sections), ingests it with the real Node pipeline into one collection
 * (parsers, chunker, built-in embedder, the store, the live BM25 and vector indexes), then loads
 * the collection again from the store as the app does on its first search after a reload (cold
 * first search, 3 times; `scale-reload.ts`): with `LevelStore` each time in a new process, as
 * after a tab's reload (`fresh…` figures), then in this process after the ingest. It times
 * `--queries` questions of the dev question files in each search mode on the reloaded index,
 * then adds one file to the folder and syncs it into the loaded collection (`scale-resync.ts`).
 * Reports ingest time and rate, search latency, and resident memory and JS heap at each step. The store is `LevelStore` by default (on disk, in a
 * temporary folder: LevelDB, the engine under Chromium's IndexedDB, so texts and float32 rows stay
 * out of memory as in the browser); `--store memory` holds everything in the heap, and `--store
 * indexeddb` runs the app's IndexedDB store on fake-indexeddb (in memory, pure JavaScript: its
 * speed is not a browser's).
 */
export async function runScaleBench(args: string[]): Promise<Record<string, unknown>> {
  const { values } = parseArgs({
    args,
    options: {
      chunks: { type: 'string', default: '50000' },
      docs: { type: 'string', default: '../shared/eval/dev/docs' },
      questions: { type: 'string' },
      queries: { type: 'string', default: '200' },
      store: { type: 'string', default: 'level' },
      seed: { type: 'string', default: '1' },
      dir: { type: 'string' },
    },
  });
  const storeKind = values.store as StoreKind;
  if (!STORES.includes(storeKind)) throw new Error(`--store must be one of ${STORES.join(', ')}.`);
  const files = scaleFilesFor(positiveWholeNumber('chunks', values.chunks));
  const log = (message: string) => console.error(`[bench scale] ${message}`);
  const queries = await readQueries(
    values.questions ?? dirname(resolve(values.docs)),
    positiveWholeNumber('queries', values.queries),
  );
  const folder = await emptyFolder(values.dir);
  const storeFolder = await mkdtemp(join(tmpdir(), 'archivist-scale-store-'));
  let store: Store | undefined;
  try {
    const generate = await timed(async () =>
      writeScaleFolder(folder, await readSourcePassages(values.docs), {
        files,
        seed: positiveWholeNumber('seed', values.seed),
      }),
    );
    log(`${files} files, ${rounded(generate.value.bytes / MB, 1)} MB in ${folder}`);

    const embedder = await createEmbedder();
    store = await openStore(storeKind, storeFolder);
    const collection = newCollection(COLLECTION_ID, 'scale', embedder, 0);
    await store.putCollection(collection);
    await embedder.embed(['Warming up the embedder before the measurement.']);
    await settleMemory();
    const before = memory();
    const ingest = await measureIngest(store, embedder, collection, folder);
    log(`ingest: ${ingest.chunks} chunks in ${rounded(ingest.seconds, 1)} s`);
    await settleMemory();
    const storeOnly = memory();

    let fresh: Awaited<ReturnType<typeof measureFreshReloads>> | undefined;
    if (store instanceof LevelStore) {
      await store.close();
      fresh = await measureFreshReloads(storeFolder, COLLECTION_ID, queries[0]!);
      log(`reload in new processes: ${JSON.stringify(fresh)}`);
      store = await LevelStore.open(storeFolder);
    }
    const reload = await measureReload(store, embedder, COLLECTION_ID, queries[0]!);
    log(`reload: ${JSON.stringify(reload.figures)}`);
    await settleMemory();
    const withIndex = memory();
    const latency = {
      hybrid: await measureSearches(reload.search, queries, 'hybrid'),
      bm25: await measureSearches(reload.search, queries, 'bm25'),
      dense: await measureSearches(reload.search, queries, 'dense'),
    };
    log(`search: ${JSON.stringify(latency)}`);
    await settleMemory();
    const after = memory();
    const resync = await measureResync(store, embedder, collection, folder, reload.search);
    log(`re-sync of one added file: ${JSON.stringify(resync)}`);
    return {
      store: storeKind,
      files,
      folderMb: rounded(generate.value.bytes / MB, 1),
      generateSeconds: rounded(generate.ms / 1000, 1),
      chunks: ingest.chunks,
      ingestSeconds: rounded(ingest.seconds, 1),
      chunksPerSecond: Math.round(ingest.chunks / ingest.seconds),
      queries: queries.length,
      k: RESULTS_PER_SEARCH,
      ...reload.figures,
      ...fresh,
      hybrid: latency.hybrid,
      bm25: latency.bm25,
      dense: latency.dense,
      rssBeforeIngestMb: before.rssMb,
      peakRssIngestMb: ingest.peakRssMb,
      peakAnonymousIngestMb: ingest.peakAnonymousMb,
      highWaterRssIngestMb: ingest.highWaterMb,
      rssAfterIngestMb: ingest.rssAfterMb,
      heapAfterIngestMb: ingest.heapAfterMb,
      rssStoreOnlyMb: storeOnly.rssMb,
      rssFileStoreOnlyMb: storeOnly.rssFileMb,
      heapStoreOnlyMb: storeOnly.heapMb,
      peakRssReloadMb: reload.peakRssMb,
      peakAnonymousReloadMb: reload.peakAnonymousMb,
      rssWithIndexMb: withIndex.rssMb,
      rssFileWithIndexMb: withIndex.rssFileMb,
      heapWithIndexMb: withIndex.heapMb,
      indexMb: withIndex.heapMb - storeOnly.heapMb,
      rssAfterSearchesMb: after.rssMb,
      rssFileAfterSearchesMb: after.rssFileMb,
      ...resync,
      storeOnDiskMb: rounded((await folderBytes(storeFolder)) / MB, 1),
      embedder: embedder.id,
    };
  } finally {
    if (store instanceof LevelStore) await store.close();
    await rm(storeFolder, { recursive: true, force: true });
    await rm(folder, { recursive: true, force: true });
  }
}

/**
 * Ingests the folder with a live index, as a sync does; measures memory with that index held (as
 * in the app right after a sync), then drops it.
 */
async function measureIngest(
  store: Store,
  embedder: Embedder,
  collection: Collection,
  folder: string,
) {
  const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  const stopTracking = trackPeakMemory();
  const run = await timed(async () =>
    syncFolder({ store, embedder, collection, folder }, await search.open(collection.id)),
  );
  const peak = stopTracking();
  // The process's highest resident memory so far: the ingest's, even inside a synchronous step
  // (the sampler runs between tasks), since nothing before it in this process comes near.
  const highWater = peakResidentBytes();
  if (run.value.filesFailed + run.value.filesSkipped > 0) {
    throw new Error(`${run.value.filesFailed + run.value.filesSkipped} files were not indexed.`);
  }
  await settleMemory();
  const after = memory();
  return {
    chunks: run.value.chunksDone,
    seconds: run.ms / 1000,
    peakRssMb: Math.round(peak.rss / MB),
    peakAnonymousMb: Math.round(peak.anonymous / MB),
    highWaterMb: Math.round(highWater / MB),
    rssAfterMb: after.rssMb,
    heapAfterMb: after.heapMb,
  };
}

async function openStore(kind: StoreKind, folder: string): Promise<Store> {
  if (kind === 'level') return LevelStore.open(folder);
  if (kind === 'memory') return new MemoryStore();
  return IdbStore.open('archivist-scale', { indexedDB: new IDBFactory() });
}

/**
 * Resident memory and what JavaScript holds, in MB: the heap in use plus the array buffers
 * (typed arrays live outside V8's heap, so `heapUsed` alone misses the keyword and vector indexes).
 */
function memory(): { rssMb: number; heapMb: number; rssFileMb: number } {
  const usage = process.memoryUsage();
  return {
    rssMb: Math.round(usage.rss / MB),
    heapMb: Math.round((usage.heapUsed + usage.arrayBuffers) / MB),
    // Pages of the database's table files LevelDB reads through `mmap` (own-memory.ts).
    rssFileMb: Math.round(ownMemory().fileBacked / MB),
  };
}

/** The bytes of the files in `folder` and its subfolders. */
async function folderBytes(folder: string): Promise<number> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  const files = entries.filter((entry) => entry.isFile());
  const sizes = await Promise.all(
    files.map(async (entry) => (await stat(join(entry.parentPath, entry.name))).size),
  );
  return sizes.reduce((total, size) => total + size, 0);
}

async function emptyFolder(dir: string | undefined): Promise<string> {
  if (dir === undefined) return mkdtemp(join(tmpdir(), 'archivist-scale-'));
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`--dir ${dir} is not empty.`);
  return dir;
}
