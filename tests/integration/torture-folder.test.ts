/**
 * The ingest job over a generated folder of bad and awkward inputs
 * (scripts/fixtures/torture-folder.ts), with the real Node adapters: folder source, parsers
 * (pdf.js, mammoth), the built-in embedder and the in-memory store. A smaller configuration than `npm run bench -- torture` (2,000 small files
 * instead of 10,000; the same 200 MB text file over the 50 MB limit) keeps it to seconds.
 */
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeTortureFolder, type TortureManifest } from '../../scripts/fixtures/torture-folder.ts';
import {
  countingEmbedder,
  RecordingSource,
  trackPeakRss,
  type CountingEmbedder,
} from '../../scripts/bench/ingest-probes.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import { DEFAULT_MAX_FILE_BYTES } from '../../src/core/ingest/file-check.ts';
import type { IngestProgress } from '../../src/core/ingest/progress.ts';
import { DEFAULT_CHUNKING } from '../../src/core/retrieval/chunking.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import type { Chunk, Collection, FileRecord } from '../../src/core/types.ts';

const MB = 1024 * 1024;
const SMALL_FILES = 2_000;
const BIG_FILE_BYTES = 200 * MB;
/** Peak resident memory growth allowed during the ingest: reading the big file alone needs more. */
const RSS_GROWTH_LIMIT = 150 * MB;

let folder: string;
let manifest: TortureManifest;
let embedder: CountingEmbedder;
let source: RecordingSource;
let store: MemoryStore;
let search: LibrarySearch;
let collection: Collection;
let progress: IngestProgress;
let records: Map<string, FileRecord>;
let chunksByPath: Map<string, Chunk[]>;
let rssBefore: number;
let rssPeak: number;
let seconds: number;

beforeAll(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archivist-torture-'));
  manifest = await writeTortureFolder(folder, {
    smallFiles: SMALL_FILES,
    bigFileBytes: BIG_FILE_BYTES,
  });
  const builtIn = await createEmbedder();
  embedder = countingEmbedder(builtIn);
  const parsers = createNodeParsers();
  // Load pdf.js, mammoth and the embedder's runtime first: only the ingest itself is measured.
  for (const path of ['pdf/valid.pdf', 'office/minutes.docx']) {
    const bytes = new Uint8Array(await readFile(join(folder, path)));
    await builtIn.embed([(await parsers.parse({ path, bytes })).text]);
  }
  store = new MemoryStore();
  search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
  collection = newCollection('torture', 'torture', embedder, 0);
  await store.putCollection(collection);
  source = new RecordingSource(new NodeFolderSource(folder));
  global.gc?.();
  rssBefore = process.memoryUsage.rss();
  const stopTracking = trackPeakRss();
  const started = performance.now();
  progress = await runIngest({
    collection,
    source,
    store,
    embedder,
    parsers,
    index: await search.open(collection.id),
  });
  seconds = (performance.now() - started) / 1000;
  rssPeak = stopTracking();
  records = new Map((await store.listFiles(collection.id)).map((file) => [file.path, file]));
  chunksByPath = new Map();
  for (const chunk of await store.listChunks(collection.id)) {
    chunksByPath.set(chunk.path, [...(chunksByPath.get(chunk.path) ?? []), chunk]);
  }
  console.info(
    `torture folder: ${manifest.files.length} files, ${progress.chunksDone} chunks, ` +
      `${progress.filesSkipped} skipped, ${progress.filesFailed} failed, ` +
      `${embedder.texts.length} texts embedded, ${seconds.toFixed(1)} s, ` +
      `RSS growth ${((rssPeak - rssBefore) / MB).toFixed(0)} MB`,
  );
}, 180_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('ingesting the torture folder', () => {
  it('keeps the big file over the size limit', () => {
    expect(BIG_FILE_BYTES).toBeGreaterThan(DEFAULT_MAX_FILE_BYTES);
    expect(manifest.files.filter((file) => file.kind === 'small-text')).toHaveLength(SMALL_FILES);
  });

  it('visits every file once and finishes', () => {
    expect(progress).toMatchObject({
      phase: 'done',
      filesTotal: manifest.files.length,
      filesDone: manifest.files.length,
    });
    expect([...records.keys()].sort()).toEqual(manifest.files.map((file) => file.path));
  });

  it('indexes every good file with at least one chunk that holds its text', () => {
    const good = manifest.files.filter((file) => file.expected === 'indexed');
    for (const file of good) {
      const record = records.get(file.path);
      const chunks = chunksByPath.get(file.path) ?? [];
      expect(record, file.path).toMatchObject({ status: 'indexed' });
      expect(record?.error, file.path).toBeUndefined();
      expect(chunks.length, file.path).toBeGreaterThan(0);
      expect(record?.chunkCount, file.path).toBe(chunks.length);
      if (file.contains) {
        expect(
          chunks.some((chunk) => chunk.text.includes(file.contains!)),
          `${file.path} contains "${file.contains}"`,
        ).toBe(true);
      }
    }
    const chunkCount = [...chunksByPath.values()].reduce((sum, list) => sum + list.length, 0);
    expect(chunkCount).toBe(progress.chunksDone);
    expect(good.length).toBe(manifest.files.length - progress.filesSkipped - progress.filesFailed);
  });

  it('lists every bad file with its reason, and nothing else', () => {
    const bad = manifest.files.filter((file) => file.expected !== 'indexed');
    const actual = Object.fromEntries(
      [...records.values()]
        .filter((record) => record.status !== 'indexed')
        .map((record) => [record.path, `${record.status} ${record.error?.name}`]),
    );
    expect(actual).toEqual(
      Object.fromEntries(bad.map((file) => [file.path, `${file.expected} ${file.error}`])),
    );
    for (const file of bad) {
      const record = records.get(file.path)!;
      expect(record.error?.message).toContain(file.path);
      expect(record.error!.message.length).toBeGreaterThan(file.path.length + 20);
      expect(record.chunkCount).toBe(0);
    }
    const message = (path: string): string => records.get(path)?.error?.message ?? '';
    expect(message('pdf/encrypted.pdf')).toMatch(/password-protected.*sync again/);
    expect(message('office/locked.docx')).toMatch(/password-protected/);
    expect(message('pdf/truncated.pdf')).toMatch(/ends early/);
    expect(message('pdf/scan-no-text.pdf')).toMatch(/no text layer/);
    expect(message('text/empty.txt')).toMatch(/0 bytes/);
    expect(message('text/random-bytes.txt')).toMatch(/NUL bytes/);
    expect(message('text/control-characters.txt')).toMatch(/\d+% control characters/);
    expect(message('big/huge.txt')).toMatch(/200 MB, over the 50 MB limit/);
  });

  it('decodes encodings and drops markup', () => {
    const text = (path: string): string =>
      (chunksByPath.get(path) ?? []).map((chunk) => chunk.text).join('\n');
    expect(text('text/invalid-utf8.md')).toContain('\uFFFD');
    expect(text('text/utf16le-bom.txt')).toBe(text('text/utf16be-bom.txt'));
    expect(text('text/utf16le-no-bom.txt')).toBe(text('text/utf16le-bom.txt'));
    expect(text('text/utf8-bom.txt')).toBe(text('text/utf16le-bom.txt'));
    expect(text('web/scripts.html')).not.toContain('SCRIPTBODY');
    for (const chunks of chunksByPath.values()) {
      for (const chunk of chunks) {
        expect(chunk.text.includes('\uFEFF') || chunk.text.includes('\u0000')).toBe(false);
      }
    }
  });

  it('cuts very long lines into chunks within the size limit', () => {
    for (const path of ['text/long-line.txt', 'text/long-line-no-spaces.txt']) {
      const chunks = chunksByPath.get(path) ?? [];
      expect(chunks.length).toBeGreaterThan(500);
      for (const chunk of chunks) {
        expect(chunk.text.length).toBeLessThanOrEqual(DEFAULT_CHUNKING.maxChars);
      }
    }
  });

  it('never reads the file over the size limit, and memory stays bounded', () => {
    const big = manifest.files.find((file) => file.kind === 'big-text')!;
    expect(source.reads.has(big.path)).toBe(false);
    // Nor an empty file or one of an unknown type.
    expect(source.reads.has('text/empty.txt')).toBe(false);
    expect(source.reads.has('misc/program.exe')).toBe(false);
    // Every file under the limit was read exactly once, whole.
    for (const file of manifest.files) {
      if (file.kind === 'big-text' || file.error === 'UnsupportedFileError') continue;
      if (file.error === 'EmptyFileError' && file.bytes === 0) continue;
      expect(source.reads.get(file.path), file.path).toBe(file.bytes);
    }
    // Holding the big file's bytes alone would take 200 MB; the whole ingest stays below 150 MB.
    expect(RSS_GROWTH_LIMIT).toBeLessThan(BIG_FILE_BYTES);
    expect(rssPeak - rssBefore).toBeLessThan(RSS_GROWTH_LIMIT);
  });

  it('indexes both names of a duplicate, embedding its text once', async () => {
    const [first, second] = ['dupes/orchard-notes.txt', 'dupes/copy of orchard-notes.txt'];
    expect(records.get(first)?.hash).toBe(records.get(second)?.hash);
    const text = chunksByPath.get(first)![0]!.text;
    expect(chunksByPath.get(second)![0]!.text).toBe(text);
    expect(embedder.texts.filter((embedded) => embedded === text)).toHaveLength(1);
    // A copy thousands of files away, in another embedding batch, is not embedded again either.
    const far = chunksByPath.get('backup/note-0.txt')![0]!.text;
    expect(
      chunksByPath.get(
        manifest.files.find((file) => file.contains === 'code N0Q' && file.kind === 'small-text')!
          .path,
      )![0]!.text,
    ).toBe(far);
    expect(embedder.texts.filter((embedded) => embedded === far)).toHaveLength(1);
    for (const mode of ['bm25', 'hybrid'] as const) {
      const { passages } = await search.search(
        'How many pear trees did the Tollan orchard plant?',
        {
          mode,
          k: 5,
        },
      );
      const paths = passages.slice(0, 2).map((passage) => passage.chunk.path);
      expect(paths.sort(), mode).toEqual([second, first]);
    }
  });

  it('re-embeds nothing when the unchanged folder is synced again', async () => {
    const embeddedBefore = embedder.texts.length;
    const readBefore = source.bytesRead();
    const again = await runIngest({
      collection,
      source,
      store,
      embedder,
      parsers: createNodeParsers(),
    });
    expect(again).toMatchObject({
      phase: 'done',
      filesTotal: 0,
      filesUnchanged: manifest.files.length,
      chunksDone: 0,
    });
    expect(embedder.texts.length).toBe(embeddedBefore);
    expect(source.bytesRead()).toBe(readBefore);
    const after = await store.listFiles(collection.id);
    expect(after.map((file) => [file.path, file.status, file.error?.name])).toEqual(
      [...records.values()].map((file) => [file.path, file.status, file.error?.name]),
    );
  });
});
