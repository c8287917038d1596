import { mkdir, mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { writeTortureFolder, type TortureFile } from '../fixtures/torture-folder.ts';
import { createEmbedder } from '../node-embedder.ts';
import { createNodeParsers } from '../node-parsers.ts';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { MemoryStore } from '../../src/adapters/store/memory-store.ts';
import { chooseVectorIndex } from '../../src/adapters/vector/index.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { ParserRegistry } from '../../src/core/ingest/parser-registry.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import { LibrarySearch } from '../../src/core/retrieval/library-search.ts';
import type { FileRecord } from '../../src/core/types.ts';
import { countingEmbedder, RecordingSource, trackPeakRss } from './ingest-probes.ts';
import { settleMemory } from './settle-memory.ts';
import { rounded } from './timing.ts';

const MB = 1024 * 1024;

/**
 * `bench torture [--small-files N] [--big-mb M] [--near-limit-mb L] [--dir DIR]`: generates the
 * torture folder (scripts/fixtures/torture-folder.ts; 10,000 small files and a 200 MB text file by
 * default) and ingests it with the real Node adapters into the in-memory store, then syncs it again
 * unchanged. Reports files and chunks, the outcome of every file by reason, files whose outcome
 * differs from the manifest, time, resident memory (the parsers' libraries are loaded first and
 * reported apart; peak during the ingest, and what is still held after it) and what the second
 * sync did. The folder is generated
 * into DIR (which must be empty or absent) or a temporary folder, and removed afterwards.
 */
export async function runTortureBench(args: string[]): Promise<Record<string, unknown>> {
  const { values } = parseArgs({
    args,
    options: {
      'small-files': { type: 'string' },
      'big-mb': { type: 'string' },
      'near-limit-mb': { type: 'string' },
      dir: { type: 'string' },
    },
  });
  const smallFiles = count(values['small-files'], 10_000, '--small-files');
  const bigFileBytes = count(values['big-mb'], 200, '--big-mb') * MB;
  const nearLimitBytes = count(values['near-limit-mb'], 0, '--near-limit-mb') * MB;
  const folder = await emptyFolder(values.dir);
  try {
    const generateStarted = performance.now();
    const manifest = await writeTortureFolder(folder, { smallFiles, bigFileBytes, nearLimitBytes });
    const generateSeconds = (performance.now() - generateStarted) / 1000;

    const embedder = countingEmbedder(await createEmbedder());
    const store = new MemoryStore();
    const search = new LibrarySearch(store, async () => embedder, chooseVectorIndex);
    const collection = newCollection('torture', 'torture', embedder, 0);
    await store.putCollection(collection);
    const source = new RecordingSource(new NodeFolderSource(folder));
    const parsers = createNodeParsers();

    // pdf.js, mammoth and the embedder's runtime are loaded first and measured on their own.
    await settleMemory();
    const rssStart = process.memoryUsage.rss();
    await warmUp(folder, parsers, embedder);
    await settleMemory();
    const rssBefore = process.memoryUsage.rss();
    const embeddedBefore = embedder.texts.length;
    const stopTracking = trackPeakRss();
    const started = performance.now();
    const progress = await runIngest({
      collection,
      source,
      store,
      embedder,
      parsers,
      index: await search.open(collection.id),
    });
    const seconds = (performance.now() - started) / 1000;
    const peakRss = stopTracking();
    await settleMemory();
    const rssAfter = process.memoryUsage.rss();

    const records = await store.listFiles(collection.id);
    const storedChunks = await storedChunkIds(store, collection.id);
    const embedded = embedder.texts.length - embeddedBefore;
    const readBefore = source.bytesRead();
    const resyncStarted = performance.now();
    const resync = await runIngest({ collection, source, store, embedder, parsers });
    const resyncSeconds = (performance.now() - resyncStarted) / 1000;
    const resyncChunks = await storedChunkIds(store, collection.id);
    const indexedPaths = new Set(
      records
        .filter((record) => record.status === 'indexed' && record.chunkCount > 0)
        .map((record) => record.path),
    );

    const oversized = manifest.files.filter((file) => file.error === 'FileTooLargeError');
    return {
      files: manifest.files.length,
      folderMb: rounded(manifest.bytes / MB, 1),
      generateSeconds: rounded(generateSeconds, 2),
      indexed: records.filter((record) => record.status === 'indexed').length,
      chunks: progress.chunksDone,
      textsEmbedded: embedded,
      skipped: byReason(records, 'skipped'),
      failed: byReason(records, 'failed'),
      lostFiles: manifest.files.filter(
        (file) => file.expected === 'indexed' && !indexedPaths.has(file.path),
      ).length,
      storedChunks: storedChunks.total,
      distinctChunkIds: storedChunks.distinct,
      unexpected: mismatches(manifest.files, records),
      kinds: outcomesByKind(manifest.files, records),
      seconds: rounded(seconds, 2),
      chunksPerSecond: Math.round(progress.chunksDone / seconds),
      warmUpRssMb: Math.round((rssBefore - rssStart) / MB),
      rssBeforeMb: Math.round(rssBefore / MB),
      peakRssMb: Math.round(peakRss / MB),
      peakRssGrowthMb: Math.round((peakRss - rssBefore) / MB),
      retainedRssGrowthMb: Math.round((rssAfter - rssBefore) / MB),
      bytesRead: source.bytesRead(),
      oversizedBytesRead: oversized.reduce(
        (sum, file) => sum + (source.reads.get(file.path) ?? 0),
        0,
      ),
      resyncSeconds: rounded(resyncSeconds, 2),
      resyncFilesTotal: resync.filesTotal,
      resyncStoredChunks: resyncChunks.total,
      resyncTextsEmbedded: embedder.texts.length - embeddedBefore - embedded,
      resyncBytesRead: source.bytesRead() - readBefore,
      embedder: embedder.id,
    };
  } finally {
    await rm(folder, { recursive: true, force: true });
  }
}

/** Parses the folder's good PDF and Word file once, and embeds a text, outside the measurement. */
async function warmUp(folder: string, parsers: ParserRegistry, embedder: Embedder): Promise<void> {
  for (const path of ['pdf/valid.pdf', 'office/minutes.docx']) {
    const bytes = new Uint8Array(await readFile(join(folder, path)));
    await embedder.embed([(await parsers.parse({ path, bytes })).text]);
  }
}

/** The chunks in the store, and how many distinct ids they have. */
async function storedChunkIds(
  store: MemoryStore,
  collectionId: string,
): Promise<{ total: number; distinct: number }> {
  const chunks = await store.listChunks(collectionId);
  return { total: chunks.length, distinct: new Set(chunks.map((chunk) => chunk.id)).size };
}

function count(value: string | undefined, fallback: number, name: string): number {
  if (value === undefined) return fallback;
  const number = Number(value);
  if (!Number.isInteger(number) || number < 0) throw new Error(`${name} must be a whole number.`);
  return number;
}

async function emptyFolder(dir: string | undefined): Promise<string> {
  if (dir === undefined) return mkdtemp(join(tmpdir(), 'archivist-torture-'));
  await mkdir(dir, { recursive: true });
  if ((await readdir(dir)).length > 0) throw new Error(`--dir ${dir} is not empty.`);
  return dir;
}

/** `{ ErrorName: count }` of the files with this status. */
function byReason(
  records: readonly FileRecord[],
  status: 'skipped' | 'failed',
): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const record of records) {
    if (record.status !== status) continue;
    const name = record.error?.name ?? 'unknown';
    counts[name] = (counts[name] ?? 0) + 1;
  }
  return counts;
}

/** `path: expected -> actual` for every file whose outcome is not the manifest's. */
function mismatches(files: readonly TortureFile[], records: readonly FileRecord[]): string[] {
  const byPath = new Map(records.map((record) => [record.path, record]));
  const found: string[] = [];
  for (const file of files) {
    const record = byPath.get(file.path);
    const expected = `${file.expected}${file.error ? ` ${file.error}` : ''}`;
    const actual = record
      ? `${record.status}${record.error ? ` ${record.error.name}` : ''}`
      : 'missing';
    const empty = record?.status === 'indexed' && record.chunkCount === 0;
    if (actual !== expected || empty) found.push(`${file.path}: ${expected} -> ${actual}`);
  }
  return found;
}

/** Per kind of file: how many, what became of them, and their chunks (e.g. "2 indexed, 2 chunks"). */
function outcomesByKind(
  files: readonly TortureFile[],
  records: readonly FileRecord[],
): Record<string, string> {
  const byPath = new Map(records.map((record) => [record.path, record]));
  const kinds = new Map<string, { outcomes: Map<string, number>; chunks: number }>();
  for (const file of files) {
    const record = byPath.get(file.path);
    const outcome = record
      ? `${record.status}${record.error ? ` ${record.error.name}` : ''}`
      : 'missing';
    const kind = kinds.get(file.kind) ?? { outcomes: new Map<string, number>(), chunks: 0 };
    kind.outcomes.set(outcome, (kind.outcomes.get(outcome) ?? 0) + 1);
    kind.chunks += record?.chunkCount ?? 0;
    kinds.set(file.kind, kind);
  }
  return Object.fromEntries(
    [...kinds].map(([kind, { outcomes, chunks }]) => [
      kind,
      [...[...outcomes].map(([outcome, n]) => `${n} ${outcome}`), `${chunks} chunks`].join(', '),
    ]),
  );
}
