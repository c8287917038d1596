import { cp, mkdtemp, readFile, rm, unlink, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest, type IngestOptions } from '../../src/core/ingest/ingest-job.ts';
import { PauseController } from '../../src/core/ingest/pause.ts';
import { defaultParsers } from '../../src/core/ingest/default-parsers.ts';
import { ParserRegistry } from '../../src/core/ingest/parser-registry.ts';
import type { DocumentParsers, Parser } from '../../src/core/ports/parser.ts';
import type { IngestProgress } from '../../src/core/ingest/progress.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import type { Collection } from '../../src/core/types.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';

const FIXTURES = new URL('../fixtures/library', import.meta.url).pathname;
const parsers = createNodeParsers();
let embedder: Embedder;
let folder: string;

beforeAll(async () => {
  embedder = await createEmbedder();
});

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archivist-ingest-'));
  await cp(FIXTURES, folder, { recursive: true });
});

afterEach(async () => {
  await rm(folder, { recursive: true, force: true });
});

async function storedCollection(store: Store): Promise<Collection> {
  const collection = newCollection('library', 'library', embedder, 0);
  await store.putCollection(collection);
  return collection;
}

function ingest(
  store: Store,
  collection: Collection,
  extra: Partial<IngestOptions> = {},
): Promise<IngestProgress> {
  return runIngest({
    collection,
    source: new NodeFolderSource(folder),
    store,
    embedder,
    parsers,
    ...extra,
  });
}

const stores: [string, () => Promise<Store>][] = [
  ['memory', async () => new MemoryStore()],
  ['indexeddb', async () => IdbStore.open('ingest-test', { indexedDB: new IDBFactory() })],
];

describe.each(stores)('ingest job on the %s store', (_, createStore) => {
  it('indexes the fixture folder and records why files were skipped or failed', async () => {
    const store = await createStore();
    const collection = await storedCollection(store);
    const progress = await ingest(store, collection);
    expect(progress).toMatchObject({ phase: 'done', filesTotal: 14, filesDone: 14 });
    expect(progress.filesSkipped).toBe(3);
    expect(progress.filesFailed).toBe(1);
    const files = await store.listFiles(collection.id);
    const errors = Object.fromEntries(
      files.filter((file) => file.error).map((file) => [file.path, file.error!.name]),
    );
    expect(errors).toEqual({
      'broken.pdf': 'CorruptFileError',
      'empty.txt': 'EmptyFileError',
      'notes/misnamed-image.txt': 'BinaryFileError',
      'photo.png': 'UnsupportedFileError',
    });
    const stored = await store.getCollection(collection.id);
    expect(stored?.fileCount).toBe(10);
    expect(stored?.chunkCount).toBe(progress.chunksDone);
    const centroids = await store.getCentroids(collection.id);
    expect(centroids?.counts.reduce((sum, count) => sum + count, 0)).toBe(progress.chunksDone);
  });

  it('re-indexes only changed files and drops deleted ones on re-sync', async () => {
    const store = await createStore();
    const collection = await storedCollection(store);
    await ingest(store, collection);
    const before = new Map((await store.listFiles(collection.id)).map((file) => [file.path, file]));

    const again = await ingest(store, collection);
    expect(again).toMatchObject({ filesTotal: 0, filesUnchanged: 14, chunksDone: 0 });

    await writeFile(
      join(folder, 'sourdough-recipe.md'),
      '# Sourdough\n\nThe starter is now called Gloop and lives in the cellar.\n',
    );
    await unlink(join(folder, 'station-config.json'));
    const resync = await ingest(store, collection);
    expect(resync).toMatchObject({ filesTotal: 1, filesDone: 1, filesRemoved: 1 });
    const after = await store.listFiles(collection.id);
    expect(after.map((file) => file.path)).not.toContain('station-config.json');
    for (const file of after) {
      if (file.path === 'sourdough-recipe.md')
        expect(file.hash).not.toBe(before.get(file.path)?.hash);
      else expect(file.indexedAt).toBe(before.get(file.path)?.indexedAt);
    }
    const chunks = await store.listChunks(collection.id);
    expect(chunks.some((chunk) => chunk.text.includes('Gloop'))).toBe(true);
    expect(chunks.some((chunk) => chunk.text.includes('Bubbles'))).toBe(false);
  });

  it('keeps a touched file with the same content without re-embedding it', async () => {
    const store = await createStore();
    const collection = await storedCollection(store);
    await ingest(store, collection);
    const path = join(folder, 'lake-varnholm-station.md');
    await utimes(path, new Date(), new Date(Date.now() + 60_000));
    const progress = await ingest(store, collection);
    expect(progress).toMatchObject({ filesTotal: 1, filesDone: 1, chunksDone: 0 });
    const file = (await store.listFiles(collection.id)).find(
      (record) => record.path === 'lake-varnholm-station.md',
    );
    expect(file?.status).toBe('indexed');
  });

  it('resumes after a cancelled run with nothing lost and nothing duplicated', async () => {
    const store = await createStore();
    const collection = await storedCollection(store);
    const abort = new AbortController();
    await expect(
      ingest(store, collection, {
        signal: abort.signal,
        batchSize: 1,
        progressInterval: 0,
        onProgress: (progress) => {
          if (progress.filesDone >= 4) abort.abort();
        },
      }),
    ).rejects.toThrow();
    const partial = await store.listFiles(collection.id);
    expect(partial.length).toBeGreaterThan(0);
    expect(partial.length).toBeLessThan(14);

    const resumed = await ingest(store, collection);
    expect(resumed.filesTotal).toBe(14 - partial.length);
    const full = await store.listFiles(collection.id);
    expect(full).toHaveLength(14);
    const chunks = await store.listChunks(collection.id);
    expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(chunks.length);
    const vectors = await store.loadVectors(collection.id);
    expect(vectors.ids).toEqual(chunks.map((chunk) => chunk.id).sort());
  });

  it('waits while paused and finishes after resume', async () => {
    const store = await createStore();
    const collection = await storedCollection(store);
    const pause = new PauseController();
    const phases: string[] = [];
    let reachedPause!: () => void;
    const paused = new Promise<void>((resolve) => (reachedPause = resolve));
    let settled = false;
    pause.pause();
    const running = ingest(store, collection, {
      pause,
      progressInterval: 0,
      onProgress: (progress) => {
        phases.push(progress.phase);
        if (progress.phase === 'paused') reachedPause();
      },
    }).finally(() => (settled = true));
    await paused;
    expect(await store.listFiles(collection.id)).toHaveLength(0);
    expect(phases.at(-1)).toBe('paused');
    expect(settled).toBe(false);
    pause.resume();
    expect((await running).phase).toBe('done');
    expect(await store.listFiles(collection.id)).toHaveLength(14);
  });

  it('keeps the bytes of paged files only when asked, and drops them with the file', async () => {
    const pdfId = 'library/lighthouse-report.pdf';
    const plain = await createStore();
    await ingest(plain, await storedCollection(plain));
    expect(await plain.getOriginal(pdfId)).toBeUndefined();

    const store = await createStore();
    const collection = await storedCollection(store);
    await ingest(store, collection, { keepPagedOriginals: true });
    const bytes = new Uint8Array(await readFile(join(folder, 'lighthouse-report.pdf')));
    expect(await store.getOriginal(pdfId)).toEqual(bytes);
    expect(await store.getOriginal('library/lake-varnholm-station.md')).toBeUndefined();
    expect(await store.getOriginal('library/broken.pdf')).toBeUndefined();
    await unlink(join(folder, 'lighthouse-report.pdf'));
    await ingest(store, collection, { keepPagedOriginals: true });
    expect(await store.getOriginal(pdfId)).toBeUndefined();
  });

  it('parses files ahead, several at once, and commits them in order', async () => {
    const started: string[] = [];
    let inFlight = 0;
    let mostInFlight = 0;
    const slowParsers: DocumentParsers = {
      check: (path, size) => parsers.check(path, size),
      async parse(input) {
        started.push(input.path);
        inFlight += 1;
        mostInFlight = Math.max(mostInFlight, inFlight);
        // Finishes a turn later, so the next files' parses can start meanwhile.
        await new Promise((resolve) => setImmediate(resolve));
        try {
          return await parsers.parse(input);
        } finally {
          inFlight -= 1;
        }
      },
    };
    const store = await createStore();
    const written: string[][] = [];
    const writeFiles = store.writeFiles.bind(store);
    store.writeFiles = (writes) => {
      written.push(writes.map((write) => write.file.path));
      return writeFiles(writes);
    };
    const collection = await storedCollection(store);
    const progress = await ingest(store, collection, { parsers: slowParsers });
    expect(progress).toMatchObject({ phase: 'done', filesDone: 14 });
    expect(mostInFlight).toBeGreaterThan(1);
    // Every file, failures too, is written with its batch in the folder's order, and the small
    // files of the folder go in fewer writes than there are files.
    const files = await store.listFiles(collection.id);
    expect(files.filter((file) => file.status === 'indexed')).toHaveLength(10);
    const listed = (await new NodeFolderSource(folder).list()).map((file) => file.path);
    expect(written.flat()).toEqual(listed);
    expect(written.length).toBeLessThan(listed.length);
  });

  it("embeds the next batch while the last one's write commits, and waits for it at the end", async () => {
    const store = await createStore();
    const collection = await storedCollection(store);
    let embedCalls = 0;
    let releaseFirstWrite: () => void = () => undefined;
    const firstWriteReleased = new Promise<void>((resolve) => (releaseFirstWrite = resolve));
    const countingEmbedder: Embedder = {
      ...embedder,
      embed: (texts, options) => {
        embedCalls += 1;
        // The second batch is embedded while the first one's write is still held open.
        if (embedCalls === 2) releaseFirstWrite();
        return embedder.embed(texts, options);
      },
    };
    const writeFiles = store.writeFiles.bind(store);
    const embedCallsAtWrite: number[] = [];
    let writesLanded = 0;
    const landedAtWrite: number[] = [];
    store.writeFiles = async (writes) => {
      embedCallsAtWrite.push(embedCalls);
      landedAtWrite.push(writesLanded);
      if (embedCallsAtWrite.length === 1) await firstWriteReleased;
      await writeFiles(writes);
      writesLanded += 1;
    };
    const progress = await ingest(store, collection, { embedder: countingEmbedder, batchSize: 2 });
    expect(progress).toMatchObject({ phase: 'done', filesDone: 14 });
    expect(embedCallsAtWrite[0]).toBe(1);
    expect(embedCalls).toBeGreaterThan(2);
    // Each write starts after the one before it landed, and all landed before the run ended.
    expect(landedAtWrite).toEqual(landedAtWrite.map((_, index) => index));
    expect(writesLanded).toBe(embedCallsAtWrite.length);
    expect((await store.listFiles(collection.id)).length).toBe(14);
  });

  it("keeps the parser's warnings, OCR page count and last page with the file's record", async () => {
    const scanParser: Parser = {
      extensions: ['scan'],
      async parse() {
        const blocks = [
          { kind: 'paragraph' as const, text: 'Recognised words.', ocr: true, page: 1 },
          { kind: 'paragraph' as const, text: 'More words.', ocr: true, page: 3 },
        ];
        const text = blocks.map((block) => block.text).join('\n\n');
        return { text, blocks, warnings: ['page 2 was damaged'], ocrPages: 2 };
      },
    };
    await writeFile(join(folder, 'letter.scan'), 'image bytes');
    const store = await createStore();
    const collection = await storedCollection(store);
    await ingest(store, collection, {
      parsers: new ParserRegistry([...defaultParsers, scanParser]),
    });
    const files = await store.listFiles(collection.id);
    expect(files.find((file) => file.path === 'letter.scan')).toMatchObject({
      status: 'indexed',
      warnings: ['page 2 was damaged'],
      ocrPages: 2,
      pages: 3,
    });
    const plain = files.find((file) => file.path === 'sourdough-recipe.md');
    expect(plain?.status).toBe('indexed');
    expect(plain).not.toHaveProperty('warnings');
    expect(plain).not.toHaveProperty('ocrPages');
    expect(plain).not.toHaveProperty('pages');
  });
});

describe('searching an ingested folder', () => {
  /** The folder synced with a live index, and a second `LibrarySearch` that loads it from the store. */
  async function syncedThenReopened() {
    const store = new MemoryStore();
    const collection = await storedCollection(store);
    const live = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    await ingest(store, collection, { index: await live.open(collection.id) });
    const reopened = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    return { store, collection, live, reopened };
  }

  it('finds the passage that holds a fact, in every mode', async () => {
    const store = new MemoryStore();
    const collection = await storedCollection(store);
    const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    await ingest(store, collection, { index: await search.open(collection.id) });
    for (const mode of ['bm25', 'hybrid'] as const) {
      const { passages } = await search.search('How long is sediment core VH-7?', { mode, k: 3 });
      expect(passages[0]?.chunk.path).toBe('lake-varnholm-station.md');
      expect(passages[0]?.chunk.text).toContain('312');
    }
    const { passages } = await search.search('apple variety harvest orchard', {
      mode: 'dense',
      k: 3,
    });
    expect(passages.map((passage) => passage.chunk.path)).toContain('orchard-handbook.docx');
  });

  it('compacts the live keyword index at the end of a sync that changed something', async () => {
    const store = new MemoryStore();
    const collection = await storedCollection(store);
    const live = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    const index = await live.open(collection.id);
    const compact = vi.spyOn(index, 'compact');
    await ingest(store, collection, { index });
    expect(compact).toHaveBeenCalledTimes(1);
    await ingest(store, collection, { index });
    expect(compact).toHaveBeenCalledTimes(1);
    await writeFile(join(folder, 'added.md'), '# Added\n\nA note added after the first sync.');
    await ingest(store, collection, { index });
    expect(compact).toHaveBeenCalledTimes(2);
    const found = await live.search('note added after the first sync', { mode: 'bm25', k: 1 });
    expect(found.passages[0]?.chunk.path).toBe('added.md');
  });

  it('prepares a restored collection for its changes before the first, only when it changes', async () => {
    const { store, collection, reopened: restored } = await syncedThenReopened();
    const index = await restored.open(collection.id);
    const prepare = vi.spyOn(index, 'prepareChanges');
    const put = vi.spyOn(index, 'putFile');
    await ingest(store, collection, { index });
    expect(prepare).not.toHaveBeenCalled();
    await writeFile(join(folder, 'prepared.md'), '# Prepared\n\nA note added to a restored index.');
    await ingest(store, collection, { index });
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(put).toHaveBeenCalledTimes(1);
    expect(prepare.mock.invocationCallOrder[0]).toBeLessThan(put.mock.invocationCallOrder[0]!);
    const found = await restored.search('note added to a restored index', { mode: 'bm25', k: 1 });
    expect(found.passages[0]?.chunk.path).toBe('prepared.md');
  });

  it('builds the same search state from the store after a restart', async () => {
    const { live, reopened } = await syncedThenReopened();
    const query = 'How many visitors came, and who is the treasurer?';
    const expected = await live.search(query, { mode: 'hybrid', k: 5 });
    const actual = await reopened.search(query, { mode: 'hybrid', k: 5 });
    expect(actual.passages.map((passage) => passage.id)).toEqual(
      expected.passages.map((passage) => passage.id),
    );
    expect(actual.passages[0]?.chunk.page).toBe(2);
  });
});
