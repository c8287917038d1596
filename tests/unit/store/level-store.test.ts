import { mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { serialize } from 'node:v8';
import { ClassicLevel } from 'classic-level';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { BLOB_THRESHOLD_BYTES } from '../../../src/adapters/store/level-blobs.ts';
import { LevelStore } from '../../../src/adapters/store/level-store.ts';
import {
  compositeKey,
  prefixRange,
  levelStorageError,
} from '../../../src/adapters/store/level-tables.ts';
import { StoreInUseError } from '../../../src/adapters/store/store-in-use-error.ts';
import { StorageFullError } from '../../../src/core/errors.ts';
import { makeCollection, makeWrite } from '../../contracts/store-fixtures.ts';

describe('LevelStore', () => {
  let directory: string;
  let store: LevelStore | undefined;

  beforeEach(async () => {
    directory = await mkdtemp(join(tmpdir(), 'archivist-level-'));
  });

  afterEach(async () => {
    await store?.close();
    store = undefined;
    await rm(directory, { recursive: true, force: true });
  });

  it('keeps everything across a close and a reopen, and its segment sequences go on rising', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const first = makeWrite('a', 'one.md', { chunkCount: 3 });
    await store.writeFiles([first]);
    await store.putSetting('theme', { dark: true });
    await store.close();

    store = await LevelStore.open(directory);
    expect(await store.getCollection('a')).toMatchObject({ fileCount: 1, chunkCount: 3 });
    expect(await store.listChunks('a')).toEqual(first.chunks);
    expect(await store.getSetting('theme')).toEqual({ dark: true });
    await store.writeFiles([makeWrite('a', 'two.md')]);
    const sequences = (await store.loadKeywords('a')).segments.map((segment) => segment.sequence);
    expect(sequences).toHaveLength(2);
    expect(sequences[1]).toBeGreaterThan(sequences[0]!);
  });

  it('counts writes that were started together, one after the other', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    await Promise.all([
      store.writeFiles([makeWrite('a', 'one.md', { chunkCount: 2 })]),
      store.writeFiles([makeWrite('a', 'two.md', { chunkCount: 5 })]),
      store.deleteFiles('a', ['a/one.md']),
    ]);
    expect(await store.getCollection('a')).toMatchObject({ fileCount: 1, chunkCount: 5 });
  });

  it('goes on writing after a refused write', async () => {
    store = await LevelStore.open(directory);
    await expect(store.writeFiles([makeWrite('missing', 'one.md')])).rejects.toThrow();
    await store.putCollection(makeCollection('a'));
    await store.writeFiles([makeWrite('a', 'one.md')]);
    expect(await store.listFiles('a')).toHaveLength(1);
  });

  it('keeps large rows in blob files, deleting each once no row points at it', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const blobs = () => readdir(join(directory, 'blobs'));
    const large = new Uint8Array(BLOB_THRESHOLD_BYTES * 2).map((_, at) => at % 251);
    await store.writeFiles([{ ...makeWrite('a', 'one.pdf'), original: large }]);
    expect(await blobs()).toHaveLength(1);
    expect(await store.getOriginal('a/one.pdf')).toEqual(large);

    const reading = store.listChunks('a');
    await store.writeFiles([
      { ...makeWrite('a', 'one.pdf'), original: large.map((byte) => 255 - byte) },
    ]);
    await reading;
    expect(await blobs()).toHaveLength(1);
    expect((await store.getOriginal('a/one.pdf'))?.[0]).toBe(255);

    await store.deleteFiles('a', ['a/one.pdf']);
    expect(await blobs()).toEqual([]);
  });

  it('lets a blob file go when its row is replaced by a small one, and keeps those in use on open', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const blobs = () => readdir(join(directory, 'blobs'));
    const large = new Uint8Array(BLOB_THRESHOLD_BYTES * 2).fill(3);
    await store.writeFiles([
      { ...makeWrite('a', 'one.pdf'), original: large },
      { ...makeWrite('a', 'two.pdf'), original: large },
    ]);
    expect(await blobs()).toHaveLength(2);
    await store.writeFiles([{ ...makeWrite('a', 'one.pdf'), original: new Uint8Array([1, 2]) }]);
    expect(await blobs()).toHaveLength(1);
    await store.close();

    store = await LevelStore.open(directory);
    expect(await blobs()).toHaveLength(1);
    expect(await store.getOriginal('a/two.pdf')).toEqual(large);
    expect(await store.getOriginal('a/one.pdf')).toEqual(new Uint8Array([1, 2]));
  });

  it('keeps the blob files of a database that listed them by name alone', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const large = new Uint8Array(BLOB_THRESHOLD_BYTES * 2).fill(5);
    await store.writeFiles([{ ...makeWrite('a', 'one.pdf'), original: large }]);
    await store.close();
    const database = new ClassicLevel<string, Uint8Array>(join(directory, 'leveldb'), {
      valueEncoding: 'view',
    });
    const listed = database.sublevel<string, Uint8Array>('blobs', { valueEncoding: 'view' });
    const [entry] = await listed.iterator().all();
    const [row, name] = entry!;
    await listed.batch([
      { type: 'del', key: row },
      { type: 'put', key: new TextDecoder().decode(name), value: new Uint8Array(0) },
    ]);
    await database.close();

    store = await LevelStore.open(directory);
    expect(await store.getOriginal('a/one.pdf')).toEqual(large);
  });

  it('keeps vector codes as one value of bytes, and still reads a record of arrays from before', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const rows = 5000;
    const codes = {
      collectionId: 'a',
      generation: 2,
      format: 'int8-flat-1',
      rowBytes: 16,
      dim: 4,
      chunkCount: rows,
      ids: Array.from({ length: rows }, (_, row) => `a/notes-${row}.md#0`),
      codes: Int8Array.from({ length: rows * 16 }, (_, at) => (at % 251) - 125),
      scales: Float32Array.from({ length: rows }, (_, row) => row / 7),
      floats: Float32Array.from({ length: rows * 4 }, (_, at) => at / 3),
    };
    await store.putVectorCodes(codes);
    expect(await store.getVectorCodes('a')).toEqual(codes);
    await store.close();

    const database = new ClassicLevel<string, Uint8Array>(join(directory, 'leveldb'), {
      valueEncoding: 'view',
    });
    const table = (name: string) =>
      database.sublevel<string, Uint8Array>(name, { keyEncoding: 'utf8', valueEncoding: 'view' });
    expect(await table('vectorCodeBytes').get('a')).toBeDefined();
    expect(await table('vectorCodeFloats').get('a')).toBeDefined();
    const before = { ...codes, generation: 1 };
    await table('vectorCodes').put('a', serialize(before));
    await table('vectorCodeBytes').del('a');
    await table('vectorCodeFloats').del('a');
    await database.close();
    store = await LevelStore.open(directory);
    expect(await store.getVectorCodes('a')).toEqual(before);
  });

  it('writes a large Uint8Array to its blob file as it is, and any other large row encoded', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const large = new Uint8Array(BLOB_THRESHOLD_BYTES + 5).map((_, at) => at % 13);
    await store.writeFiles([{ ...makeWrite('a', 'one.pdf'), original: large }]);
    const [name] = await readdir(join(directory, 'blobs'));
    expect(new Uint8Array(await readFile(join(directory, 'blobs', name!)))).toEqual(large);
    const setting = { words: 'word '.repeat(BLOB_THRESHOLD_BYTES / 4) };
    await store.putSetting('long', setting);
    expect(await readdir(join(directory, 'blobs'))).toHaveLength(2);
    await store.close();

    store = await LevelStore.open(directory);
    const original = await store.getOriginal('a/one.pdf');
    expect(original).toBeInstanceOf(Uint8Array);
    expect(original).toEqual(large);
    expect(await store.getSetting('long')).toEqual(setting);

    const parts = [large.subarray(0, 3), large.subarray(3)];
    await store.replaceKeywordBase('a', { base: parts, generation: 0, merged: [] });
    const stored = (await store.loadKeywords('a')).base!;
    expect(stored).toEqual(large);
    const files = await readdir(join(directory, 'blobs'));
    const contents = await Promise.all(
      files.map(async (file) => new Uint8Array(await readFile(join(directory, 'blobs', file)))),
    );
    expect(contents.filter((bytes) => bytes.length === large.length)).toEqual([large, large]);
  });

  it('keeps a blob file while a read from before its row changed is under way', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const base = new Uint8Array(BLOB_THRESHOLD_BYTES * 2).fill(7);
    const replacement = { base: [base], generation: 0, merged: [] };
    await store.replaceKeywordBase('a', replacement);
    const [loaded] = await Promise.all([
      store.loadKeywords('a'),
      store.replaceKeywordBase('a', { ...replacement, base: [base.map(() => 9)], generation: 1 }),
    ]);
    expect(loaded.base).toEqual(base);
    expect((await store.loadKeywords('a')).base?.[0]).toBe(9);
    expect(await readdir(join(directory, 'blobs'))).toHaveLength(1);
  });

  it('deletes blob files no row points at when it opens (a write cut short)', async () => {
    store = await LevelStore.open(directory);
    await store.putCollection(makeCollection('a'));
    const large = new Uint8Array(BLOB_THRESHOLD_BYTES + 1);
    await store.writeFiles([{ ...makeWrite('a', 'one.pdf'), original: large }]);
    await store.close();
    await writeFile(join(directory, 'blobs', 'left-by-a-crash.bin'), large);

    store = await LevelStore.open(directory);
    expect(await readdir(join(directory, 'blobs'))).toHaveLength(1);
    expect(await store.getOriginal('a/one.pdf')).toEqual(large);
  });

  it('says so when another opener holds the folder', async () => {
    store = await LevelStore.open(directory);
    const opening = LevelStore.open(directory);
    await expect(opening).rejects.toBeInstanceOf(StoreInUseError);
    await expect(opening).rejects.toThrow(directory);
  });
});

describe('level tables', () => {
  it('keeps a range of one owner’s keys from taking in another’s', () => {
    const range = prefixRange('a');
    const inRange = (key: string) => key >= range.gte && key < range.lt;
    expect(inRange(compositeKey('a', 'a/one.md'))).toBe(true);
    expect(inRange(compositeKey('a', 12))).toBe(true);
    expect(inRange(compositeKey('ab', 'x'))).toBe(false);
    expect(inRange(compositeKey('a",', 'x'))).toBe(false);
    expect(inRange(compositeKey('a\u0000', 'x'))).toBe(false);
  });

  it('reports a full disk as StorageFullError and passes other errors on', () => {
    const full = new Error('Batch failed', {
      cause: new Error('IO error: /tmp/db/000012.log: No space left on device'),
    });
    expect(levelStorageError(full)).toBeInstanceOf(StorageFullError);
    const other = new Error('Corruption: bad block');
    expect(levelStorageError(other)).toBe(other);
  });
});
