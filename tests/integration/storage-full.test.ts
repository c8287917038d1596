/**
 * A full disk in the middle of a sync, on the real adapters (Node folder source, the app's
 * parsers, the built-in embedder, the IndexedDB store on fake-indexeddb): the write that runs out
 * of space (QuotaExceededError) is rolled back whole, with every file of its batch, the batches
 * committed before it stay, nothing after it is half-written, and the sync ends with
 * `StorageFullError`. Once space is freed the next sync finishes the rest and the collection
 * matches a clean ingest of the folder.
 */
import { appendFile, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import 'fake-indexeddb/auto';
import { IDBFactory, IDBObjectStore } from 'fake-indexeddb';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { NodeFolderSource } from '../../src/adapters/source/node-folder-source.ts';
import { IdbStore } from '../../src/adapters/store/idb-store.ts';
import { newCollection } from '../../src/core/collection.ts';
import { runIngest } from '../../src/core/ingest/ingest-job.ts';
import type { Embedder } from '../../src/core/ports/embedder.ts';
import type { Store } from '../../src/core/ports/store.ts';
import type { Collection } from '../../src/core/types.ts';
import { createEmbedder } from '../../scripts/node-embedder.ts';
import { createNodeParsers } from '../../scripts/node-parsers.ts';
import {
  chunkKeys,
  noteName,
  noteText,
  SKIPPED_FILES,
  writeNotesFolder,
} from '../support/notes-folder.ts';

const NOTES = 12;
/** The changed file whose write runs out of space. */
const FULL_AT = noteName(6);
/** Chunks per batch: a few notes a write, so some writes land before the one that fails. */
const BATCH_CHUNKS = 4;
const parsers = createNodeParsers();
let embedder: Embedder;
let folder: string;

beforeAll(async () => {
  embedder = await createEmbedder();
});

beforeEach(async () => {
  folder = await mkdtemp(join(tmpdir(), 'archivist-storage-full-'));
  await writeNotesFolder(folder, NOTES);
});

afterEach(async () => {
  vi.restoreAllMocks();
  await rm(folder, { recursive: true, force: true });
});

function ingest(store: Store, collection: Collection) {
  const source = new NodeFolderSource(folder);
  return runIngest({ collection, source, store, embedder, parsers, batchSize: BATCH_CHUNKS });
}

/** The paths of each `writeFiles` call from now on, with whether it landed. */
function recordWrites(store: Store): { paths: string[]; landed: boolean }[] {
  const writes: { paths: string[]; landed: boolean }[] = [];
  const writeFiles = store.writeFiles.bind(store);
  store.writeFiles = async (batch) => {
    const entry = { paths: batch.map((write) => write.file.path), landed: false };
    writes.push(entry);
    await writeFiles(batch);
    entry.landed = true;
  };
  return writes;
}

/** Every `put` of `path`'s chunks fails as on a full disk. */
function fillDiskAt(path: string): void {
  const put = IDBObjectStore.prototype.put;
  vi.spyOn(IDBObjectStore.prototype, 'put').mockImplementation(function (
    this: IDBObjectStore,
    ...args: Parameters<IDBObjectStore['put']>
  ) {
    const row = args[0] as { chunks?: { path: string }[] };
    if (this.name === 'chunkGroups' && row.chunks?.[0]?.path === path) {
      throw new DOMException('The quota has been exceeded.', 'QuotaExceededError');
    }
    return put.apply(this, args);
  });
}

/** What is stored for the collection, checked for agreement between records, chunks and vectors. */
async function consistentState(store: Store, collectionId: string) {
  const [collection, files, chunks, vectors] = await Promise.all([
    store.getCollection(collectionId),
    store.listFiles(collectionId),
    store.listChunks(collectionId),
    store.loadVectors(collectionId),
  ]);
  const indexed = files.filter((file) => file.status === 'indexed');
  expect(collection).toMatchObject({ fileCount: indexed.length, chunkCount: chunks.length });
  expect(new Set(chunks.map((chunk) => chunk.id)).size).toBe(chunks.length);
  expect([...vectors.ids].sort()).toEqual(chunks.map((chunk) => chunk.id).sort());
  for (const file of indexed) {
    expect(chunks.filter((chunk) => chunk.fileId === file.id)).toHaveLength(file.chunkCount);
  }
  const fileIds = new Set(files.map((file) => file.id));
  expect(chunks.every((chunk) => fileIds.has(chunk.fileId))).toBe(true);
  /** The text of a file's stored chunks. */
  const textOf = (path: string): string =>
    chunks
      .filter((chunk) => chunk.path === path)
      .map((chunk) => chunk.text)
      .join(' ');
  return { files, chunks, textOf, paths: files.map((file) => file.path).sort() };
}

describe('a full disk during a sync', () => {
  it('rolls back the failing file, keeps the rest consistent, and finishes once space is freed', async () => {
    const store = await IdbStore.open('storage-full', { indexedDB: new IDBFactory() });
    const collection = newCollection('notes', 'notes', embedder);
    await store.putCollection(collection);
    await ingest(store, collection);
    const first = await consistentState(store, collection.id);
    expect(first.paths).toHaveLength(NOTES + SKIPPED_FILES);

    // Notes 3 to 9 change, 4 notes are added; the added ones are done first, then 3, 4, 5, 6…
    for (let index = 3; index <= 9; index += 1) {
      await appendFile(join(folder, noteName(index)), `\nLater edit of note ${index}.\n`);
    }
    for (let index = NOTES + 1; index <= NOTES + 4; index += 1) {
      await writeFile(join(folder, noteName(index)), noteText(index));
    }
    fillDiskAt(FULL_AT);
    const writes = recordWrites(store);
    await expect(ingest(store, collection)).rejects.toMatchObject({
      name: 'StorageFullError',
      message: expect.stringContaining('no storage space left for Archivist'),
    });
    vi.restoreAllMocks();

    // Writes landed in order until the one holding the failing file, which was the last.
    const failed = writes.at(-1)!;
    expect(failed).toMatchObject({ landed: false, paths: expect.arrayContaining([FULL_AT]) });
    const landed = writes.slice(0, -1);
    expect(landed.length).toBeGreaterThan(0);
    expect(landed.every((write) => write.landed)).toBe(true);
    const stopped = await consistentState(store, collection.id);
    const changed = [3, 4, 5, 6, 7, 8, 9].map(noteName);
    const added = [13, 14, 15, 16].map(noteName);
    for (const path of landed.flatMap((write) => write.paths)) {
      if (added.includes(path)) expect(stopped.paths).toContain(path);
      else expect(stopped.textOf(path)).toContain('Later edit of note');
    }
    // Every file of the failing batch and after it keeps its previous version (or is absent).
    const notLanded = [...changed, ...added].filter(
      (path) => !landed.some((write) => write.paths.includes(path)),
    );
    expect(notLanded).toEqual(expect.arrayContaining(failed.paths));
    for (const path of notLanded) {
      expect(stopped.files.find((file) => file.path === path)).toEqual(
        first.files.find((file) => file.path === path),
      );
    }

    const resumed = await ingest(store, collection);
    expect(resumed).toMatchObject({
      phase: 'done',
      filesTotal: notLanded.length,
      filesDone: notLanded.length,
    });
    const finished = await consistentState(store, collection.id);
    expect(finished.chunks.map((chunk) => `${chunk.path}#${chunk.ordinal}`).sort()).toEqual(
      await chunkKeys(folder),
    );
    expect(finished.textOf(FULL_AT)).toContain('Later edit of note 6');
  });
});
